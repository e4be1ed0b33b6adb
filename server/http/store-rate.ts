/**
 * The per-token rate windows counted in the database (`rate_windows`, migration 20), for servers that share one
 * (`serve --database postgres://…`, several processes): the same fixed windows as `RateWindows` (token-rate.ts),
 * the window starting at the token's first request in it, but one budget across the processes.
 *
 * Rules:
 * - One statement per counted request, outside any transaction: an upsert that starts a new window when the row's
 *   ended, else adds one, and answers the row (`INSERT … ON CONFLICT … DO UPDATE … RETURNING`). PostgreSQL runs
 *   concurrent upserts of one key one after the other (the row's lock), so no count is lost between processes.
 * - Every request is counted, refused ones too: a window over its limit stays over it, and its end does not move,
 *   so the answers are those of `RateWindows` (which does not count refusals).
 * - `peek` (a response without a counted token) reads no row: it shows the last state this process counted for the
 *   token, or a fresh window.
 */
import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import { builder } from '../storage/database.ts';
import { prepared } from '../storage/prepared.ts';
import { SqliteStore } from '../storage/store/sqlite-store.ts';
import type { Statements } from '../storage/store/store.ts';
import type { RateLimit } from './rate-limit.ts';
import { RateWindows, type RateState, type TokenWindows, type Taken } from './token-rate.ts';

/** Remembers the last state of at most this many tokens for `peek`; the oldest are forgotten. */
const MAX_KEPT = 10_000;

const count = prepared((key: string, now: number, windowMs: number) =>
  builder
    .insertInto('rate_windows')
    .values({ key, started: now, used: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        started: sql`CASE WHEN rate_windows.started + ${windowMs} <= excluded.started THEN excluded.started
          ELSE rate_windows.started END`,
        used: sql`CASE WHEN rate_windows.started + ${windowMs} <= excluded.started THEN 1
          ELSE rate_windows.used + 1 END`,
      }),
    )
    .returning(['started', 'used']),
);

/** Fixed windows per key, counted in the store's database. */
export class StoreRateWindows implements TokenWindows {
  readonly limit: RateLimit;
  private readonly store: Statements;
  private readonly clock: Clock;
  private readonly last = new Map<string, { started: number; used: number }>();

  constructor(limit: RateLimit, store: Statements, clock: Clock) {
    this.limit = limit;
    this.store = store;
    this.clock = clock;
  }

  async take(key: string): Promise<Taken> {
    const now = this.clock.now().getTime();
    const row = await this.store.first(count(key, now, this.limit.windowMs));
    const window = { started: Number(row!.started), used: Number(row!.used) };
    this.last.delete(key);
    if (this.last.size >= MAX_KEPT) this.last.delete(this.last.keys().next().value as string);
    this.last.set(key, window);
    return { allowed: window.used <= this.limit.requests, state: this.stateOf(window) };
  }

  peek(key: string): RateState {
    const now = this.clock.now().getTime();
    const window = this.last.get(key);
    if (window === undefined || now >= window.started + this.limit.windowMs)
      return this.stateOf({ started: now, used: 0 });
    return this.stateOf(window);
  }

  private stateOf(window: { started: number; used: number }): RateState {
    return {
      limit: this.limit.requests,
      remaining: Math.max(0, this.limit.requests - window.used),
      resetAt: window.started + this.limit.windowMs,
    };
  }
}

/**
 * A server's token windows: in memory on SQLite (a server alone on its database), in the database on another store
 * (servers sharing one count one budget).
 */
export function tokenWindows(limit: RateLimit, store: Statements, clock: Clock): TokenWindows {
  return store instanceof SqliteStore
    ? new RateWindows(limit, clock)
    : new StoreRateWindows(limit, store, clock);
}
