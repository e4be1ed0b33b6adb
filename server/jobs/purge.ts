/**
 * The purge: spaces deleted more than 7 days ago are removed for good, with their revisions; so are the parts of
 * OpenAPI source texts that no spec names (source-parts.ts), and audit events older than their organization keeps
 * them (audit/retention.ts).
 */
import type { Clock } from '../clock.ts';
import { purgeExpiredAuditEvents } from '../domain/audit/retention.ts';
import { purgeOrphanSourceParts } from '../domain/openapi/source-parts.ts';
import { TRASH_RETENTION_MS } from '../domain/spaces/records.ts';
import type { Database } from '../storage/database.ts';

/** Removes the spaces deleted more than 7 days before `clock.now()`; answers how many. */
export function purgeDeletedSpaces(db: Database, clock: Clock): number {
  const cutoff = new Date(clock.now().getTime() - TRASH_RETENTION_MS).toISOString();
  // Revisions go with their space (ON DELETE CASCADE). Page bodies and file bytes are shared by content hash
  // with other revisions and stay. The search index is an FTS5 table, which foreign keys cannot reach: its rows of
  // the purged spaces are removed here.
  return db.transaction(() => {
    const expired = db.q
      .selectFrom('spaces')
      .select('id')
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '<', cutoff);
    db.run(db.q.deleteFrom('search_pages').where('space_id', 'in', expired));
    return db.run(
      db.q.deleteFrom('spaces').where('deleted_at', 'is not', null).where('deleted_at', '<', cutoff),
    );
  });
}

export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** Runs the purge now and then every `intervalMs`; `stop` ends it. The timer does not keep the process alive. */
export function startPurgeScheduler(
  db: Database,
  clock: Clock,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): { stop: () => void } {
  const onError = options.onError ?? ((e: unknown) => console.error('trash purge failed:', e));
  const run = () => {
    try {
      purgeDeletedSpaces(db, clock);
      purgeOrphanSourceParts(db, clock.now());
    } catch (error) {
      onError(error);
    }
    // In batches, each its own transaction, between which requests are answered.
    purgeExpiredAuditEvents(db, clock).catch(onError);
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? PURGE_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
