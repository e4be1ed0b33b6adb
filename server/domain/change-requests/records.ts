/**
 * Reading one change request (by id or number) and writing change requests (creation, merge, update), shared by the
 * handlers of change requests, reviews and comments, the demo seed and the test factories.
 * A merge or an update is computed first (merge-run.ts on a worker thread for requests, `mergeInProcess` for the
 * seed), then written in one transaction by `commitMerge` / `commitUpdate`.
 */
import { queueSpaceIndexing } from '../search/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { newId } from '../../ids.ts';
import type { Database } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import type { ChangeRequestsTable, SpacesTable } from '../../storage/schema.ts';
import { insertRevision, loadRevision, readDocuments, type RevisionTree } from '../content/revisions.ts';
import { recordEvent } from '../events.ts';
import type { MergeConflict } from './merge.ts';
import { mergeKeepingWrites } from './merge-task.ts';
import { changeRequestQuery, mergeBaseOf, type ChangeRequestRow } from './present.ts';

const requestById = prepared((spaceId: string, id: string) =>
  changeRequestQuery().where('cr.space_id', '=', spaceId).where('cr.id', '=', id),
);
const requestByNumber = prepared((spaceId: string, number: number) =>
  changeRequestQuery().where('cr.space_id', '=', spaceId).where('cr.number', '=', number),
);

/** The request named by id or by number (all digits) in the space, or 404. */
export function loadChangeRequest(db: Database, spaceId: string, idOrNumber: string): ChangeRequestRow {
  let row: ChangeRequestRow | undefined;
  if (/^\d+$/.test(idOrNumber)) {
    const number = Number(idOrNumber);
    if (!Number.isSafeInteger(number))
      throw notFound(`no change request number ${idOrNumber} in space \`${spaceId}\``);
    row = db.first(requestByNumber(spaceId, number));
  } else {
    row = db.first(requestById(spaceId, idOrNumber));
  }
  if (!row) {
    throw notFound(
      /^\d+$/.test(idOrNumber)
        ? `no change request number ${idOrNumber} in space \`${spaceId}\``
        : `no change request with id \`${idOrNumber}\` in space \`${spaceId}\``,
    );
  }
  return row;
}

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

/** The request's columns a merge or an update reads. */
export type MergedRequest = Pick<
  ChangeRequestsTable,
  'id' | 'number' | 'status' | 'revision_id' | 'revision_initial' | 'revision_merged_ancestor'
>;
export type MergedSpace = Pick<SpacesTable, 'id' | 'organization_id' | 'revision_id'>;

/** A merge's result: the merged tree and the bodies it made (to store), or every conflict. */
export type MergeResult = { tree: RevisionTree; written: StoredBody[] } | { conflicts: MergeConflict[] };
export interface StoredBody {
  id: string;
  markdown: string;
}

/**
 * The three-way merge of the request's head with the space revision `mainRevisionId`, against its merge base, on
 * this thread (the demo seed; requests merge on a worker thread, merge-run.ts). When the space did not move past the
 * base, the result is the head's tree and nothing is read. Nothing is written.
 */
export function mergeInProcess(db: Database, request: MergedRequest, mainRevisionId: string): MergeResult {
  const baseId = mergeBaseOf(request);
  const head = loadRevision(db, request.revision_id).tree;
  if (mainRevisionId === baseId) return { tree: head, written: [] };
  return mergeKeepingWrites(
    { base: loadRevision(db, baseId).tree, main: loadRevision(db, mainRevisionId).tree, changeRequest: head },
    (documentIds) => readDocuments(db, documentIds),
  );
}

/** "on page “A”" or "on pages “A”, “B”": the pages of conflicts, each once, in order. */
export function conflictingPages(conflicts: readonly MergeConflict[]): string {
  const titles = new Map<string, string>();
  for (const found of conflicts) if (!titles.has(found.page.id)) titles.set(found.page.id, found.page.title);
  const quoted = [...titles.values()].map((title) => `“${title}”`);
  return `${quoted.length === 1 ? 'page' : 'pages'} ${quoted.join(', ')}`;
}

