/**
 * Reading one change request (by id or number) and writing change requests (creation, merge, update), shared by the
 * handlers of change requests, reviews and comments, the demo seed and the test factories.
 * A merge or an update is computed first (merge-run.ts on a worker thread for requests, `mergeInProcess` for the
 * seed), then written in one transaction by `commitMergeIn` / `commitUpdateIn` (the seed: `commitMerge`).
 * The handlers read and write through the store (`…In`); the synchronous `loadChangeRequest`,
 * `createChangeRequestRecord` and `mergeChangeRequestRecord` stay for the demo seed, the test factories and the
 * handlers not yet on the store (content, reviews, comments).
 */
import { queueSpaceIndexing, queueSpaceIndexingIn } from '../search/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { newId } from '../../ids.ts';
import { builder, type Database } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import type { ChangeRequestsTable, SpacesTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import {
  insertRevision,
  insertRevisionIn,
  loadRevision,
  loadRevisionIn,
  readDocuments,
  type RevisionTree,
} from '../content/revisions.ts';
import { recordEvent, recordEventIn, type EventInput } from '../events.ts';
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
  const query = requestQuery(spaceId, idOrNumber);
  return foundRequest(query && db.first(query), spaceId, idOrNumber);
}

/** As `loadChangeRequest`, read through a store or a transaction. */
export async function loadChangeRequestIn(
  on: Statements,
  spaceId: string,
  idOrNumber: string,
): Promise<ChangeRequestRow> {
  const query = requestQuery(spaceId, idOrNumber);
  return foundRequest(query && (await on.first(query)), spaceId, idOrNumber);
}

/** The query of the request by id or by number; undefined for a number past the safe integers (none has it). */
function requestQuery(spaceId: string, idOrNumber: string) {
  if (!/^\d+$/.test(idOrNumber)) return requestById(spaceId, idOrNumber);
  const number = Number(idOrNumber);
  return Number.isSafeInteger(number) ? requestByNumber(spaceId, number) : undefined;
}

function foundRequest(
  row: ChangeRequestRow | undefined,
  spaceId: string,
  idOrNumber: string,
): ChangeRequestRow {
  if (!row) {
    throw notFound(
      /^\d+$/.test(idOrNumber)
        ? `no change request number ${idOrNumber} in space \`${spaceId}\``
        : `no change request with id \`${idOrNumber}\` in space \`${spaceId}\``,
    );
  }
  return row;
}

/** What a new change request is made of (`createChangeRequestRecord`). */
export interface NewChangeRequest {
  space: Pick<SpacesTable, 'id' | 'organization_id' | 'revision_id'>;
  actorId: string;
  subject?: string;
  status?: 'draft' | 'open' | 'archived' | 'merged';
}

/**
 * A new change request of the space, numbered max + 1 in the space, whose head revision is a copy of the space's
 * current tree (same page ids, so that its changes read as edits of those pages). Runs in its own transaction.
 */
export function createChangeRequestRecord(
  db: Database,
  now: Date,
  input: NewChangeRequest,
): { id: string; number: number } {
  const { space } = input;
  const id = newId();
  return db.transaction(() => {
    const base = loadRevision(db, space.revision_id);
    const head = insertRevision(db, headRevision(input, base.tree, now));
    const number = Number(db.first(lastNumber(space.id))?.n ?? 0) + 1;
    db.run(changeRequestRow(input, now, { id, number, head }));
    recordEvent(db, now, createdEvent(input, id, number));
    return { id, number };
  });
}

/**
 * As `createChangeRequestRecord`, in the caller's transaction of the store (which read the space in it: its number
 * and its head are taken from what the transaction reads).
 */
export async function createChangeRequestRecordIn(
  tx: Statements,
  now: Date,
  input: NewChangeRequest,
): Promise<{ id: string; number: number }> {
  const { space } = input;
  const id = newId();
  const base = await loadRevisionIn(tx, space.revision_id);
  const head = await insertRevisionIn(tx, headRevision(input, base.tree, now));
  const number = Number((await tx.first(lastNumber(space.id)))?.n ?? 0) + 1;
  await tx.run(changeRequestRow(input, now, { id, number, head }));
  await recordEventIn(tx, now, createdEvent(input, id, number));
  return { id, number };
}

const headRevision = (input: NewChangeRequest, tree: RevisionTree, now: Date) => ({
  spaceId: input.space.id,
  type: 'edits' as const,
  parents: [input.space.revision_id],
  tree,
  createdBy: input.actorId,
  now,
});

const lastNumber = (spaceId: string) =>
  builder
    .selectFrom('change_requests')
    .select((eb) => eb.fn.max('number').as('n'))
    .where('space_id', '=', spaceId);

function changeRequestRow(
  input: NewChangeRequest,
  now: Date,
  made: { id: string; number: number; head: string },
) {
  const at = now.toISOString();
  return builder.insertInto('change_requests').values({
    id: made.id,
    space_id: input.space.id,
    number: made.number,
    status: input.status ?? 'open',
    subject: input.subject?.trim() ?? '',
    created_by: input.actorId,
    created_at: at,
    updated_at: at,
    revision_id: made.head,
    revision_initial: input.space.revision_id,
    revision_merged: null,
  });
}

