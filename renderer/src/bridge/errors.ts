/** What an error means to the user, decided by its status code (never by its message text). */
import { ApiClientError } from '../../../shared/client.ts';

/** The kinds of failure the screens tell apart. */
export type ErrorKind =
  | 'unreachable'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'notAvailable'
  | 'invalid'
  | 'conflict'
  | 'rateLimited'
  | 'other';

/** The HTTP-like status of an error, or undefined when it carries none. */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof ApiClientError ? error.status : undefined;
}

/** Classifies a status code. */
export function kindOfStatus(status: number | undefined): ErrorKind {
  switch (status) {
    case 0:
    case 503:
    case 504:
      return 'unreachable';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'notFound';
    case 501:
      return 'notAvailable';
    case 400:
    case 422:
      return 'invalid';
    case 409:
      return 'conflict';
    case 429:
      return 'rateLimited';
    default:
      return 'other';
  }
}

/** Classifies an error thrown by a query or a mutation. */
export function errorKind(error: unknown): ErrorKind {
  return kindOfStatus(errorStatus(error));
}

/** Whether the failure means the API (or the host) could not be reached at all. */
export function isUnreachable(error: unknown): boolean {
  return errorKind(error) === 'unreachable';
}

/** The server's message, or a plain description when the error carries none. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message !== '') return error.message;
  return 'Something went wrong.';
}
