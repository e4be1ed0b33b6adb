/**
 * The rate limit of requests without a valid token, per client address: a missing, malformed or unknown token, and
 * `/v1/openapi.json` (which takes none). Over the limit: 429 with `Retry-After`, in the error shape. Per-token
 * limits (`rate-limit.ts`) cannot see these callers, and a stream of them would otherwise cost a token lookup (or a
 * 394 KB document) each, forever.
 *
 * The address is the socket's (no `X-Forwarded-For`: nothing says a proxy is trusted). An IPv6 client is counted
 * by its /64 prefix, the block one subscriber gets, so that rotating through it does not reset the count; an
 * IPv4-mapped address counts as its IPv4 address. The buckets live in the process: unlike a token's, an anonymous
 * caller's count is not worth a database write per request.
 */
import ipaddr from 'ipaddr.js';
import type { Clock } from '../clock.ts';
import { ApiError } from '../errors.ts';
import { RateLimiter, type RateLimit } from './rate-limit.ts';

/** 120 requests a minute per address, refilled continuously: far above what a person or a client's retries send. */
export const DEFAULT_ANONYMOUS_RATE_LIMIT: RateLimit = { requests: 120, windowMs: 60_000 };

/** The key an address is counted under. */
export function addressKey(address: string): string {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return address;
  }
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}

export class AnonymousLimiter {
  private readonly buckets: RateLimiter;
  constructor(limit: RateLimit, clock: Clock) {
    this.buckets = new RateLimiter(limit, clock);
  }

  /** Counts one request without a valid token from `address`: the 429 to answer when it is over its limit. */
  refusal(address: string): ApiError | undefined {
    const wait = this.buckets.take(addressKey(address));
    if (wait <= 0) return undefined;
    return new ApiError(
      429,
      'too many requests without a valid token from this address; send `Authorization: Bearer <token>` or retry later',
      { 'retry-after': String(Math.ceil(wait / 1000)) },
    );
  }

  /** Counts one request without a valid token from `address`; throws the 429 when it is over its limit. */
  charge(address: string): void {
    const refused = this.refusal(address);
    if (refused) throw refused;
  }
}
