/** The audit log's live tail: how many of the newest events came in after the first row shown. */
import type { AuditEvent } from '../../../../shared/contract/resources/audit.ts';

/**
 * How many of `head` (the newest events, newest first) are newer than `newest` (the first row shown): those before
 * it when `head` holds it, else those that occurred after it (`head` asked before the rows were).
 */
export function newerThan(head: readonly AuditEvent[], newest: AuditEvent | undefined): number {
  if (newest === undefined) return head.length;
  const at = head.findIndex((event) => event.id === newest.id);
  if (at !== -1) return at;
  const since = Date.parse(newest.occurredAt);
  return head.filter((event) => Date.parse(event.occurredAt) > since).length;
}
