/** The one place the CSV Template Analyzer's query keys are built. */
export const csvScanKeys = {
  all: ['csv-scans'] as const,
  active: () => [...csvScanKeys.all, 'active'] as const,
  history: () => [...csvScanKeys.all, 'history'] as const,
  status: (scanId: string) => [...csvScanKeys.all, 'status', scanId] as const,
  queuePosition: (scanId: string) => [...csvScanKeys.all, 'queue-position', scanId] as const,
};

/** SPEC §9: active scans, history and queue positions every 10 s; each scan's status every 2 s. */
export const LIST_POLL_MS = 10_000;
export const STATUS_POLL_MS = 2_000;
