/** An error the API reports as JSON: { error: { code, message } } with an HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const notFound = () => new ApiError(404, 'not_found', 'No such match, or your link does not open it.');
export const unauthorized = () => new ApiError(401, 'unauthorized', 'A valid token is required.');
