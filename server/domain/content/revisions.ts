/**
 * The content model: a space's content is an immutable revision. A revision row holds its page tree as JSON; page
 * bodies (markdown) and file bytes are stored once each, by content hash, so a copy of a revision (a duplicated
 * space, a change request's first revision) costs one row.
 */
import { createHash } from 'node:crypto';
import { notFound } from '../../errors.ts';
import { newId } from '../../ids.ts';
import { builder, type Database } from '../../storage/database.ts';
import type { Query } from '../../storage/dialect/compile.ts';
import { insertRow, prepared } from '../../storage/prepared.ts';
import type { Statements } from '../../storage/store/store.ts';
import { recordBlockKeys, recordBlockKeysIn } from './block-keys.ts';

/** A page as stored in a revision tree. `documentId` points at the `documents` row of its body. */
export interface StoredPage {
  id: string;
  title: string;
  slug: string;
  type: 'document' | 'group' | 'link';
  emoji?: string;
  description?: string;
  hidden?: boolean;
  /** Name of an icon (GitBook's `icon`), set through content writes. */
  icon?: string;
  /** Kept out of the site's search index / out of search engines (GitBook's `noIndex` / `noRobotsIndex`). */
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  documentId?: string;
  /** Target of a link page. */
  href?: string;
  createdAt: string;
  updatedAt: string;
  pages: StoredPage[];
}

/** A file as stored in a revision tree; `blobId` points at its bytes. */
export interface StoredFile {
  id: string;
  name: string;
  contentType: string;
  size: number;
  blobId: string;
  dimensions?: { width: number; height: number };
}

/** Everything a revision holds. */
export interface RevisionTree {
  pages: StoredPage[];
  files: StoredFile[];
}

export type RevisionType = 'edits' | 'merge' | 'rollback' | 'update';

/** A page to create: its body as markdown, its children nested. */
export interface PageInput {
  title: string;
  slug?: string;
  emoji?: string;
  description?: string;
  markdown?: string;
  type?: 'document' | 'group' | 'link';
  href?: string;
  hidden?: boolean;
  pages?: PageInput[];
}

/** A file to create, with its bytes. */
export interface FileInput {
  name: string;
  contentType: string;
  data: Uint8Array;
  dimensions?: { width: number; height: number };
}

export interface LoadedRevision {
  id: string;
  spaceId: string;
  type: RevisionType;
  parents: string[];
  createdAt: string;
  tree: RevisionTree;
}

function contentHash(...parts: (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('base64url').slice(0, 32);
}

/** The id a page body is stored under: a hash of its markdown (so a body is stored once). */
export function documentId(markdown: string): string {
  return contentHash('md:', markdown);
}

const insertDocument = (id: string, markdown: string) =>
  builder
    .insertInto('documents')
    .values({ id, markdown })
    .onConflict((oc) => oc.column('id').doNothing());

/** Stores a page body once; answers its id. */
export function putDocument(db: Database, markdown: string): string {
  const id = documentId(markdown);
  db.run(insertDocument(id, markdown));
  return id;
}

/** As `putDocument`, through a transaction. */
export async function putDocumentIn(tx: Statements, markdown: string): Promise<string> {
  const id = documentId(markdown);
  await tx.run(insertDocument(id, markdown));
  return id;
}

/** The markdown of a stored document ('' for none). */
export function readDocument(db: Database, documentId: string | undefined): string {
  if (documentId === undefined) return '';
  return db.first(documentById(documentId))?.markdown ?? '';
}

/** As `readDocument`, through a store or a transaction. */
export async function readDocumentIn(on: Statements, documentId: string | undefined): Promise<string> {
  if (documentId === undefined) return '';
  return (await on.first(documentById(documentId)))?.markdown ?? '';
}

const documentById = prepared((id: string) =>
  builder.selectFrom('documents').select('markdown').where('id', '=', id),
);

/** The documents of a chunk of ids (chunks stay under SQLite's limit on bound parameters). */
const documentsIn = (chunk: readonly string[]) =>
  builder.selectFrom('documents').select(['id', 'markdown']).where('id', 'in', chunk);

/** The distinct ids of `documentIds`, by chunks of 500. */
function chunksOf(documentIds: readonly string[]): string[][] {
  const unique = [...new Set(documentIds)];
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += 500) chunks.push(unique.slice(i, i + 500));
  return chunks;
}

