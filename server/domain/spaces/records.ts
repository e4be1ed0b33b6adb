/** Writing spaces without HTTP: used by the handlers and by the demo seed. */
import type { Services } from '../../http/context.ts';
import { builder, type Database } from '../../storage/database.ts';
import { SqliteStore } from '../../storage/store/sqlite-store.ts';
import type { Statements } from '../../storage/store/store.ts';
import { indexSpaceNow, isSmallContent, queueSpaceIndexing, queueSpaceIndexingIn } from '../search/index.ts';
import { newId } from '../../ids.ts';
import {
  buildFiles,
  buildFilesIn,
  buildPages,
  buildPagesIn,
  insertRevision,
  insertRevisionIn,
  type FileInput,
  type PageInput,
  type RevisionTree,
} from '../content/revisions.ts';
import { recordEvent, recordEventIn } from '../events.ts';
import { keyAtEnd, keyAtEndIn } from '../collections/siblings.ts';
import { insertRow } from '../../storage/prepared.ts';

/** How long a deleted space stays in the trash, restorable. */
export const TRASH_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Removes a space for good: its revisions go with it (ON DELETE CASCADE); page bodies and file bytes are shared by
 * content hash and stay. The search index is an FTS5 table, which foreign keys cannot reach: its rows go here.
 */
export async function deleteSpaceForGood(tx: Statements, spaceId: string): Promise<void> {
  await tx.run(builder.deleteFrom('search_pages').where('space_id', '=', spaceId));
  await tx.run(builder.deleteFrom('spaces').where('id', '=', spaceId));
}

export interface NewSpace {
  organizationId: string;
  /** The parent collection (of the same organization), or null for the top level. */
  parentId: string | null;
  title: string;
  emoji?: string;
  /** Default `private`. */
  visibility?: string;
  /** A role, `inherit` (the default) or null. */
  defaultLevel?: string | null;
  /** Default `live`. */
  editMode?: 'live' | 'locked';
  language?: string | null;
  /** The content of the first revision. */
  pages: readonly PageInput[];
  files?: readonly FileInput[];
  actorId: string | null;
  /** The sort key; default: after every child of the parent. */
  sortKey?: string;
}

/**
 * Inserts a space row with a first revision holding `tree`; answers the space id. The revision refers to the space
 * and the space to its revision: the revision's id is chosen first, the row written with it, then the revision,
 * inside one transaction. `index`: indexed for search in that transaction (small content only: search/index.ts),
 * or by a job. Synchronous, for the bench seeds (the handlers write through `insertSpaceWithTreeIn`).
 */
export function insertSpaceWithTree(
  db: Database,
  now: Date,
  input: Omit<NewSpace, 'pages' | 'files'>,
  tree: () => RevisionTree,
  index: 'now' | 'job' = 'job',
): { id: string; revisionId: string } {
  return db.transaction(() => insertSpaceRows(db, now, input, tree, index));
}

/** `insertSpaceWithTree`'s writes, in the caller's transaction. */
function insertSpaceRows(
  db: Database,
  now: Date,
  input: Omit<NewSpace, 'pages' | 'files'>,
  tree: () => RevisionTree,
  index: 'now' | 'job',
): { id: string; revisionId: string } {
  const id = newId();
  const revisionId = newId();
  const sortKey = input.sortKey ?? keyAtEnd(db, input.organizationId, input.parentId);
  db.run(spaceRow(id, revisionId, now, input, sortKey));
  const built = tree();
  insertRevision(db, {
    id: revisionId,
    spaceId: id,
    type: 'edits',
    parents: [],
    tree: built,
    createdBy: input.actorId,
    now,
  });
  if (index === 'now') indexSpaceNow(db, id, { fresh: true, revision: { id: revisionId, tree: built } });
  else queueSpaceIndexing(db, { id, organization_id: input.organizationId });
  return { id, revisionId };
}

