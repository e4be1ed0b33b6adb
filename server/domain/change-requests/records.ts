/** Writing change requests, shared by the handlers and the test factories. */
import { newId } from '../../ids.ts';
import type { Database } from '../../storage/database.ts';
import type { SpacesTable } from '../../storage/schema.ts';
import { insertRevision, loadRevision } from '../content/revisions.ts';
import { recordEvent } from '../events.ts';

/**
 * A new change request of the space, numbered max + 1 in the space, whose head revision is a copy of the space's
 * current tree (same page ids, so that its changes read as edits of those pages). Runs in its own transaction.
 */
export function createChangeRequestRecord(
  db: Database,
  now: Date,
  input: {
    space: Pick<SpacesTable, 'id' | 'organization_id' | 'revision_id'>;
    actorId: string;
    subject?: string;
    status?: 'draft' | 'open' | 'archived' | 'merged';
  },
): { id: string; number: number } {
  const { space } = input;
  const at = now.toISOString();
  const id = newId();
  return db.transaction(() => {
    const base = loadRevision(db, space.revision_id);
    const head = insertRevision(db, {
      spaceId: space.id,
      type: 'edits',
      parents: [space.revision_id],
      tree: base.tree,
      createdBy: input.actorId,
      now,
    });
    const last = db.first(
      db.q
        .selectFrom('change_requests')
        .select((eb) => eb.fn.max('number').as('n'))
        .where('space_id', '=', space.id),
    );
    const number = Number(last?.n ?? 0) + 1;
    const subject = input.subject?.trim() ?? '';
    db.run(
      db.q.insertInto('change_requests').values({
        id,
        space_id: space.id,
        number,
        status: input.status ?? 'open',
        subject,
        created_by: input.actorId,
        created_at: at,
        updated_at: at,
        revision_id: head,
        revision_initial: space.revision_id,
        revision_merged: null,
      }),
    );
    recordEvent(db, now, {
      organizationId: space.organization_id,
      actorId: input.actorId,
      action: 'change_request.created',
      subjectType: 'change_request',
      subjectId: id,
      data: { space: space.id, number, subject },
    });
    return { id, number };
  });
}
