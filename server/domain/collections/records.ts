/** Writing collections without HTTP: used by the handlers and by the demo seed. */
import { builder, type Database } from '../../storage/database.ts';
import type { Statements } from '../../storage/store/store.ts';
import { newId } from '../../ids.ts';
import { recordEvent, recordEventIn, type EventInput } from '../events.ts';
import { keyAtEnd, keyAtEndIn } from './siblings.ts';

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
  db.transaction(() => {
    db.run(collectionRow(id, now, input, keyAtEnd(db, input.organizationId, input.parentId)));
    recordEvent(db, now, createdEvent(id, input));
  });
  return id;
}

/** As `createCollectionRecord`, in the caller's transaction of a store (its sort key read in it). */
export async function createCollectionRecordIn(
  tx: Statements,
  now: Date,
  input: NewCollection,
): Promise<string> {
  const id = newId();
  await tx.run(collectionRow(id, now, input, await keyAtEndIn(tx, input.organizationId, input.parentId)));
  await recordEventIn(tx, now, createdEvent(id, input));
  return id;
}

function collectionRow(id: string, now: Date, input: NewCollection, sortKey: string) {
  const at = now.toISOString();
  return builder.insertInto('collections').values({
    id,
    organization_id: input.organizationId,
    parent_id: input.parentId,
    title: input.title,
    description: input.description ?? null,
    default_level: input.defaultLevel === undefined ? 'inherit' : input.defaultLevel,
    sort_key: sortKey,
    created_at: at,
    updated_at: at,
  });
}

const createdEvent = (id: string, input: NewCollection): EventInput => ({
  organizationId: input.organizationId,
  actorId: input.actorId,
  action: 'collection.created',
  subjectType: 'collection',
  subjectId: id,
  data: { title: input.title, parent: input.parentId },
});
