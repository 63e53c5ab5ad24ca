/** SPEC §9: active scans, history and queue positions every 10 s; each scan's status every 2 s. */
export const LIST_POLL_MS = 10_000;
export const STATUS_POLL_MS = 2_000;
