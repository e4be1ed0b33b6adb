/** Audit events: every change an admin makes is written in the same transaction as the change. */
import { newTimeOrderedId } from '../ids.ts';
import { builder, type Database } from '../storage/database.ts';
import { prepared } from '../storage/prepared.ts';
import type { Statements } from '../storage/store/store.ts';
import type { AuditAction } from './audit/actions.ts';

export interface EventInput {
  organizationId: string | null;
  actorId: string | null;
  /** One of the catalogue's actions (`audit/actions.ts`), which the audit log lists with their labels. */
  action: AuditAction;
  subjectType: string;
  subjectId: string;
  data?: Record<string, unknown>;
}

const insertEvent = prepared(
  (
    id: string,
    organizationId: string | null,
    actorId: string | null,
    action: string,
    subjectType: string,
    subjectId: string,
    data: string,
    createdAt: string,
  ) =>
    builder.insertInto('events').values({
      id,
      organization_id: organizationId,
      actor_id: actorId,
      action,
      subject_type: subjectType,
      subject_id: subjectId,
      data,
      created_at: createdAt,
    }),
);

/** Writes one event; call it inside the transaction of the change it records. */
export function recordEvent(db: Database, at: Date, event: EventInput): void {
  db.run(eventInsert(at, event));
}

/** As `recordEvent`, through the transaction of the change it records (storage/store/). */
export async function recordEventIn(tx: Statements, at: Date, event: EventInput): Promise<void> {
  await tx.run(eventInsert(at, event));
}

function eventInsert(at: Date, event: EventInput) {
  return insertEvent(
    newTimeOrderedId(at),
    event.organizationId,
    event.actorId,
    event.action,
    event.subjectType,
    event.subjectId,
    JSON.stringify(event.data ?? {}),
    at.toISOString(),
  );
}