/** The markdown of many documents at once, by id. */
export function readDocuments(db: Database, documentIds: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const chunk of chunksOf(documentIds))
    for (const row of db.all(documentsIn(chunk))) found.set(row.id, row.markdown);
  return found;
}

/** As `readDocuments`, through a store or a transaction. */
export async function readDocumentsIn(
  on: Statements,
  documentIds: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const chunk of chunksOf(documentIds))
    for (const row of await on.all(documentsIn(chunk))) found.set(row.id, row.markdown);
  return found;
}

/** The id file bytes are stored under: a hash of their content type and bytes (so they are stored once). */
export const blobId = (contentType: string, data: Uint8Array): string =>
  contentHash('blob:', contentType, ':', data);
const insertBlob = (id: string, contentType: string, data: Uint8Array) =>
  builder
    .insertInto('blobs')
    .values({ id, content_type: contentType, size: data.byteLength, data })
    .onConflict((oc) => oc.column('id').doNothing());

/** Stores file bytes once; answers the blob id. */
export function putBlob(db: Database, contentType: string, data: Uint8Array): string {
  const id = blobId(contentType, data);
  db.run(insertBlob(id, contentType, data));
  return id;
}

/** As `putBlob`, through a transaction. */
export async function putBlobIn(tx: Statements, contentType: string, data: Uint8Array): Promise<string> {
  const id = blobId(contentType, data);
  await tx.run(insertBlob(id, contentType, data));
  return id;
}

/** A URL path segment for a title: lower case, ASCII letters and digits joined by dashes. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'page' : slug.slice(0, 100);
}

/** Builds stored pages from inputs, storing their bodies; sibling slugs are made unique. */
export function buildPages(db: Database, now: Date, inputs: readonly PageInput[]): StoredPage[] {
  return placePages(now, inputs, (markdown) => putDocument(db, markdown));
}

/**
 * As `buildPages`, through a transaction: the pages are built first (the bodies they name by hash), then their
 * bodies stored, in reading order.
 */
export async function buildPagesIn(
  tx: Statements,
  now: Date,
  inputs: readonly PageInput[],
): Promise<StoredPage[]> {
  const bodies: string[] = [];
  const pages = placePages(now, inputs, (markdown) => {
    bodies.push(markdown);
    return documentId(markdown);
  });
  for (const markdown of bodies) await putDocumentIn(tx, markdown);
  return pages;
}

/** `buildPages` with `put` storing a body and answering its document id. */
function placePages(
  now: Date,
  inputs: readonly PageInput[],
  put: (markdown: string) => string,
): StoredPage[] {
  const at = now.toISOString();
  const taken = new Set<string>();
  return inputs.map((input) => {
    let slug = input.slug ?? slugify(input.title);
    for (let n = 2; taken.has(slug); n++) slug = `${input.slug ?? slugify(input.title)}-${n}`;
    taken.add(slug);
    const type = input.type ?? 'document';
    const page: StoredPage = {
      id: newId(),
      title: input.title,
      slug,
      type,
      createdAt: at,
      updatedAt: at,
      pages: placePages(now, input.pages ?? [], put),
    };
    if (input.emoji !== undefined) page.emoji = input.emoji;
    if (input.description !== undefined) page.description = input.description;
    if (input.hidden !== undefined) page.hidden = input.hidden;
    if (input.href !== undefined) page.href = input.href;
    if (type === 'document' && input.markdown !== undefined && input.markdown !== '')
      page.documentId = put(input.markdown);
    return page;
  });
}

/** A stored file of an input whose bytes are stored under `blobId`. */
function storedFile(input: FileInput, blobId: string): StoredFile {
  const file: StoredFile = {
    id: newId(),
    name: input.name,
    contentType: input.contentType,
    size: input.data.byteLength,
    blobId,
  };
  if (input.dimensions) file.dimensions = input.dimensions;
  return file;
}

/** Builds stored files from inputs, storing their bytes. */
export function buildFiles(db: Database, inputs: readonly FileInput[]): StoredFile[] {
  return inputs.map((input) => storedFile(input, putBlob(db, input.contentType, input.data)));
}

