/** Writing spaces without HTTP: used by the handlers and by the demo seed. */
import type { Database } from '../../storage/database.ts';
import { indexSpaceNow, isSmallContent, queueSpaceIndexing } from '../search/index.ts';
import { newId } from '../../ids.ts';
import {
  buildFiles,
  buildPages,
  insertRevision,
  type FileInput,
  type PageInput,
  type RevisionTree,
} from '../content/revisions.ts';
import { recordEvent } from '../events.ts';
import { keyAtEnd } from '../collections/siblings.ts';
import { insertRow } from '../../storage/prepared.ts';

/** How long a deleted space stays in the trash, restorable. */
export const TRASH_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Removes a space for good: its revisions go with it (ON DELETE CASCADE); page bodies and file bytes are shared by
 * content hash and stay. The search index is an FTS5 table, which foreign keys cannot reach: its rows go here.
 */
export function deleteSpaceForGood(db: Database, spaceId: string): void {
  db.run(db.q.deleteFrom('search_pages').where('space_id', '=', spaceId));
  db.run(db.q.deleteFrom('spaces').where('id', '=', spaceId));
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
 * or by a job.
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
  const at = now.toISOString();
  db.run(
    insertRow('spaces', {
      id,
      organization_id: input.organizationId,
      parent_id: input.parentId,
      title: input.title,
      emoji: input.emoji ?? '',
      visibility: input.visibility ?? 'private',
      edit_mode: input.editMode ?? 'live',
      default_level: input.defaultLevel === undefined ? 'inherit' : input.defaultLevel,
      language: input.language ?? null,
      sort_key: input.sortKey ?? keyAtEnd(db, input.organizationId, input.parentId),
      revision_id: revisionId,
      created_by: input.actorId,
      created_at: at,
      updated_at: at,
      deleted_at: null,
    }),
  );
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