/** The merged tree, or the 409 naming the conflicting pages (`what` says what could not be done). */
export function mergedTree(
  result: MergeResult,
  request: MergedRequest,
  action: 'merge' | 'update',
): { tree: RevisionTree; written: StoredBody[] } {
  if (!('conflicts' in result)) return result;
  const pages = conflictingPages(result.conflicts);
  throw conflict(
    action === 'merge'
      ? `change request ${request.number} conflicts with the main content on ${pages}; update the change request and resolve them`
      : `change request ${request.number} cannot be updated: it conflicts with the main content on ${pages}; edit those pages in the change request to resolve them`,
  );
}

function storeBodies(db: Database, bodies: readonly StoredBody[]): void {
  for (const body of bodies)
    db.run(
      db.q
        .insertInto('documents')
        .values(body)
        .onConflict((oc) => oc.column('id').doNothing()),
    );
}

/**
 * Writes a merge of an open request into the main content in one transaction: a `merge` revision (parents: the
 * space revision, then the request's head) becomes the space's revision, and the request becomes `merged`. Checks of
 * access and status, and the merge itself, are the caller's.
 */
export function commitMerge(
  db: Database,
  now: Date,
  input: { space: MergedSpace; request: MergedRequest; actorId: string; bypassed?: readonly string[] },
  merged: { tree: RevisionTree; written: readonly StoredBody[] },
): { revision: string } {
  const { space, request } = input;
  const at = now.toISOString();
  return db.transaction(() => {
    storeBodies(db, merged.written);
    const revision = insertRevision(db, {
      spaceId: space.id,
      type: 'merge',
      parents: [space.revision_id, request.revision_id],
      tree: merged.tree,
      createdBy: input.actorId,
      now,
    });
    db.run(
      db.q.updateTable('spaces').set({ revision_id: revision, updated_at: at }).where('id', '=', space.id),
    );
    queueSpaceIndexing(db, space);
    db.run(
      db.q
        .updateTable('change_requests')
        .set({
          status: 'merged',
          revision_merged: revision,
          merged_at: at,
          merged_by: input.actorId,
          updated_at: at,
        })
        .where('id', '=', request.id),
    );
    recordEvent(db, now, {
      organizationId: space.organization_id,
      actorId: input.actorId,
      action: 'change_request.merged',
      subjectType: 'change_request',
      subjectId: request.id,
      data: {
        space: space.id,
        number: request.number,
        revision,
        ...(input.bypassed !== undefined && input.bypassed.length > 0
          ? { bypassedRules: input.bypassed }
          : {}),
      },
    });
    return { revision };
  });
}

/** Merges an open request on this thread (the demo seed): `mergeInProcess`, then `commitMerge`; conflicts are a 409. */
export function mergeChangeRequestRecord(
  db: Database,
  now: Date,
  input: { space: MergedSpace; request: MergedRequest; actorId: string },
): { revision: string } {
  const merged = mergedTree(
    mergeInProcess(db, input.request, input.space.revision_id),
    input.request,
    'merge',
  );
  return commitMerge(db, now, input, merged);
}

/**
 * Writes an update of a request from the main content in one transaction: an `update` revision (parents: the head,
 * then the space revision) becomes its head, and the space revision its merge base.
 */
export function commitUpdate(
  db: Database,
  now: Date,
  input: { space: MergedSpace; request: MergedRequest; actorId: string },
  merged: { tree: RevisionTree; written: readonly StoredBody[] },
): { revision: string } {
  const { space, request } = input;
  return db.transaction(() => {
    storeBodies(db, merged.written);
    const revision = insertRevision(db, {
      spaceId: space.id,
      type: 'update',
      parents: [request.revision_id, space.revision_id],
      tree: merged.tree,
      createdBy: input.actorId,
      now,
    });
    db.run(
      db.q
        .updateTable('change_requests')
        .set({
          revision_id: revision,
          revision_merged_ancestor: space.revision_id,
          updated_at: now.toISOString(),
        })
        .where('id', '=', request.id),
    );
    recordEvent(db, now, {
      organizationId: space.organization_id,
      actorId: input.actorId,
      action: 'change_request.updated_from_main',
      subjectType: 'change_request',
      subjectId: request.id,
      data: { space: space.id, number: request.number, revision, from: space.revision_id },
    });
    return { revision };
  });
}
