/**
 * The parser of JSON request bodies: bytes are collected as they arrive and checked on the way (size, nesting), then
 * decoded and parsed once whole.
 *
 * Rules:
 * - An empty body (or only white space) is no body. Malformed JSON is a 400 that says so.
 * - A body larger than the route's limit is a 413, refused from its `Content-Length` before anything is read, or at
 *   the first chunk past the limit.
 * - A body nesting arrays and objects deeper than `MAX_BODY_NESTING` is a 400 at the first byte too deep
 *   (body-guards.ts). Reading stops there: the error handler closes a connection whose request was not read whole,
 *   so the rest is never received.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';
import { MAX_BODY_NESTING, nestingScanner } from './body-guards.ts';

type Done = (error: Error | null, body?: unknown) => void;

const tooLarge = () => new ApiError(413, 'the request body is too large');

/** The parser, for `addContentTypeParser('application/json', …)`; `defaultLimit` applies where a route sets none. */
export function jsonBodyParser(defaultLimit: number) {
  return (request: FastifyRequest, payload: NodeJS.ReadableStream, done: Done): void => {
    const limit = request.routeOptions.bodyLimit ?? defaultLimit;
    if (Number(request.headers['content-length']) > limit) return done(tooLarge());
    const tooDeep = nestingScanner(MAX_BODY_NESTING);
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = (error: Error | null, body?: unknown) => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
      if (error !== null) payload.pause();
      done(error, body);
    };
    function onData(chunk: Buffer | string) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      if (received > limit) return stop(tooLarge());
      if (tooDeep(bytes))
        return stop(
          new ApiError(
            400,
            `the request body nests arrays and objects deeper than ${MAX_BODY_NESTING} levels`,
          ),
        );
      chunks.push(bytes);
    }
    function onEnd() {
      const raw = Buffer.concat(chunks, received).toString('utf8');
      if (raw.trim() === '') return stop(null, undefined);
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch (error) {
        return stop(new ApiError(400, `the request body is not valid JSON: ${(error as Error).message}`));
      }
      stop(null, body);
    }
    function onError(error: Error) {
      stop(new ApiError(400, `the request body could not be read: ${error.message}`));
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  };
}
