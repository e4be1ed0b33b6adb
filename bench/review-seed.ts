/**
 * Seeds a browser-mode data directory for the `review` benchmark: the demo, then in "Acme Docs" spaces (a fresh one
 * for each measured request), each of 1,000 pages (50 chapters of 1 + 19 pages, about 4 KB of markdown each: headings, paragraphs, lists, code
 * blocks, links) with an open change request whose head edits 500 of them (a few paragraphs each, about 2 MB of
 * markdown on the request side), and a main content that moved on meanwhile: 100 other pages edited in a newer space
 * revision. So the request is outdated, and its update is a real three-way merge without conflicts; its merge comes
 * after. The request carries 200 open block comments (the review workflow's anchors): 20 on the first changed page,
 * the page the Changes tab opens on, one per block from its first block, and the others two per changed page after it.
 * Written straight into the server's storage (the content model of `server/domain/content/revisions.ts`, the
 * request created by `createChangeRequestRecord`): through the API this would be thousands of requests.
 */
import { join } from 'node:path';
import {
  buildPages,
  flattenPages,
  insertRevision,
  loadRevision,
  putDocument,
  readDocuments,
  type PageInput,
  type RevisionTree,
  type StoredPage,
} from '../server/domain/content/revisions.ts';
import { createChangeRequestRecord } from '../server/domain/change-requests/records.ts';
import { blockReader, checkTarget } from '../server/domain/comments/anchors.ts';
import { insertCommentRecord } from '../server/domain/comments/commands.ts';
import { newId } from '../server/ids.ts';
import { issueToken } from '../server/domain/organizations/commands.ts';
import { insertSpaceWithTree } from '../server/domain/spaces/records.ts';
import { seedDemo } from '../server/seed/demo.ts';
import type { Database } from '../server/storage/database.ts';
import { openDatabase } from '../server/storage/database.ts';

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

// ---- Content ----

/** A small deterministic generator (mulberry32): the same seed gives the same content on every machine. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'account access admin agent allow api app audit backup billing branch build cache change channel client ' +
  'cluster collection commit config content context cursor dashboard data default deploy detail document domain ' +
  'draft editor endpoint entry error event export feature field file filter flow format group guide header hook ' +
  'image import index input install integration issue item key label layout limit link list local log member ' +
  'merge message method metric migration mode model module network node option order organization output owner ' +
  'page panel parameter path plan policy preview profile project queue quota record region release request ' +
  'resource response review role rule runtime schema scope search secret section server service session setting ' +
  'site source space status storage stream structure team template tenant token topic trace update upload usage ' +
  'user value version view webhook window workflow workspace'
).split(' ');

const VERBS = (
  'adds applies checks creates defines enables explains handles keeps lists lets loads maps moves names opens ' +
  'reads removes returns runs sends sets shows signs stores syncs tracks updates uses validates writes'
).split(' ');

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const plural = (word: string) =>
  /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : /(s|x|ch|sh)$/.test(word) ? `${word}es` : `${word}s`;

function sentence(random: () => number): string {
  const words = [pick(random, WORDS), pick(random, WORDS), pick(random, VERBS)];
  const rest = 4 + Math.floor(random() * 9);
  for (let i = 0; i < rest; i++) words.push(i % 4 === 1 ? `the ${pick(random, WORDS)}` : pick(random, WORDS));
  if (random() < 0.2) words.push(`\`${pick(random, WORDS)}.${pick(random, WORDS)}\``);
  return `${capital(words.join(' '))}.`;
}

function paragraph(random: () => number, sentences = 3 + Math.floor(random() * 3)): string {
  return Array.from({ length: sentences }, () => sentence(random)).join(' ');
}

function codeBlock(random: () => number): string {
  const name = pick(random, WORDS);
  const lines = [
    `const ${name} = await client.${plural(pick(random, WORDS))}.get({`,
    `  ${pick(random, WORDS)}Id: '${pick(random, WORDS)}-${Math.floor(random() * 900 + 100)}',`,
    `  limit: ${Math.floor(random() * 90 + 10)},`,
    '});',
    `for (const item of ${name}.items) {`,
    `  console.log(item.${pick(random, WORDS)}, item.${pick(random, WORDS)});`,
    '}',
  ];
  return ['```typescript', ...lines, '```'].join('\n');
}

function list(random: () => number, ordered: boolean): string {
  const count = 3 + Math.floor(random() * 4);
  return Array.from(
    { length: count },
    (_, i) => `${ordered ? `${i + 1}.` : '-'} ${capital(pick(random, WORDS))}: ${sentence(random)}`,
  ).join('\n');
}

/** A page body of about `target` characters: title, intro, then sections until long enough. */
function pageMarkdown(random: () => number, title: string, related: string[], target = 4000): string {
  const blocks = [`# ${title}`, paragraph(random)];
  let length = blocks.join('\n\n').length;
  for (let section = 0; length < target - 300; section++) {
    const added = [`## ${capital(pick(random, WORDS))} ${plural(pick(random, WORDS))}`, paragraph(random)];
    if (section % 3 === 0) added.push(list(random, section % 2 === 1));
    if (section % 3 === 1) added.push(codeBlock(random));
    if (section % 3 === 2 && related.length > 0) {
      const other = pick(random, related);
      added.push(`See [${other}](${other.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.md) for the details.`);
    }
    added.push(paragraph(random, 2));
    blocks.push(...added);
    length += added.join('\n\n').length + 2 * added.length;
  }
  return `${blocks.join('\n\n')}\n`;
}

