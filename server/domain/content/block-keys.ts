/**
 * Stable keys of the blocks of a page: what a block comment (`node`) names, so that its anchor survives edits
 * elsewhere in the page. Blocks are the top-level markdown blocks of `shared/markdown/blocks.ts`.
 *
 * Rules:
 * - A page's keys are a function of the page and its body: `(page id, document id)`. Bodies are stored once by
 *   content, so keys live beside them, in `page_block_keys`, for every body a revision gave a page.
 * - Initial keys (a body seen for the first time, with no earlier version of the page) come from the blocks' text:
 *   `b` and a hash of the block; a repeated block takes the hash of its text and its rank among equals.
 * - When a new revision changes a page's body, the new blocks take their keys from the previous body of the page in
 *   the revision's first parent, aligned as the rendered diff aligns them: an unchanged block and an edited one
 *   (same type, similar text) keep their key; an added block gets a new key, never one the page already uses.
 * - A body a page already had keeps the keys it had (the row is written once): a merge that takes the request's
 *   body keeps the request's keys.
 * - A block comment stores the key and the hash of its block's text; it is `outdated` once no block has the key (the
 *   block went) or the block's text hash differs (the block was edited).
 */
import {
  alignBlocks,
  markdownBlocks,
  textHash,
  type MarkdownBlock,
} from '../../../shared/markdown/blocks.ts';
import { builder, type Database } from '../../storage/database.ts';
import type { Statements } from '../../storage/store/store.ts';
import { readDocuments, readDocumentsIn, type RevisionTree, type StoredPage } from './revisions.ts';

/** A block of a page with its key and its text's hash. */
export interface KeyedBlock extends MarkdownBlock {
  key: string;
  hash: string;
}

/** The blocks of bodies already split, by document id (documents never change, so entries never go stale). */
const blockCache = new Map<string, MarkdownBlock[]>();
const BLOCK_CACHE_SIZE = 2_000;

/** The text hashes of cached blocks (`blockCache`'s values), computed once per block list. */
const hashCache = new WeakMap<readonly MarkdownBlock[], string[]>();

/**
 * The blocks of a stored body, split once per process. `markdown` is the body of `documentId`, or a function that
 * reads it: then it is read only when the blocks are not cached.
 */
export function blocksOfDocument(documentId: string, markdown: string | (() => string)): MarkdownBlock[] {
  let blocks = blockCache.get(documentId);
  if (blocks === undefined) {
    blocks = markdownBlocks(typeof markdown === 'string' ? markdown : markdown());
    if (blockCache.size >= BLOCK_CACHE_SIZE) blockCache.delete(blockCache.keys().next().value!);
    blockCache.set(documentId, blocks);
  }
  return blocks;
}

/** A key for a block that no key in `taken` names (added to `taken`). */
function freshKey(block: Pick<MarkdownBlock, 'raw'>, taken: Set<string>): string {
  let key = `b${textHash(block.raw).slice(0, 10)}`;
  for (let rank = 2; taken.has(key); rank++) key = `b${textHash(`${block.raw}\u0000${rank}`).slice(0, 10)}`;
  taken.add(key);
  return key;
}

/** The keys of a body seen for the first time. */
export function initialKeys(blocks: readonly Pick<MarkdownBlock, 'raw'>[]): string[] {
  const taken = new Set<string>();
  return blocks.map((block) => freshKey(block, taken));
}

/** The keys of `after`, carried over from `before` (whose keys are `beforeKeys`) where a block stayed or was edited. */
export function carriedKeys(
  before: readonly Pick<MarkdownBlock, 'type' | 'raw'>[],
  beforeKeys: readonly string[],
  after: readonly Pick<MarkdownBlock, 'type' | 'raw'>[],
): string[] {
  const origins = alignBlocks(before, after);
  const keys: (string | undefined)[] = origins.map((origin) =>
    origin.kind === 'added' ? undefined : beforeKeys[origin.from],
  );
  const taken = new Set<string>([...beforeKeys, ...keys.filter((key): key is string => key !== undefined)]);
  return after.map((block, index) => keys[index] ?? freshKey(block, taken));
}

const blockKeysOf = (pageId: string, documentId: string) =>
  builder
    .selectFrom('page_block_keys')
    .select('keys')
    .where('page_id', '=', pageId)
    .where('document_id', '=', documentId);

const parsedKeys = (row: { keys: string } | undefined) =>
  row === undefined ? undefined : (JSON.parse(row.keys) as string[]);

function storedKeys(db: Database, pageId: string, documentId: string): string[] | undefined {
  return parsedKeys(db.first(blockKeysOf(pageId, documentId)));
}

