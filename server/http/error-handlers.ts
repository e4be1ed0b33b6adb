/**
 * The server's failures in the API's shape, `{ error: { code, message } }`: an `ApiError` a handler or hook throws,
 * Fastify's own failures (validation, body size, media type) with clear messages, anything else as a logged 500, and
 * the 404 of a path no operation matches (GitBook's own body in `compat: 'gitbook'`). A 401 may become the client
 * address's 429 once it is over its anonymous rate limit (anonymous-limit.ts). The store's refusals (storage/store/)
 * are the caller's to resolve or retry: a duplicate unique key is a 409, a transaction that kept failing to
 * serialize a 503 to try again. On a server without the synchronous `Database` (PostgreSQL), code still using it is
 * a 501 that names the operation not yet available there (storage/no-database.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ErrorObject } from 'ajv';
import { ApiError } from '../errors.ts';
import { NoSyncDatabase } from '../storage/no-database.ts';
import { BusyError, ConflictError, UnstorableTextError } from '../storage/store/store.ts';
import type { AnonymousLimiter } from './anonymous-limit.ts';
import { describeValidationErrors } from './validation.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract operation a route serves (the name a 501 of `NoSyncDatabase` gives). */
    operation?: string;
  }
}

/** GitBook's answer to a path it has no operation for. */
const GITBOOK_NOT_FOUND = { error: { code: 404, message: 'Not found' } };

/** An error Fastify raises, with the validation details its schema error formatter attaches. */
export interface FastifyValidationError extends Error {
  validation?: ErrorObject[];
  validationContext?: string;
  statusCode?: number;
  code?: string;
}

/** Error codes of Fastify's own failures, mapped to clear messages. */
function describeFastifyError(
  error: FastifyValidationError,
): { status: number; message: string } | undefined {
  if (error.validation) {
    return {
      status: 400,
      message: describeValidationErrors(error.validationContext ?? 'body', error.validation),
    };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: 'the request body is too large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: 'the request body must be JSON (Content-Type: application/json)' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: 'the Content-Length header does not match the body' };
    default:
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return { status: error.statusCode, message: error.message };
      }
      return undefined;
  }
}

/** How long a caller waits before trying again a request the database was too busy to serialize (seconds). */
const BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * A store's refusal (storage/store/store.ts) as an `ApiError`, or undefined for any other error. Neither says which
 * row (a 409 names the key's table and columns, never its values): a unique key a handler did not check first (it checks the ones users can name, with a message that names
 * the field), or concurrent writes that a retry will order.
 */
export function storeRefusal(error: unknown): ApiError | undefined {
  if (error instanceof ConflictError) {
    const key = error.constraint === undefined ? 'a unique key' : `the unique key ${error.constraint}`;
    return new ApiError(
      409,
      `the change conflicts with existing data (${key} is already taken): read it again and retry`,
    );
  }
  if (error instanceof UnstorableTextError)
    return new ApiError(
      400,
      'a text of the request holds a NUL character, which the database cannot store or look up',
    );
  if (error instanceof BusyError)
    return new ApiError(503, 'the database is busy with concurrent changes: try the request again', {
      'retry-after': String(BUSY_RETRY_AFTER_SECONDS),
    });
  return undefined;
}

/** `NoSyncDatabase` as a 501 naming what is not available yet (`what`: an operation, or a route). */
export function noSyncDatabaseRefusal(error: unknown, what: string): ApiError | undefined {
  if (!(error instanceof NoSyncDatabase)) return undefined;
  return new ApiError(
    501,
    `${what} is not available on PostgreSQL yet: it still runs on the SQLite-only synchronous database`,
  );
}

/** Errors in the API's shape (a 401 may become the client address's 429), and the 404 of an unknown operation. */
export function setErrorHandlers(
  app: FastifyInstance,
  anonymous: AnonymousLimiter | undefined,
  gitbook: boolean,
): void {
  app.setErrorHandler((raised: FastifyValidationError, request, reply) => {
    // A request answered before its body was read whole (refused first, or stopped mid-body): the connection
    // closes with the answer, so the rest of the body is never received.
    if (!request.raw.complete) void reply.header('connection', 'close');
    // A request without a valid token counts against its client address: a 429 once the address is over its limit.
    const error =
      raised instanceof ApiError && raised.status === 401
        ? (anonymous?.refusal(request.ip) ?? raised)
        : (storeRefusal(raised) ??
          noSyncDatabaseRefusal(
            raised,
            request.routeOptions.config.operation ?? `${request.method} ${request.routeOptions.url}`,
          ) ??
          raised);
    if (error instanceof ApiError) {
      void reply
        .status(error.status)
        .headers(error.headers)
        .send({ error: { code: error.status, message: error.message } });
      return;
    }
    const known = describeFastifyError(error);
    if (known) {
      void reply.status(known.status).send({ error: { code: known.status, message: known.message } });
      return;
    }
    request.log.error({ err: error, url: request.routeOptions.url }, 'unexpected error');
    void reply
      .status(500)
      .send({ error: { code: 500, message: 'the server failed to answer this request' } });
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send(
      gitbook
        ? GITBOOK_NOT_FOUND
        : {
            error: {
              code: 404,
              message: `no operation ${request.method} ${request.url.split('?')[0] ?? ''}`,
            },
          },
    );
  });
}
