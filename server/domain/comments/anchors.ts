/**
 * Where a comment is anchored, checked when posted and found again when read: a page of the scope's revision, a block
 * of that page (`node`, a block key of `content/block-keys.ts`), and optionally lines of that block.
 *
 * Rules:
 * - `page` must be a page of the scope's revision (400 naming `page`).
 * - `node` needs `page` and must be the key of a block of that page's body in that revision (400 naming `node`);
 *   the block's text hash is kept with the comment.
 * - `lines` needs `node`; `start` ≤ `end`, and `end` stays within the page's lines counted from the block's first
 *   line (400 naming `lines`).
 * - Read back in the scope's current revision, a block comment carries its block's place (`index`) while a block
 *   has its key, and `outdated` once that block is gone or its text differs from when it was posted.
 */
import type { Static } from '@sinclair/typebox';
import type { BlockLines } from '../../../shared/contract/resources/comments.ts';
import { badRequest } from '../../errors.ts';
import type { Database } from '../../storage/database.ts';
import type { Statements } from '../../storage/store/store.ts';
import { keyedBlocks, keyedBlocksIn, type KeyedBlock } from '../content/block-keys.ts';
import { readDocument, readDocumentsIn, type PlacedPage } from '../content/revisions.ts';

/** A checked target, as stored with the comment. */
export interface CheckedTarget {
  pageId: string | null;
  node: string | null;
  nodeHash: string | null;
  lineStart: number | null;
  lineEnd: number | null;
}

/** What a stored block comment finds in the scope's current revision. */
export interface AnchorState {
  /** The block's place among the page's blocks; undefined once no block has the key. */
  index: number | undefined;
  outdated: boolean;
}

/** Reads the keyed blocks of the pages of a revision, each page once. */
export function blockReader(db: Database, pages: ReadonlyMap<string, PlacedPage>) {
  const cache = new Map<string, KeyedBlock[]>();
  return (pageId: string): KeyedBlock[] => {
    let blocks = cache.get(pageId);
    if (blocks === undefined) {
      const page = pages.get(pageId)?.page;
      const documentId = page?.documentId;
      blocks =
        documentId === undefined
          ? []
          : keyedBlocks(db, pageId, documentId, () => readDocument(db, documentId));
      cache.set(pageId, blocks);
    }
    return blocks;
  };
}

/**
 * As `blockReader`, through a store or a transaction: the keyed blocks of `pageIds` (pages of the revision) are read
 * at once, in one query for their bodies; a page not among them has none.
 */
export async function blockReaderIn(
  on: Statements,
  pages: ReadonlyMap<string, PlacedPage>,
  pageIds: Iterable<string>,
): Promise<(pageId: string) => KeyedBlock[]> {
  const wanted = new Map<string, string>();
  for (const pageId of pageIds) {
    const documentId = pages.get(pageId)?.page.documentId;
    if (documentId !== undefined) wanted.set(pageId, documentId);
  }
  const bodies = await readDocumentsIn(on, [...wanted.values()]);
  const read = new Map<string, KeyedBlock[]>();
  for (const [pageId, documentId] of wanted)
    read.set(pageId, await keyedBlocksIn(on, pageId, documentId, bodies.get(documentId) ?? ''));
  return (pageId) => read.get(pageId) ?? [];
}

/** A comment's target as posted. */
export type PostedTarget = { page?: string; node?: string; lines?: Static<typeof BlockLines> };

/**
 * Checks a comment's target against the pages of the scope's revision; 400 naming the field otherwise (the bench's
 * review seed; the handlers check through the store, `checkTargetIn`).
 */
export function checkTarget(
  db: Database,
  pages: ReadonlyMap<string, PlacedPage>,
  target: PostedTarget,
  where: string,
  /** Path of the target's fields in the body (`comments[2].` for a review's third comment). */
  prefix = '',
): CheckedTarget {
  return checkTargetWith(blockReader(db, pages), pages, target, where, prefix);
}

/** As `checkTarget`, the target's blocks read through a store or a transaction. */
export async function checkTargetIn(
  on: Statements,
  pages: ReadonlyMap<string, PlacedPage>,
  target: PostedTarget,
  where: string,
  prefix = '',
): Promise<CheckedTarget> {
  const blocksOf = await blockReaderIn(
    on,
    pages,
    target.page !== undefined && target.node !== undefined ? [target.page] : [],
  );
  return checkTargetWith(blocksOf, pages, target, where, prefix);
}

function checkTargetWith(
  blocksOf: (pageId: string) => KeyedBlock[],
  pages: ReadonlyMap<string, PlacedPage>,
  target: PostedTarget,
  where: string,
  prefix: string,
): CheckedTarget {
  const none: CheckedTarget = { pageId: null, node: null, nodeHash: null, lineStart: null, lineEnd: null };
  if (target.page === undefined) {
    if (target.node !== undefined)
      throw badRequest(`body field \`${prefix}node\`: a block comment needs its \`page\``);
    if (target.lines !== undefined)
      throw badRequest(`body field \`${prefix}lines\`: lines need their block (\`node\`)`);
    return none;
  }
  if (!pages.has(target.page))
    throw badRequest(`body field \`${prefix}page\`: no page with id \`${target.page}\` in ${where}`);
  if (target.node === undefined) {
    if (target.lines !== undefined)
      throw badRequest(`body field \`${prefix}lines\`: lines need their block (\`node\`)`);
    return { ...none, pageId: target.page };
  }
  const blocks = blocksOf(target.page);
  const block = blocks.find((candidate) => candidate.key === target.node);
  if (block === undefined)
    throw badRequest(
      `body field \`${prefix}node\`: no block with key \`${target.node}\` on page \`${target.page}\` in ${where}`,
    );
  let lineStart: number | null = null;
  let lineEnd: number | null = null;
  if (target.lines !== undefined) {
    const { start, end } = target.lines;
    if (start > end)
      throw badRequest(`body field \`${prefix}lines\`: \`start\` (${start}) is after \`end\` (${end})`);
    const last = blocks.at(-1)!;
    const available = last.line + last.lines - block.line;
    if (end >= available)
      throw badRequest(
        `body field \`${prefix}lines.end\`: the page has ${available} ${available === 1 ? 'line' : 'lines'} from this block on (0 to ${available - 1})`,
      );
    lineStart = start;
    lineEnd = end;
  }
  return { pageId: target.page, node: block.key, nodeHash: block.hash, lineStart, lineEnd };
}

/**
 * Finds stored block comments again in the pages of the scope's current revision: the blocks of the pages of
 * `pageIds` (those the presented comments target), read at once.
 */
export async function anchorFinderIn(
  on: Statements,
  pages: ReadonlyMap<string, PlacedPage>,
  pageIds: Iterable<string>,
) {
  return anchorsIn(await blockReaderIn(on, pages, pageIds));
}

function anchorsIn(blocksOf: (pageId: string) => KeyedBlock[]) {
  return (pageId: string, node: string, hash: string | null): AnchorState => {
    const blocks = blocksOf(pageId);
    const index = blocks.findIndex((block) => block.key === node);
    if (index === -1) return { index: undefined, outdated: true };
    return { index, outdated: hash !== null && blocks[index]!.hash !== hash };
  };
}
