/** Audit events: every change an admin makes is written in the same transaction as the change. */
import { newId } from '../ids.ts';
import type { Database } from '../storage/database.ts';

export interface EventInput {
  organizationId: string | null;
  actorId: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  data?: Record<string, unknown>;
}

export function recordEvent(db: Database, at: Date, event: EventInput): void {
  db.run(
    db.q.insertInto('events').values({
      id: newId(),
      organization_id: event.organizationId,
      actor_id: event.actorId,
      action: event.action,
      subject_type: event.subjectType,
      subject_id: event.subjectId,
      data: JSON.stringify(event.data ?? {}),
      created_at: at.toISOString(),
    }),
  );
}
