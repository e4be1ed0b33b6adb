/** Writing merge rules (every query of the merge-rules domain that writes), each with its event. */
import type { MergeRules } from '../../../shared/contract/resources/mergeRules.ts';
import type { Database } from '../../storage/database.ts';
import { recordEvent } from '../events.ts';

/** Sets the rules of an organization (`spaceId` null) or of one of its spaces, replacing any earlier ones. */
export function saveMergeRules(
  db: Database,
  now: Date,
  input: { organizationId: string; spaceId: string | null; rules: MergeRules; actorId: string },
): void {
  const at = now.toISOString();
  db.transaction(() => {
    const scoped = db.q.deleteFrom('merge_rules').where('organization_id', '=', input.organizationId);
    db.run(
      input.spaceId === null
        ? scoped.where('space_id', 'is', null)
        : scoped.where('space_id', '=', input.spaceId),
    );
    db.run(
      db.q.insertInto('merge_rules').values({
        organization_id: input.organizationId,
        space_id: input.spaceId,
        rules: JSON.stringify(input.rules),
        updated_at: at,
        updated_by: input.actorId,
      }),
    );
    recordEvent(db, now, {
      organizationId: input.organizationId,
      actorId: input.actorId,
      action: 'merge_rules.updated',
      subjectType: input.spaceId === null ? 'organization' : 'space',
      subjectId: input.spaceId ?? input.organizationId,
      data: { rules: input.rules },
    });
  });
}

/** Removes a space's own rules; answers whether it had any. */
export function deleteSpaceMergeRules(
  db: Database,
  now: Date,
  input: { organizationId: string; spaceId: string; actorId: string },
): boolean {
  return db.transaction(() => {
    const removed = db.run(db.q.deleteFrom('merge_rules').where('space_id', '=', input.spaceId));
    if (removed > 0)
      recordEvent(db, now, {
        organizationId: input.organizationId,
        actorId: input.actorId,
        action: 'merge_rules.removed',
        subjectType: 'space',
        subjectId: input.spaceId,
      });
    return removed > 0;
  });
}