/**
 * The keyed blocks of a page's body (`markdown` is the body of `documentId`, or a function that reads it: a body
 * whose blocks are cached is not read again).
 */
export function keyedBlocks(
  db: Database,
  pageId: string,
  documentId: string | undefined,
  markdown: string | (() => string),
): KeyedBlock[] {
  if (documentId === undefined) return [];
  const blocks = blocksOfDocument(documentId, markdown);
  return withKeys(blocks, storedKeys(db, pageId, documentId));
}

/**
 * As `keyedBlocks`, its stored keys read through a store or a transaction (`markdown`: the body, or a function that
 * reads it, called only when the blocks are not cached).
 */
export async function keyedBlocksIn(
  on: Statements,
  pageId: string,
  documentId: string | undefined,
  markdown: string | (() => Promise<string>),
): Promise<KeyedBlock[]> {
  if (documentId === undefined) return [];
  const blocks =
    blockCache.get(documentId) ??
    blocksOfDocument(documentId, typeof markdown === 'string' ? markdown : await markdown());
  return withKeys(blocks, parsedKeys(await on.first(blockKeysOf(pageId, documentId))));
}

/** The blocks with their keys (`stored`, else the initial ones) and their texts' hashes. */
function withKeys(blocks: MarkdownBlock[], stored: string[] | undefined): KeyedBlock[] {
  let hashes = hashCache.get(blocks);
  if (hashes === undefined) {
    hashes = blocks.map((block) => textHash(block.raw));
    hashCache.set(blocks, hashes);
  }
  const keys = stored ?? initialKeys(blocks);
  // A stored list always has one key per block (it was computed from these blocks).
  return blocks.map((block, index) => ({ ...block, key: keys[index]!, hash: hashes[index]! }));
}

function pagesById(
  pages: readonly StoredPage[],
  into = new Map<string, StoredPage>(),
): Map<string, StoredPage> {
  for (const page of pages) {
    into.set(page.id, page);
    pagesById(page.pages, into);
  }
  return into;
}

/**
 * Records the keys of the bodies `next` gives its pages, carried from their bodies in `previous` (the revision's
 * first parent). Call in the transaction that writes the revision.
 */
export function recordBlockKeys(db: Database, previous: RevisionTree, next: RevisionTree): void {
  const changed = changedBodies(previous, next);
  if (changed.length === 0) return;
  const bodies = readDocuments(
    db,
    changed.flatMap((entry) => [entry.from, entry.to]),
  );
  for (const { pageId, from, to } of changed) {
    if (storedKeys(db, pageId, to) !== undefined) continue;
    const oldKeys = storedKeys(db, pageId, from);
    db.run(blockKeysInsert(pageId, from, to, oldKeys, bodies));
  }
}

/** As `recordBlockKeys`, through the transaction that writes the revision. */
export async function recordBlockKeysIn(
  tx: Statements,
  previous: RevisionTree,
  next: RevisionTree,
): Promise<void> {
  const changed = changedBodies(previous, next);
  if (changed.length === 0) return;
  const bodies = await readDocumentsIn(
    tx,
    changed.flatMap((entry) => [entry.from, entry.to]),
  );
  for (const { pageId, from, to } of changed) {
    if (parsedKeys(await tx.first(blockKeysOf(pageId, to))) !== undefined) continue;
    const oldKeys = parsedKeys(await tx.first(blockKeysOf(pageId, from)));
    await tx.run(blockKeysInsert(pageId, from, to, oldKeys, bodies));
  }
}

/** The pages whose body `next` changes from `previous`'s. */
function changedBodies(previous: RevisionTree, next: RevisionTree) {
  const before = pagesById(previous.pages);
  const changed: { pageId: string; from: string; to: string }[] = [];
  for (const page of pagesById(next.pages).values()) {
    const from = before.get(page.id)?.documentId;
    if (from === undefined || page.documentId === undefined || from === page.documentId) continue;
    changed.push({ pageId: page.id, from, to: page.documentId });
  }
  return changed;
}

/** The keys of a page's new body `to`, carried from its body `from` (whose stored keys are `oldKeys`, if any). */
function blockKeysInsert(
  pageId: string,
  from: string,
  to: string,
  oldKeys: string[] | undefined,
  bodies: Map<string, string>,
) {
  const oldBlocks = blocksOfDocument(from, bodies.get(from) ?? '');
  const newBlocks = blocksOfDocument(to, bodies.get(to) ?? '');
  const keys = carriedKeys(oldBlocks, oldKeys ?? initialKeys(oldBlocks), newBlocks);
  return builder
    .insertInto('page_block_keys')
    .values({ page_id: pageId, document_id: to, keys: JSON.stringify(keys) })
    .onConflict((oc) => oc.columns(['page_id', 'document_id']).doNothing());
}
