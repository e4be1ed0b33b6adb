/**
 * Seeds a browser-mode data directory for the `review` benchmark: the demo, then in "Acme Docs" spaces (a fresh one
 * for each measured request), each of 1,000 pages (50 chapters of 1 + 19 pages, about 4 KB of markdown each: headings, paragraphs, lists, code
 * blocks, links) with an open change request whose head edits 500 of them (a few paragraphs each, about 2 MB of
 * markdown on the request side), and a main content that moved on meanwhile: 100 other pages edited in a newer space
 * revision. So the request is outdated, and its update is a real three-way merge without conflicts; its merge comes
 * after. The request carries 200 open block comments (the review workflow's anchors): 20 on the first changed page,
 * the page the Changes tab opens on, one per block from its first block, and the others two per changed page after it.
 * Written straight into the server's storage (the content model of `server/domain/content/revisions.ts`, the
 * request created by `createChangeRequestRecord`): through the API this would be thousands of requests. The spaces
 * are indexed for search before the seed closes (`indexQueuedSpacesNow`), so no load shares the machine with that job.
 */
import { join } from 'node:path';
import {
  buildPages,
  flattenPages,
  insertRevision,
  loadRevision,
  putDocument,
  readDocuments,
  type RevisionTree,
  type StoredPage,
} from '../server/domain/content/revisions.ts';
import { createChangeRequestRecord } from '../server/domain/change-requests/records.ts';
import { blockReader, checkTarget } from '../server/domain/comments/anchors.ts';
import { insertCommentRecord } from '../server/domain/comments/commands.ts';
import { newId } from '../server/ids.ts';
import { issueToken } from '../server/domain/organizations/commands.ts';
import { indexQueuedSpacesNow } from '../server/domain/search/index.ts';
import { insertSpaceWithTree } from '../server/domain/spaces/records.ts';
import { seedDemo } from '../server/seed/demo.ts';
import type { Database } from '../server/storage/database.ts';
import { openDatabase } from '../server/storage/database.ts';
import { chapterInputs, editMarkdown, mulberry32 } from './review-content.ts';

export const REVIEW_ORG_TITLE = 'Acme Docs';

/** How much to seed. */
export interface ReviewSeedSize {
  /** Spaces, each with its own request (a merged request cannot be measured again). */
  spaces: number;
  /** Chapters (top-level pages) per space. */
  chapters: number;
  /** Pages per chapter, the chapter included. */
  pagesPerChapter: number;
  /** Every how many pages the request edits one (2: half of them). */
  editEvery: number;
  /** Pages edited on the main content after the request started (never one the request edits). */
  mainEdits: number;
  /** Open block comments on the request, in all. */
  blockComments: number;
  /** Of them, on the first changed page (one per block, from the first). */
  firstPageComments: number;
}

export const DEFAULT_REVIEW_SIZE: ReviewSeedSize = {
  spaces: 3,
  chapters: 50,
  pagesPerChapter: 20,
  editEvery: 2,
  mainEdits: 100,
  blockComments: 200,
  firstPageComments: 20,
};

/** One seeded space and its request. */
export interface ReviewSpace {
  spaceId: string;
  changeRequestId: string;
  changeRequestNumber: number;
  /** The pages the request edits, in reading order. */
  changedPageIds: string[];
  /** Block comments on the first changed page (the page the Changes tab opens on). */
  firstPageComments: number;
}

/** What the benchmark needs to know about the seeded data. */
export interface ReviewSeed {
  orgId: string;
  /** A token of the organization's owner (the sandbox profile's user), for the server half. */
  token: string;
  spaces: ReviewSpace[];
  /** Per space: pages, pages the request changes, pages main changed. */
  pages: number;
  changedPages: number;
  mainChangedPages: number;
  /** Bytes (UTF-8) of markdown of the changed pages, on the request side and on the base side (one space). */
  changedHeadBytes: number;
  changedBaseBytes: number;
  /** Open block comments on each request. */
  blockComments: number;
}