/** As `buildFiles`, through a transaction. */
export async function buildFilesIn(tx: Statements, inputs: readonly FileInput[]): Promise<StoredFile[]> {
  const files: StoredFile[] = [];
  for (const input of inputs)
    files.push(storedFile(input, await putBlobIn(tx, input.contentType, input.data)));
  return files;
}

/** A revision to write (`insertRevision`). */
export interface NewRevision {
  spaceId: string;
  type: RevisionType;
  parents: readonly string[];
  tree: RevisionTree;
  createdBy: string | null;
  now: Date;
  /** Its id, when the caller needed it before (a new space's row names its first revision); default: a new one. */
  id?: string;
}

const revisionRow = (id: string, revision: NewRevision) =>
  insertRow('revisions', {
    id,
    space_id: revision.spaceId,
    type: revision.type,
    parents: JSON.stringify(revision.parents),
    tree: JSON.stringify(revision.tree),
    created_by: revision.createdBy,
    created_at: revision.now.toISOString(),
  });

/**
 * Writes a new immutable revision of a space; answers its id. Call inside the caller's transaction. The pages whose
 * body differs from their body in the first parent get their block keys carried over (`block-keys.ts`).
 */
export function insertRevision(db: Database, revision: NewRevision): string {
  const id = revision.id ?? newId();
  db.run(revisionRow(id, revision));
  const parent = revision.parents[0];
  if (parent !== undefined) recordBlockKeys(db, loadRevision(db, parent).tree, revision.tree);
  return id;
}

/** As `insertRevision`, through the caller's transaction. */
export async function insertRevisionIn(tx: Statements, revision: NewRevision): Promise<string> {
  const id = revision.id ?? newId();
  await tx.run(revisionRow(id, revision));
  const parent = revision.parents[0];
  if (parent !== undefined)
    await recordBlockKeysIn(tx, (await loadRevisionIn(tx, parent)).tree, revision.tree);
  return id;
}

const revisionById = prepared((id: string) =>
  builder.selectFrom('revisions').selectAll().where('id', '=', id),
);

/** Reads a revision, or 404. */
export function loadRevision(db: Database, revisionId: string): LoadedRevision {
  return revisionOf(db.first(revisionById(revisionId)), revisionId);
}

/** As `loadRevision`, through a store or a transaction. */
export async function loadRevisionIn(on: Statements, revisionId: string): Promise<LoadedRevision> {
  return revisionOf(await on.first(revisionById(revisionId)), revisionId);
}

function revisionOf(
  row: ReturnType<typeof revisionById> extends Query<infer R> ? R | undefined : never,
  revisionId: string,
): LoadedRevision {
  if (!row) throw notFound(`no revision with id \`${revisionId}\``);
  return {
    id: row.id,
    spaceId: row.space_id,
    type: row.type as RevisionType,
    parents: JSON.parse(row.parents) as string[],
    createdAt: row.created_at,
    tree: JSON.parse(row.tree) as RevisionTree,
  };
}

/** A page with its place in the tree: the slash-joined slugs from the root, and its parent page. */
export interface PlacedPage {
  page: StoredPage;
  path: string;
  parentId: string | null;
}

/** Every page of a tree, depth first in reading order. */
export function flattenPages(
  pages: readonly StoredPage[],
  prefix = '',
  parentId: string | null = null,
): PlacedPage[] {
  const out: PlacedPage[] = [];
  for (const page of pages) {
    const path = prefix === '' ? page.slug : `${prefix}/${page.slug}`;
    out.push({ page, path, parentId });
    out.push(...flattenPages(page.pages, path, page.id));
  }
  return out;
}

/**
 * A copy of a tree for another space: the same pages, bodies and files (bodies and bytes are shared by hash), with
 * new page and file ids so that the copy's history is its own.
 */
export function copyTree(tree: RevisionTree): RevisionTree {
  const copyPages = (pages: readonly StoredPage[]): StoredPage[] =>
    pages.map((page) => ({ ...page, id: newId(), pages: copyPages(page.pages) }));
  return { pages: copyPages(tree.pages), files: tree.files.map((file) => ({ ...file, id: newId() })) };
}
