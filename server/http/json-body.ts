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
 * - A body of `LARGE_BODY` bytes or more (an OpenAPI text of several MB) is parsed on a worker thread (the
 *   `json.parse` task, json-parse-task.ts): its bytes are gathered into one buffer as they arrive (its
 *   `Content-Length` sized it), moved to the worker, and its long strings come back as bytes, decoded here once,
 *   a slice per turn of the event loop. The answers are the same as for a body parsed here.
 * - A body is read `TURN_BYTES` per turn of the event loop at most: a client sending megabytes at once does not
 *   hold the thread while they are scanned and gathered.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { TaskOutput } from '../jobs/tasks.ts';
import { MAX_BODY_NESTING, nestingScanner } from './body-guards.ts';

type Done = (error: Error | null, body?: unknown) => void;

/** Bodies this large or larger are parsed on a worker thread. */
export const LARGE_BODY = 256 * 1024;

const tooLarge = () => new ApiError(413, 'the request body is too large');
const malformed = (message: string) => new ApiError(400, `the request body is not valid JSON: ${message}`);

/** Bytes of a long string decoded in one turn of the event loop (about 3 ms); the rest wait for later turns. */
const DECODE_SLICE = 512 * 1024;
/** Bytes of a body read in one turn of the event loop; reading goes on in a later turn (other requests between). */
export const TURN_BYTES = 256 * 1024;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** UTF-8 bytes decoded a slice per turn of the event loop, so that megabytes never hold the thread at once. */
async function decodeInTurns(bytes: Uint8Array): Promise<string> {
  const decoder = new TextDecoder();
  const pieces: string[] = [];
  for (let start = 0; start < bytes.length; start += DECODE_SLICE) {
    if (start > 0) await nextTurn();
    const end = Math.min(bytes.length, start + DECODE_SLICE);
    pieces.push(decoder.decode(bytes.subarray(start, end), { stream: end < bytes.length }));
  }
  return pieces.join('');
}

/** The body a worker parsed, its long strings put back in their places. */
async function rebuilt(parsed: TaskOutput<'json.parse'>): Promise<Error | { body: unknown }> {
  if ('empty' in parsed) return { body: undefined };
  if ('error' in parsed) return malformed(parsed.error);
  let body = parsed.value;
  for (const { path, bytes } of parsed.texts) {
    const text = await decodeInTurns(bytes);
    if (path.length === 0) {
      body = text;
      continue;
    }
    let holder = body as Record<string | number, unknown>;
    for (const key of path.slice(0, -1)) holder = holder[key] as Record<string | number, unknown>;
    holder[path.at(-1)!] = text;
  }
  return { body };
}

/**
 * Gathers a body's chunks in a list; once they reach `LARGE_BODY` bytes (a body that will be parsed elsewhere),
 * into one buffer of its own, sized by the announced length (grown if it lied), which then moves to the worker
 * without a copy. A body refused early (too deep, too large) never gets that buffer.
 */
function collector(announced: number) {
  let whole: Buffer | undefined;
  const chunks: Buffer[] = [];
  let length = 0;
  return {
    add(bytes: Buffer) {
      if (whole === undefined && length + bytes.length >= LARGE_BODY) {
        whole = Buffer.allocUnsafeSlow(Math.max(announced, 2 * (length + bytes.length)));
        Buffer.concat(chunks, length).copy(whole);
        chunks.length = 0;
      } else if (whole !== undefined && length + bytes.length > whole.length) {
        const grown = Buffer.allocUnsafeSlow(Math.max(whole.length * 2, length + bytes.length));
        whole.copy(grown, 0, 0, length);
        whole = grown;
      }
      if (whole !== undefined) bytes.copy(whole, length);
      else chunks.push(bytes);
      length += bytes.length;
    },
    /** The bytes received, in one buffer (a view of the gathering buffer, or a new one). */
    bytes: (): Buffer => (whole !== undefined ? whole.subarray(0, length) : Buffer.concat(chunks, length)),
    get length() {
      return length;
    },
  };
}

/**
 * The parser, for `addContentTypeParser('application/json', …)`; `defaultLimit` applies where a route sets none;
 * `runner` parses the large bodies.
 */
export function jsonBodyParser(defaultLimit: number, runner: JobRunner) {
  return (request: FastifyRequest, payload: NodeJS.ReadableStream, done: Done): void => {
    const limit = request.routeOptions.bodyLimit ?? defaultLimit;
    const announced = Number(request.headers['content-length']);
    if (announced > limit) return done(tooLarge());
    const tooDeep = nestingScanner(MAX_BODY_NESTING);
    const body = collector(Number.isSafeInteger(announced) && announced > 0 ? announced : 0);
    let received = 0;
    // Bytes read in this turn of the event loop; past `TURN_BYTES`, reading waits for a later turn.
    let thisTurn = 0;
    let stopped = false;
    const nextTurnReading = () => {
      thisTurn = 0;
      if (!stopped) payload.resume();
    };
    const stop = (error: Error | null, body?: unknown) => {
      stopped = true;
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
      body.add(bytes);
      thisTurn += bytes.length;
      if (thisTurn >= TURN_BYTES) {
        payload.pause();
        setImmediate(nextTurnReading);
      }
    }
    function onEnd() {
      if (body.length >= LARGE_BODY) return parseElsewhere(body.bytes());
      const raw = body.bytes().toString('utf8');
      if (raw.trim() === '') return stop(null, undefined);
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch (error) {
        return stop(malformed((error as Error).message));
      }
      stop(null, parsed);
    }
    function parseElsewhere(bytes: Buffer) {
      // A buffer of its own (not a slice of Node's pool) moves to the worker without a copy.
      const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      const moved = own ? new Uint8Array(bytes.buffer) : new Uint8Array(bytes);
      stopped = true;
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
      runner.run('json.parse', { bytes: moved }, { transfer: [moved.buffer as ArrayBuffer] }).then(
        async (parsed) => {
          const result = await rebuilt(parsed);
          // Requests that arrived meanwhile go first: decoding the body's texts was the previous turns' work;
          // validating and handling it are the next one's.
          await nextTurn();
          if (result instanceof Error) done(result);
          else done(null, result.body);
        },
        (error: Error) =>
          done(
            new ApiError(
              400,
              `the request body could not be parsed within the server's limits: ${error.message}`,
            ),
          ),
      );
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