/** Seeds `<dataDir>/sandbox` (the database the browser-mode supervisor opens) and closes it again. */
export function seedReview(dataDir: string, size: ReviewSeedSize, now = new Date()): ReviewSeed {
  const db = openDatabase(join(dataDir, 'sandbox'));
  try {
    if (seedDemo(db, now) === undefined) throw new Error(`${dataDir} already has a sandbox database`);
    const org = db.first(db.q.selectFrom('organizations').select('id').where('title', '=', REVIEW_ORG_TITLE));
    if (org === undefined) throw new Error(`the demo has no organization titled ${REVIEW_ORG_TITLE}`);
    const owner = db.first(
      db.q
        .selectFrom('members')
        .select('user_id')
        .where('organization_id', '=', org.id)
        .where('role', '=', 'admin')
        .orderBy('joined_at'),
    );
    if (owner === undefined) throw new Error(`${REVIEW_ORG_TITLE} has no admin`);
    const token = db.transaction(() => issueToken(db, now, owner.user_id, 'bench'));
    const spaces: ReviewSpace[] = [];
    let figures: Omit<ReviewSeed, 'orgId' | 'token' | 'spaces'> | undefined;
    for (let s = 0; s < size.spaces; s++) {
      const seeded = seedSpace(db, now, {
        organizationId: org.id,
        actorId: owner.user_id,
        index: s,
        size,
      });
      spaces.push(seeded.space);
      figures ??= seeded.figures;
    }
    if (figures === undefined) throw new Error('no space to seed');
    // Each new space queued its search indexing: left queued, it ran in the first load's server (a worker thread,
    // then about 230 ms of index writes per space on the server's thread) while that load was measured.
    indexQueuedSpacesNow(db);
    return { orgId: org.id, token, spaces, ...figures };
  } finally {
    db.close();
  }
}

/** One space of 1,000 pages, its request (500 pages edited) and main's own later edits (100 other pages). */
function seedSpace(
  db: Database,
  now: Date,
  input: { organizationId: string; actorId: string; index: number; size: ReviewSeedSize },
): { space: ReviewSpace; figures: Omit<ReviewSeed, 'orgId' | 'token' | 'spaces'> } {
  const { size } = input;
  const random = mulberry32(0x5eed + input.index * 7919);
  // Times a little apart, so that the revisions read in order (base, request edits, main edits).
  const at = (minutes: number) => new Date(now.getTime() - (60 - minutes) * 60_000);
  return db.transaction(() => {
    const { id: spaceId } = insertSpaceWithTree(
      db,
      at(0),
      {
        organizationId: input.organizationId,
        parentId: null,
        title: `Bench Review ${String(input.index + 1).padStart(2, '0')}`,
        emoji: '📝',
        actorId: input.actorId,
      },
      () => ({ pages: buildPages(db, at(0), chapterInputs(random, size)), files: [] }),
    );
    const space = db.first(
      db.q.selectFrom('spaces').select(['id', 'organization_id', 'revision_id']).where('id', '=', spaceId),
    )!;
    const request = createChangeRequestRecord(db, at(1), {
      space,
      actorId: input.actorId,
      subject: 'Revise half of the handbook',
    });
    const requestRow = db.first(
      db.q.selectFrom('change_requests').select('revision_id').where('id', '=', request.id),
    )!;
    const base = loadRevision(db, space.revision_id).tree;
    const placed = flattenPages(base.pages).map((entry) => entry.page);
    const bodies = readDocuments(
      db,
      placed.map((page) => page.documentId!),
    );

    // The request: every `editEvery`-th page, a few paragraphs each.
    const requestEdited = new Set(placed.filter((_, i) => i % size.editEvery === 0).map((page) => page.id));
    let changedHeadBytes = 0;
    let changedBaseBytes = 0;
    const head = editTree(db, at(2), base, requestEdited, (page) => {
      const before = bodies.get(page.documentId!)!;
      const after = editMarkdown(random, before, 3);
      changedBaseBytes += Buffer.byteLength(before);
      changedHeadBytes += Buffer.byteLength(after);
      return after;
    });
    const headRevision = insertRevision(db, {
      spaceId,
      type: 'edits',
      parents: [requestRow.revision_id],
      tree: head,
      createdBy: input.actorId,
      now: at(2),
    });
    db.run(
      db.q
        .updateTable('change_requests')
        .set({ revision_id: headRevision, updated_at: at(2).toISOString() })
        .where('id', '=', request.id),
    );

    const comments = seedBlockComments(db, at(2), {
      organizationId: input.organizationId,
      actorId: input.actorId,
      spaceId,
      changeRequestId: request.id,
      revisionId: headRevision,
      tree: head,
      changed: placed.filter((page) => requestEdited.has(page.id)).map((page) => page.id),
      size,
    });

    // Main moves on: other pages, spread over the space, edited in a newer space revision.
    const others = placed.filter((page) => !requestEdited.has(page.id));
    const step = Math.max(1, Math.floor(others.length / size.mainEdits));
    const mainEdited = new Set(
      others
        .filter((_, i) => i % step === 0)
        .slice(0, size.mainEdits)
        .map((page) => page.id),
    );
    const main = editTree(db, at(3), base, mainEdited, (page) =>
      editMarkdown(random, bodies.get(page.documentId!)!, 2),
    );
    const mainRevision = insertRevision(db, {
      spaceId,
      type: 'edits',
      parents: [space.revision_id],
      tree: main,
      createdBy: input.actorId,
      now: at(3),
    });
    db.run(
      db.q
        .updateTable('spaces')
        .set({ revision_id: mainRevision, updated_at: at(3).toISOString() })
        .where('id', '=', spaceId),
    );
    return {
      space: {
        spaceId,
        changeRequestId: request.id,
        changeRequestNumber: request.number,
        changedPageIds: [...requestEdited],
        firstPageComments: comments.onFirst,
      },
      figures: {
        pages: placed.length,
        changedPages: requestEdited.size,
        mainChangedPages: mainEdited.size,
        changedHeadBytes,
        changedBaseBytes,
        blockComments: comments.total,
      },
    };
  });
}

