import type { ErrorStatus, HttpErrorCode } from '@kon/protocol';

/**
 * An error the API reports as JSON: { error: { code, message } } with an HTTP status. The code comes
 * from the protocol's table of errors, and the status must be the one the table gives it. A limit's
 * refusal carries `retryAfter` (whole seconds): the body says it, and so does a Retry-After header.
 */
export class ApiError<C extends HttpErrorCode = HttpErrorCode> extends Error {
  constructor(
    readonly status: ErrorStatus<C>,
    readonly code: C,
    message: string,
    readonly details?: unknown,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export const notFound = () => new ApiError(404, 'not_found', 'No such match, or your link does not open it.');
export const unauthorized = () => new ApiError(401, 'unauthorized', 'A valid token is required.');

/** Refused by a limit: the page tells the player how long to wait (`retryAfter` seconds). */
export const limited = (retryAfter: number | undefined, message: string) =>
  new ApiError(429, 'rate_limited', message, undefined, retryAfter ?? 60);
