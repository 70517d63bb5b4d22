// The one error type of every console API call.

/**
 * - `refused`: the server answered `success: false` (its message is for the user);
 * - `http`: an HTTP error status (401, 403, 429, 500 …);
 * - `network`: no reply at all;
 * - `canceled`: the caller aborted (never shown to the user).
 */
export type ApiErrorKind = 'refused' | 'http' | 'network' | 'canceled';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when there was no reply. */
  readonly status: number;
  /** The reply's `data`, when it had one. */
  readonly data: unknown;

  constructor(message: string, options: { kind: ApiErrorKind; status: number; data?: unknown }) {
    super(message);
    this.kind = options.kind;
    this.status = options.status;
    this.data = options.data;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
