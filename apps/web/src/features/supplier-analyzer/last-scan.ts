/**
 * The supplier scan shown last, remembered in local storage so its report (rows not used, line numbers, reasons) is
 * shown again after a reload until the user closes it or the scan is removed (24 h after completion).
 */
export const LAST_SUPPLIER_SCAN_KEY = 'supplierAnalyzer.lastScan';

export function readLastScanId(storage: Pick<Storage, 'getItem'> | undefined): string | null {
  try {
    const id = storage?.getItem(LAST_SUPPLIER_SCAN_KEY) ?? null;
    return id && /^[\w-]{1,100}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

export function writeLastScanId(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, scanId: string | null): void {
  try {
    if (scanId) storage?.setItem(LAST_SUPPLIER_SCAN_KEY, scanId);
    else storage?.removeItem(LAST_SUPPLIER_SCAN_KEY);
  } catch {
    /* private mode or full storage: the report is simply not shown again after a reload */
  }
}
