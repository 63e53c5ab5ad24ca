import { describe, expect, it } from 'vitest';
import { LAST_SUPPLIER_SCAN_KEY, readLastScanId, writeLastScanId } from './last-scan.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
    removeItem: (k: string) => void values.delete(k),
  };
}

describe('the last supplier scan survives a reload', () => {
  it('remembers the scan id and forgets it when the panel is closed', () => {
    const storage = memoryStorage();
    writeLastScanId(storage, '3f1c2a9e-5b7d-4e1f-9a0b-1c2d3e4f5a6b');
    expect(readLastScanId(storage)).toBe('3f1c2a9e-5b7d-4e1f-9a0b-1c2d3e4f5a6b');
    writeLastScanId(storage, null);
    expect(readLastScanId(storage)).toBeNull();
  });
  it('ignores a stored value that is not an id', () => {
    const storage = memoryStorage();
    storage.setItem(LAST_SUPPLIER_SCAN_KEY, '../../admin');
    expect(readLastScanId(storage)).toBeNull();
    expect(readLastScanId(undefined)).toBeNull();
  });
});
