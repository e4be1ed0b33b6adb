/**
 * The per-token rate limit as GitBook describes its own: a fixed window per token (`requests` per `windowMs`, the
 * window starting at the token's first request in it) and, on every response, the headers
 * - `X-RateLimit-Limit`: requests allowed in a window;
 * - `X-RateLimit-Remaining`: requests left in the current window;
 * - `X-RateLimit-Reset`: when the current window ends, in UTC epoch seconds (rounded up, so never early).
 * Over the limit: 429. In our words with `Retry-After` (normal mode), or in GitBook's documented body, headers only
 * (`--compat gitbook`): `{"error":{"code":429,"message":"API rate limit exceeded. Please try again in 60 seconds"}}`.
 * Refused requests do not count. A response without a token's state (unknown routes, missing or unknown tokens)
 * shows the state of the token it presented, or a fresh window; it takes nothing from it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import { ApiError } from '../errors.ts';
import { hashToken } from '../ids.ts';
import type { RateLimit } from './rate-limit.ts';

/** Where a token stands in its window. */
export interface RateState {
  limit: number;
  remaining: number;
  /** When the window ends, epoch milliseconds. */
  resetAt: number;
}

/** How a refusal is worded: ours (with `Retry-After`), or GitBook's documented body and headers. */
export type RateStyle = 'docs-admin' | 'gitbook';

interface Window {
  start: number;
  used: number;
}

/** Remembers at most this many tokens; the oldest are forgotten (they start a fresh window). */
const MAX_WINDOWS = 10_000;

/** What counting a request answers: whether its window had room, and the state after. */
export interface Taken {
  allowed: boolean;
  state: RateState;
}

/**
 * Fixed windows per key: counted in this process's memory (`RateWindows`, a server alone on its database), or in
 * the database (`StoreRateWindows`, store-rate.ts: servers sharing one count one budget).
 */
export interface TokenWindows {
  readonly limit: RateLimit;
  /** Counts one request of `key`; answers whether its window had room, and the state after. */
  take(key: string): Taken | Promise<Taken>;
  /** The state of `key` without counting anything. */
  peek(key: string): RateState;
}

/** Fixed windows per key, in memory. */
export class RateWindows implements TokenWindows {
  readonly limit: RateLimit;
  private readonly clock: Clock;
  private readonly windows = new Map<string, Window>();

  constructor(limit: RateLimit, clock: Clock) {
    this.limit = limit;
    this.clock = clock;
  }

  /** Counts one request of `key` when its window has room; answers whether it had, and the state after. */
  take(key: string): Taken {
    const window = this.current(key, true);
    const allowed = window.used < this.limit.requests;
    if (allowed) window.used++;
    return { allowed, state: this.stateOf(window) };
  }

  /** The state of `key` without counting anything. */
  peek(key: string): RateState {
    return this.stateOf(this.current(key, false));
  }

  private current(key: string, keep: boolean): Window {
    const now = this.clock.now().getTime();
    let window = this.windows.get(key);
    if (window === undefined || now >= window.start + this.limit.windowMs) {
      window = { start: now, used: 0 };
      if (keep) {
        this.windows.delete(key);
        if (this.windows.size >= MAX_WINDOWS) this.windows.delete(this.windows.keys().next().value as string);
        this.windows.set(key, window);
      }
    }
    return window;
  }

  private stateOf(window: Window): RateState {
    return {
      limit: this.limit.requests,
      remaining: Math.max(0, this.limit.requests - window.used),
      resetAt: window.start + this.limit.windowMs,
    };
  }
}

/** The three headers of a state. */
export function rateHeaders(state: RateState): Record<string, string> {
  return {
    'x-ratelimit-limit': String(state.limit),
    'x-ratelimit-remaining': String(state.remaining),
    'x-ratelimit-reset': String(Math.ceil(state.resetAt / 1000)),
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's rate state once its token was counted. */
    rateState?: RateState;
  }
}

/**
 * Counts the request against its token's window, or throws the 429 of `style`; a promise when the windows are in
 * the database (undefined otherwise, so that the in-memory count costs no await).
 */
export function limitToken(
  request: FastifyRequest,
  windows: TokenWindows,
  tokenHash: string,
  style: RateStyle,
  now: number,
): Promise<void> | undefined {
  const taken = windows.take(tokenHash);
  if (taken instanceof Promise) return taken.then((counted) => refuseOver(request, counted, style, now));
  refuseOver(request, taken, style, now);
  return undefined;
}

/** Keeps the request's rate state; throws the 429 of `style` when its window had no room. */
function refuseOver(request: FastifyRequest, { allowed, state }: Taken, style: RateStyle, now: number): void {
  request.rateState = state;
  if (allowed) return;
  const seconds = Math.max(1, Math.ceil((state.resetAt - now) / 1000));
  if (style === 'gitbook')
    throw new ApiError(
      429,
      `API rate limit exceeded. Please try again in ${seconds} seconds`,
      rateHeaders(state),
    );
  throw new ApiError(429, 'too many requests with this token; retry later', {
    ...rateHeaders(state),
    'retry-after': String(seconds),
  });
}

const BEARER = /^[Bb][Ee][Aa][Rr][Ee][Rr] +(\S+)$/;

/** The state a response without a counted token shows: the presented token's, or a fresh window. */
export function presentedState(windows: TokenWindows, authorization: string | undefined): RateState {
  const token = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
  return windows.peek(token === undefined ? '' : hashToken(token));
}

/** Adds the headers to every response of `app` that does not carry them yet. */
export function sendRateHeaders(app: FastifyInstance, windows: TokenWindows): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('x-ratelimit-limit')) return payload;
    const state = request.rateState ?? presentedState(windows, request.headers.authorization);
    void reply.headers(rateHeaders(state));
    return payload;
  });
}
