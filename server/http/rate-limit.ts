/** Per-token rate limiting with a token bucket: `requests` per `windowMs`, refilled continuously. */
import type { Clock } from '../clock.ts';

export interface RateLimit {
  requests: number;
  windowMs: number;
}

interface Bucket {
  tokens: number;
  updated: number;
}

/** Remembers at most this many callers; the oldest are forgotten (they start with a full bucket). */
const MAX_BUCKETS = 10_000;

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly limit: RateLimit;
  private readonly clock: Clock;
  constructor(limit: RateLimit, clock: Clock) {
    this.limit = limit;
    this.clock = clock;
  }

  /** Takes one request from the caller's bucket: 0 when allowed, else the milliseconds to wait. */
  take(key: string): number {
    const now = this.clock.now().getTime();
    const rate = this.limit.requests / this.limit.windowMs;
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= MAX_BUCKETS) this.buckets.delete(this.buckets.keys().next().value as string);
      bucket = { tokens: this.limit.requests, updated: now };
      this.buckets.set(key, bucket);
    }
    bucket.tokens = Math.min(this.limit.requests, bucket.tokens + (now - bucket.updated) * rate);
    bucket.updated = now;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / rate));
  }
}
