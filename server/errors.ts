/** The one error type of the server: every failure becomes `{ error: { code, message } }` with that status. */
export class ApiError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
    this.name = 'ApiError';
  }
}

/** 400: the message names the field and the rule. */
export const badRequest = (message: string) => new ApiError(400, message);
/** 401: missing, malformed or unknown token. */
export const unauthorized = (message: string) => new ApiError(401, message);
/** 403: a known caller without the right. */
export const forbidden = (message: string) => new ApiError(403, message);
/** 404: absent, or not visible to the caller. */
export const notFound = (message: string) => new ApiError(404, message);
/** 409: the request conflicts with the current state. */
export const conflict = (message: string) => new ApiError(409, message);
/** 410: existed, and can no longer be reached (e.g. past the trash's 7 days). */
export const gone = (message: string) => new ApiError(410, message);