function spaceRow(
  id: string,
  revisionId: string,
  now: Date,
  input: Omit<NewSpace, 'pages' | 'files'>,
  sortKey: string,
) {
  const at = now.toISOString();
  return insertRow('spaces', {
    id,
    organization_id: input.organizationId,
    parent_id: input.parentId,
    title: input.title,
    emoji: input.emoji ?? '',
    visibility: input.visibility ?? 'private',
    edit_mode: input.editMode ?? 'live',
    default_level: input.defaultLevel === undefined ? 'inherit' : input.defaultLevel,
    language: input.language ?? null,
    sort_key: sortKey,
    revision_id: revisionId,
    created_by: input.actorId,
    created_at: at,
    updated_at: at,
    deleted_at: null,
  });
}

/** A space written through a store's transaction, to index once it is committed (`indexNewSpace`). */
export interface InsertedSpace {
  id: string;
  organizationId: string;
  revisionId: string;
  tree: RevisionTree;
  index: 'now' | 'job';
}

/**
 * As `insertSpaceWithTree`, in the caller's transaction of a store (its sort key, without one given, read in it).
 * The space is not indexed here: search indexing still runs on the synchronous `Database`, after the transaction
 * (`indexNewSpace`).
 */
export async function insertSpaceWithTreeIn(
  tx: Statements,
  now: Date,
  input: Omit<NewSpace, 'pages' | 'files'>,
  tree: () => Promise<RevisionTree>,
  index: 'now' | 'job' = 'job',
): Promise<InsertedSpace> {
  const id = newId();
  const revisionId = newId();
  const sortKey = input.sortKey ?? (await keyAtEndIn(tx, input.organizationId, input.parentId));
  await tx.run(spaceRow(id, revisionId, now, input, sortKey));
  const built = await tree();
  await insertRevisionIn(tx, {
    id: revisionId,
    spaceId: id,
    type: 'edits',
    parents: [],
    tree: built,
    createdBy: input.actorId,
    now,
  });
  return { id, organizationId: input.organizationId, revisionId, tree: built, index };
}

/** As `createSpaceRecord`, in the caller's transaction of a store; index the space after it (`indexNewSpace`). */
export async function createSpaceRecordIn(
  tx: Statements,
  now: Date,
  input: NewSpace,
): Promise<InsertedSpace> {
  const inserted = await insertSpaceWithTreeIn(
    tx,
    now,
    input,
    async () => ({
      pages: await buildPagesIn(tx, now, input.pages),
      files: await buildFilesIn(tx, input.files ?? []),
    }),
    isSmallContent(input.pages) ? 'now' : 'job',
  );
  await recordEventIn(tx, now, {
    organizationId: input.organizationId,
    actorId: input.actorId,
    action: 'space.created',
    subjectType: 'space',
    subjectId: inserted.id,
    data: { title: input.title, parent: input.parentId },
  });
  return inserted;
}

/**
 * Indexes a space written through the store, once its transaction is committed: on SQLite now (small content) or by
 * a job, on the synchronous `Database` between the store's transactions; on another store always by a job, queued
 * through the store (the queue is poked after the request). A process that stops between the commit and this loses
 * the indexing (the next revision of the space queues it again).
 */
export async function indexNewSpace(services: Services, space: InsertedSpace): Promise<void> {
  const { store, db } = services;
  if (!(store instanceof SqliteStore))
    return queueSpaceIndexingIn(store, { id: space.id, organization_id: space.organizationId });
  await store.outsideTransactions(() =>
    db.transaction(() => {
      if (space.index === 'now')
        indexSpaceNow(db, space.id, { fresh: true, revision: { id: space.revisionId, tree: space.tree } });
      else queueSpaceIndexing(db, { id: space.id, organization_id: space.organizationId });
    }),
  );
}

/** Creates a space at the end of its parent's children, with a first revision and its event; answers its id. */
export function createSpaceRecord(db: Database, now: Date, input: NewSpace): string {
  // One transaction, without a savepoint of the insert's own (its failure takes everything back here too).
  return db.transaction(() => {
    const { id } = insertSpaceRows(
      db,
      now,
      input,
      () => ({
        pages: buildPages(db, now, input.pages),
        files: buildFiles(db, input.files ?? []),
      }),
      isSmallContent(input.pages) ? 'now' : 'job',
    );
    recordEvent(db, now, {
      organizationId: input.organizationId,
      actorId: input.actorId,
      action: 'space.created',
      subjectType: 'space',
      subjectId: id,
      data: { title: input.title, parent: input.parentId },
    });
    return id;
  });
}
