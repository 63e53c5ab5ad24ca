/** Business constants of SPEC §9. */
export const PAGE_SIZE = 100;
export const DEFAULT_REQUEST_TIMEOUT_MS = 30000;
/** Requests that move a whole file (an upload up to 50 MB, a result or report download): three minutes. */
export const FILE_TRANSFER_TIMEOUT_MS = 180000;
export const PASSWORD_MIN_LENGTH = 8;
export const CONFIRM_PASSWORD_REDIRECT_MS = 3000;
export const REFERRAL_LIFETIME_MS = 7776000000;
export const SUPPLIER_CSV_MAX_BYTES = 52428800;
export const CSV_TEMPLATE_MAX_FILES = 5;
export const CSV_PREVIEW_ROWS = 3;
export const DEAL_TTL_HOURS = 24;
export const COMPANY_NAME = 'DealRadar';