/**
 * The request's open block comments, checked against its head revision as a posted one is (`checkTarget`): one per
 * block of the first changed page from its first block, then two per changed page after it (its first and third
 * blocks). Answers how many are on the first page, and in all.
 */
function seedBlockComments(
  db: Database,
  now: Date,
  input: {
    organizationId: string;
    actorId: string;
    spaceId: string;
    changeRequestId: string;
    revisionId: string;
    tree: RevisionTree;
    changed: readonly string[];
    size: ReviewSeedSize;
  },
): { onFirst: number; total: number } {
  const pages = new Map(flattenPages(input.tree.pages).map((placed) => [placed.page.id, placed]));
  const blocksOf = blockReader(db, pages);
  const scope = {
    spaceId: input.spaceId,
    changeRequestId: input.changeRequestId,
    revisionId: input.revisionId,
    commentsUrl: `/v1/spaces/${input.spaceId}/change-requests/${input.changeRequestId}/comments`,
  };
  const [first, ...rest] = input.changed;
  if (first === undefined) return { onFirst: 0, total: 0 };
  const targets: { page: string; node: string }[] = blocksOf(first)
    .slice(0, input.size.firstPageComments)
    .map((block) => ({ page: first, node: block.key }));
  const onFirst = targets.length;
  for (const page of rest) {
    if (targets.length >= input.size.blockComments) break;
    const blocks = blocksOf(page);
    for (const block of [blocks[0], blocks[2]])
      if (block !== undefined && targets.length < input.size.blockComments)
        targets.push({ page, node: block.key });
  }
  targets.forEach((target, index) => {
    insertCommentRecord(db, now, {
      id: newId(),
      scope,
      organizationId: input.organizationId,
      authorId: input.actorId,
      text: `Review note ${index + 1}: check that this block still reads well after the edit.`,
      target: checkTarget(db, pages, target, 'the request'),
    });
  });
  return { onFirst, total: targets.length };
}

/** A copy of `tree` (same page ids) where each page of `edited` has the body `edit` answers. */
function editTree(
  db: Database,
  now: Date,
  tree: RevisionTree,
  edited: ReadonlySet<string>,
  edit: (page: StoredPage) => string,
): RevisionTree {
  const at = now.toISOString();
  const copy = (pages: readonly StoredPage[]): StoredPage[] =>
    pages.map((page) =>
      edited.has(page.id)
        ? { ...page, documentId: putDocument(db, edit(page)), updatedAt: at, pages: copy(page.pages) }
        : { ...page, pages: copy(page.pages) },
    );
  return { pages: copy(tree.pages), files: tree.files };
}
