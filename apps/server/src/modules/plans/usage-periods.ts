/** Usage periods (UTC): EAN uploads count per calendar month, brand checks per day. Values are `YYYY-MM-DD`. */
export function monthPeriod(now: Date): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

export function dayPeriod(now: Date): string {
  return now.toISOString().slice(0, 10);
}
