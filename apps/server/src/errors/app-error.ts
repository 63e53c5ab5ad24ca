import { ERROR_CODES, type ErrorCode } from '@dealradar/shared/errors';

/** The one error type services throw. `message` is the sentence the user sees. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: unknown;

  constructor(code: ErrorCode, message: string, options: { details?: unknown; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.status = ERROR_CODES[code];
    this.details = options.details;
  }
}

export const badRequest = (message: string, details?: unknown) => new AppError('validation', message, { details });
export const unauthorized = (message = 'Your session has expired. Please log in again.') => new AppError('unauthenticated', message);
export const forbidden = (message: string) => new AppError('forbidden', message);
export const notFound = (message: string) => new AppError('not_found', message);
export const conflict = (message: string) => new AppError('conflict', message);
export const tooManyRequests = (message = 'Too many attempts. Please wait a minute and try again.') => new AppError('rate_limited', message);
