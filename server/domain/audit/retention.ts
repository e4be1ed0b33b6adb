/**
 * Retention of the audit log: an organization that sets `auditLogRetentionDays` keeps its events that many days;
 * the purge deletes older ones in small batches, each its own transaction, yielding between them, so that a first
 * purge of a long history never holds the thread that answers requests.
 */
import type { Clock } from '../../clock.ts';
import type { Statements } from '../../storage/store/store.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Events deleted per transaction. */
export const AUDIT_PURGE_BATCH = 500;

/**
 * Deletes up to `limit` expired events (oldest first) of the organizations that set a retention, in one transaction
 * of the store; answers how many.
 */
export function purgeAuditBatch(
  on: Statements,
  now: Date,
  limit: number = AUDIT_PURGE_BATCH,
): Promise<number> {
  return on.transaction(async (tx) => {
    const kept = await tx.all(
      tx.q
        .selectFrom('organizations')
        .select(['id', 'audit_retention_days'])
        .where('audit_retention_days', 'is not', null),
    );
    let deleted = 0;
    for (const org of kept) {
      if (deleted >= limit) break;
      const cutoff = new Date(now.getTime() - Number(org.audit_retention_days) * DAY_MS).toISOString();
      const expired = tx.q
        .selectFrom('events')
        .select('id')
        .where('organization_id', '=', org.id)
        .where('created_at', '<', cutoff)
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit - deleted);
      deleted += await tx.run(tx.q.deleteFrom('events').where('id', 'in', expired));
    }
    return deleted;
  });
}

/** Deletes every expired event, batch after batch, yielding to other work between batches; answers how many. */
export async function purgeExpiredAuditEvents(
  on: Statements,
  clock: Clock,
  options: { batch?: number; pause?: () => Promise<void> } = {},
): Promise<number> {
  const batch = options.batch ?? AUDIT_PURGE_BATCH;
  const pause = options.pause ?? (() => new Promise<void>((resolve) => setImmediate(resolve)));
  let total = 0;
  for (;;) {
    const deleted = await purgeAuditBatch(on, clock.now(), batch);
    total += deleted;
    if (deleted < batch) return total;
    await pause();
  }
}