/** Chapters of pages, titles and bodies generated. */
function chapterInputs(random: () => number, size: ReviewSeedSize): PageInput[] {
  const titles = Array.from({ length: size.chapters }, (_, c) => {
    const chapter = `${capital(pick(random, WORDS))} ${plural(pick(random, WORDS))}`;
    return {
      chapter: `${String(c + 1).padStart(2, '0')} ${chapter}`,
      pages: Array.from(
        { length: size.pagesPerChapter - 1 },
        (_, p) =>
          `${capital(pick(random, VERBS).replace(/s$/, ''))} the ${pick(random, WORDS)} ${c + 1}.${p + 1}`,
      ),
    };
  });
  return titles.map(({ chapter, pages }) => ({
    title: chapter,
    markdown: pageMarkdown(random, chapter, pages),
    pages: pages.map((title) => ({
      title,
      markdown: pageMarkdown(random, title, [
        chapter,
        ...pages.filter((other) => other !== title).slice(0, 4),
      ]),
    })),
  }));
}

/**
 * An edit touching `count` paragraphs: one reworded (a sentence replaced), one extended (a sentence added), and a
 * new paragraph inserted after another; the rest of the page is left as it was.
 */
function editMarkdown(random: () => number, markdown: string, count: number): string {
  const blocks = markdown.replace(/\n$/, '').split('\n\n');
  const paragraphs = blocks
    .map((block, index) => ({ block, index }))
    .filter(({ block, index }) => index > 0 && /^[A-Z]/.test(block) && !block.startsWith('See ['));
  const chosen = new Set<number>();
  while (chosen.size < Math.min(count, paragraphs.length))
    chosen.add(paragraphs[Math.floor(random() * paragraphs.length)]!.index);
  const out: string[] = [];
  let turn = 0;
  for (const [index, block] of blocks.entries()) {
    if (!chosen.has(index)) {
      out.push(block);
      continue;
    }
    const kind = turn++ % 3;
    if (kind === 0) {
      const sentences = block.split(/(?<=\.) /);
      sentences[Math.floor(random() * sentences.length)] = sentence(random);
      out.push(sentences.join(' '));
    } else if (kind === 1) out.push(`${block} ${sentence(random)}`);
    else out.push(block, paragraph(random, 2));
  }
  return `${out.join('\n\n')}\n`;
}
