/** Deterministic pseudo-randomness for the demo catalogue: every value is a pure function of its labels. */

/** 32-bit FNV-1a over the joined labels, then a murmur-style finalizer for better low bits. */
export function hash(...parts: Array<string | number>): number {
  let h = 0x811c9dc5;
  const text = parts.join('\u0001');
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Uniform in [0, 1). */
export function unit(...parts: Array<string | number>): number {
  return hash(...parts) / 4294967296;
}

/** Integer in [min, max]. */
export function between(min: number, max: number, ...parts: Array<string | number>): number {
  return min + Math.floor(unit(...parts) * (max - min + 1));
}

export function pick<T>(items: readonly T[], ...parts: Array<string | number>): T {
  return items[Math.floor(unit(...parts) * items.length)]!;
}
