/**
 * The purge: spaces deleted more than 7 days ago are removed for good, with their revisions; so are the parts of
 * OpenAPI source texts that no spec names (source-parts.ts), audit events older than their organization keeps
 * them (audit/retention.ts), and rate windows counted in the database that ended long ago (http/store-rate.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Services } from '../http/context.ts';
import { purgeExpiredAuditEvents } from '../domain/audit/retention.ts';
import { purgeOrphanSourceParts } from '../domain/openapi/source-parts.ts';
import { TRASH_RETENTION_MS } from '../domain/spaces/records.ts';
import type { Statements } from '../storage/store/store.ts';

/** Removes the spaces deleted more than 7 days before `clock.now()`, in one transaction; answers how many. */
export function purgeDeletedSpaces(on: Statements, clock: Clock): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - TRASH_RETENTION_MS).toISOString();
  // Revisions go with their space (ON DELETE CASCADE). Page bodies and file bytes are shared by content hash
  // with other revisions and stay. The search index is a full-text table, which foreign keys cannot reach: its rows
  // of the purged spaces are removed here.
  return on.transaction(async (tx) => {
    const expired = tx.q
      .selectFrom('spaces')
      .select('id')
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '<', cutoff);
    await tx.run(tx.q.deleteFrom('search_pages').where('space_id', 'in', expired));
    return tx.run(
      tx.q.deleteFrom('spaces').where('deleted_at', 'is not', null).where('deleted_at', '<', cutoff),
    );
  });
}

/** The longest rate window a server may count in the database (`--rate-limit-window` is at most a day). */
const RATE_WINDOW_MAX_MS = 24 * 60 * 60 * 1000;

/** Removes the rate windows (http/store-rate.ts) that ended more than a day ago: their tokens start a fresh one. */
export function purgeRateWindows(on: Statements, clock: Clock): Promise<number> {
  return on.run(
    on.q.deleteFrom('rate_windows').where('started', '<', clock.now().getTime() - RATE_WINDOW_MAX_MS),
  );
}

export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Runs the purge now and then every `intervalMs`, through the store (SQLite or PostgreSQL; with several processes on
 * one database each runs it, and each delete is idempotent); `stop` ends it. The timer does not keep the process
 * alive.
 */
export function startPurgeScheduler(
  store: Statements,
  clock: Clock,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): { stop: () => void; running: () => Promise<void> } {
  const onError = options.onError ?? ((e: unknown) => console.error('trash purge failed:', e));
  let last: Promise<void> = Promise.resolve();
  const run = () => {
    last = (async () => {
      try {
        await purgeDeletedSpaces(store, clock);
        await purgeOrphanSourceParts(store, clock.now());
        await purgeRateWindows(store, clock);
        // In batches, each its own transaction, between which requests are answered.
        await purgeExpiredAuditEvents(store, clock);
      } catch (error) {
        onError(error);
      }
    })();
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? PURGE_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer), running: () => last };
}

/** The purge of a server, through its store (SQLite or PostgreSQL), from its start until it closes. */
export function purgeWhileServing(app: FastifyInstance, services: Pick<Services, 'store' | 'clock'>): void {
  let purge: ReturnType<typeof startPurgeScheduler> | undefined;
  app.addHook('onReady', async () => {
    purge = startPurgeScheduler(services.store, services.clock);
  });
  app.addHook('preClose', async () => {
    purge?.stop();
    await purge?.running();
  });
}
