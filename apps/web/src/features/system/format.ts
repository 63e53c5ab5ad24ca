/** 1536 → "1.5 KB"; bytes in powers of 1024, one decimal from KB on. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${Math.round(value)} B` : `${value.toFixed(1)} ${units[unit]}`;
}

/** A span of seconds in words: "45 s", "3 min 5 s", "2 h 10 min", "3 d 4 h". */
export function formatSpan(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h${Math.floor((s % 3600) / 60) ? ` ${Math.floor((s % 3600) / 60)} min` : ''}`;
  return `${Math.floor(s / 86_400)} d${Math.floor((s % 86_400) / 3600) ? ` ${Math.floor((s % 86_400) / 3600)} h` : ''}`;
}

/** How long ago an instant was, from `nowMs`: "12 s ago"; a future instant reads "in 12 s". */
export function ago(iso: string, nowMs: number): string {
  const seconds = (nowMs - Date.parse(iso)) / 1000;
  return seconds >= 0 ? `${formatSpan(seconds)} ago` : `in ${formatSpan(-seconds)}`;
}
