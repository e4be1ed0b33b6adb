/**
 * One HTTP(S) call on keep-alive agents, for the API proxy: `node:http` costs less per call than `fetch` on a
 * path every renderer request takes. Redirects are not followed; the whole body is read as text.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { RateHeaders } from './pacer.ts';

const httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 32 });
const httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 32 });

/** The part of an answer the proxy uses. */
export interface HttpAnswer {
  status: number;
  location: string | undefined;
  contentType: string | undefined;
  /** The rate-limit headers, for the pacer. */
  rate: RateHeaders;
  text: string;
}

const RATE_HEADERS = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
] as const;

function rateHeadersOf(response: IncomingMessage): RateHeaders {
  const rate: RateHeaders = {};
  for (const name of RATE_HEADERS) {
    const value = response.headers[name];
    if (typeof value === 'string') rate[name] = value;
  }
  return rate;
}

/**
 * Calls `url`; rejects with the socket's error (its `code` says why) or an `AbortError` when `signal` aborts. A
 * request sent on a reused keep-alive connection that the server closed as it went idle (reset before any answer)
 * is sent once more on a fresh connection, as Node's documentation advises: the server never read it. Seen against
 * a server whose keep-alive timeout (Node's default: 5 s) matches the pacer's gaps between a rate window's bursts.
 */
export function httpCall(
  url: URL,
  options: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal },
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const headers = { ...options.headers };
    if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
    const send = secure ? httpsRequest : httpRequest;
    const attempt = (retry: boolean) => {
      let answered = false;
      const request = send(
        url,
        { method: options.method, headers, agent: secure ? httpsAgent : httpAgent, signal: options.signal },
        (response: IncomingMessage) => {
          answered = true;
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 502,
              location: response.headers.location,
              contentType: response.headers['content-type'],
              rate: rateHeadersOf(response),
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (
          retry &&
          !answered &&
          request.reusedSocket &&
          error.code === 'ECONNRESET' &&
          !options.signal.aborted
        )
          attempt(false);
        else reject(error);
      });
      request.end(options.body);
    };
    attempt(true);
  });
}
