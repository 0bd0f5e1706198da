export type ErrorCode =
  | 'bad_request' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict'
  | 'too_large' | 'too_many' | 'unavailable';

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400, unauthorized: 401, forbidden: 403, not_found: 404, conflict: 409,
  too_large: 413, too_many: 429, unavailable: 503,
};

/** An error whose message is meant for the user; the error handler maps its code to an HTTP status. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(readonly code: ErrorCode, message: string, readonly headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = STATUS[code];
  }
}
