/** Writing collections without HTTP: used by the handlers and by the demo seed. */
import type { Database } from '../../storage/database.ts';
import { newId } from '../../ids.ts';
import { recordEvent } from '../events.ts';
import { keyAtEnd } from './siblings.ts';

export interface NewCollection {
  organizationId: string;
  /** The parent collection (of the same organization), or null for the top level. */
  parentId: string | null;
  title: string;
  description?: string;
  /** A role, `inherit` (the default) or null. */
  defaultLevel?: string | null;
  actorId: string | null;
}

/** Creates a collection at the end of its parent's children, with its event; answers its id. */
export function createCollectionRecord(db: Database, now: Date, input: NewCollection): string {
  const id = newId();
  const at = now.toISOString();
  db.transaction(() => {
    db.run(
      db.q.insertInto('collections').values({
        id,
        organization_id: input.organizationId,
        parent_id: input.parentId,
        title: input.title,
        description: input.description ?? null,
        default_level: input.defaultLevel === undefined ? 'inherit' : input.defaultLevel,
        sort_key: keyAtEnd(db, input.organizationId, input.parentId),
        created_at: at,
        updated_at: at,
      }),
    );
    recordEvent(db, now, {
      organizationId: input.organizationId,
      actorId: input.actorId,
      action: 'collection.created',
      subjectType: 'collection',
      subjectId: id,
      data: { title: input.title, parent: input.parentId },
    });
  });
  return id;
}