const createdEvent = (input: NewChangeRequest, id: string, number: number): EventInput => ({
  organizationId: input.space.organization_id,
  actorId: input.actorId,
  action: 'change_request.created',
  subjectType: 'change_request',
  subjectId: id,
  data: { space: input.space.id, number, subject: input.subject?.trim() ?? '' },
});

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

const bodyRow = (body: StoredBody) =>
  builder
    .insertInto('documents')
    .values(body)
    .onConflict((oc) => oc.column('id').doNothing());

/** What a merge writes (`commitMerge`). */
export interface MergeInput {
  space: MergedSpace;
  request: MergedRequest;
  actorId: string;
  bypassed?: readonly string[];
}

/**
 * Writes a merge of an open request into the main content in one transaction: a `merge` revision (parents: the
 * space revision, then the request's head) becomes the space's revision, and the request becomes `merged`. Checks of
 * access and status, and the merge itself, are the caller's.
 */
export function commitMerge(
  db: Database,
  now: Date,
  input: MergeInput,
  merged: { tree: RevisionTree; written: readonly StoredBody[] },
): { revision: string } {
  return db.transaction(() => {
    for (const body of merged.written) db.run(bodyRow(body));
    const revision = insertRevision(db, mergeRevision(input, merged.tree, now));
    db.run(spaceMerged(input, revision, now));
    queueSpaceIndexing(db, input.space);
    db.run(requestMerged(input, revision, now));
    recordEvent(db, now, mergedEvent(input, revision));
    return { revision };
  });
}

/**
 * As `commitMerge`, in the caller's transaction of the store, which read in it the space and the request the merge
 * was computed from (unchanged) and judged the rules. The space's indexing is queued in it (the queue is poked
 * after the request).
 */
export async function commitMergeIn(
  tx: Statements,
  now: Date,
  input: MergeInput,
  merged: { tree: RevisionTree; written: readonly StoredBody[] },
): Promise<{ revision: string }> {
  for (const body of merged.written) await tx.run(bodyRow(body));
  const revision = await insertRevisionIn(tx, mergeRevision(input, merged.tree, now));
  await tx.run(spaceMerged(input, revision, now));
  await queueSpaceIndexingIn(tx, input.space);
  await tx.run(requestMerged(input, revision, now));
  await recordEventIn(tx, now, mergedEvent(input, revision));
  return { revision };
}

const mergeRevision = ({ space, request, actorId }: MergeInput, tree: RevisionTree, now: Date) => ({
  spaceId: space.id,
  type: 'merge' as const,
  parents: [space.revision_id, request.revision_id],
  tree,
  createdBy: actorId,
  now,
});

const spaceMerged = ({ space }: MergeInput, revision: string, now: Date) =>
  builder
    .updateTable('spaces')
    .set({ revision_id: revision, updated_at: now.toISOString() })
    .where('id', '=', space.id);

const requestMerged = ({ request, actorId }: MergeInput, revision: string, now: Date) =>
  builder
    .updateTable('change_requests')
    .set({
      status: 'merged',
      revision_merged: revision,
      merged_at: now.toISOString(),
      merged_by: actorId,
      updated_at: now.toISOString(),
    })
    .where('id', '=', request.id);

const mergedEvent = ({ space, request, actorId, bypassed }: MergeInput, revision: string): EventInput => ({
  organizationId: space.organization_id,
  actorId,
  action: 'change_request.merged',
  subjectType: 'change_request',
  subjectId: request.id,
  data: {
    space: space.id,
    number: request.number,
    revision,
    ...(bypassed !== undefined && bypassed.length > 0 ? { bypassedRules: bypassed } : {}),
  },
});

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
 * Writes an update of a request from the main content, in the caller's transaction of the store (which read in it
 * the space and the request the merge was computed from, unchanged): an `update` revision (parents: the head, then
 * the space revision) becomes its head, and the space revision its merge base.
 */
export async function commitUpdateIn(
  tx: Statements,
  now: Date,
  input: { space: MergedSpace; request: MergedRequest; actorId: string },
  merged: { tree: RevisionTree; written: readonly StoredBody[] },
): Promise<{ revision: string }> {
  const { space, request } = input;
  for (const body of merged.written) await tx.run(bodyRow(body));
  const revision = await insertRevisionIn(tx, {
    spaceId: space.id,
    type: 'update',
    parents: [request.revision_id, space.revision_id],
    tree: merged.tree,
    createdBy: input.actorId,
    now,
  });
  await tx.run(
    builder
      .updateTable('change_requests')
      .set({
        revision_id: revision,
        revision_merged_ancestor: space.revision_id,
        updated_at: now.toISOString(),
      })
      .where('id', '=', request.id),
  );
  await recordEventIn(tx, now, {
    organizationId: space.organization_id,
    actorId: input.actorId,
    action: 'change_request.updated_from_main',
    subjectType: 'change_request',
    subjectId: request.id,
    data: { space: space.id, number: request.number, revision, from: space.revision_id },
  });
  return { revision };
}
