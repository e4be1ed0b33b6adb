/**
 * Applying a batch of content changes (`insert_page`, `update_page`, `delete_page`, `insert_files`) to a revision
 * tree: the pure part of `updateChangeRequestContent`, run inside the caller's transaction. The whole batch is
 * applied in memory first (a failure writes nothing), then the bodies and bytes it names are stored through the
 * transaction (`applyContentChangesIn`).
 *
 * Rules:
 * - Changes apply in order to a copy of the tree; the first bad one throws a 400 naming `changes[i].<field>` and
 *   the tree is left as it was.
 * - Page references (`into`, `page`) name a page id of the tree or the `ref` of an `insert_page` earlier in the
 *   batch (a ref wins over an id, and may not repeat: 400). A reference to nothing is a 400.
 * - `insert_page` makes a document page (`title` required, blank refused) at `at` (zero-based, default the end;
 *   past the end is a 400) of `into` (default the top level); the body is `document.markdown`, or the markdown of
 *   `document.document` (see document-json.ts), or none for `{}`.
 * - `update_page` sets the given metadata (an empty `emoji`, `icon` or `description` removes it), the body (only
 *   of document pages), and moves the page when `into` (null: top level) or `at` is given. A page cannot move into
 *   itself or one of its descendants, nor into a link page; groups stay at the top level.
 * - `update_page` of a page the tree lacked before the batch but `restorable` (the request's merge base) has brings it
 *   back, with its id, fields and body from there (not its children), under its parent there when the tree has it
 *   (else at the top level), at its place there (or the end), before the update applies: how a request takes back a
 *   page it deleted that the main content edited (a conflict resolved for the main content's side). A page deleted
 *   earlier in the same batch is not brought back (400 naming `page`, as for any page the tree lacks).
 * - `delete_page` removes the page with its children.
 * - Slugs: an explicit slug must be a URL segment (letters, digits, `-`, `_`, `.`) and free among its siblings
 *   (400 otherwise); a slug made from a title, or a page moved among siblings holding its slug, gets the first free
 *   `-2`, `-3`… suffix (the rule of `buildPages`).
 * - `insert_files`: bytes from `base64` (at most 1 MB) or fetched from `url` beforehand by the caller; the content
 *   type given, else the fetched one, else `application/octet-stream`. A file named like an existing file replaces
 *   its bytes and keeps its id (references to it stay valid).
 * - `condition` (adaptive content) is not kept by this server: an empty string (no condition) is accepted, any
 *   other value is a 400.
 * - Every changed page gets `updatedAt` = now.
 */
import type { Static } from '@sinclair/typebox';
import type { ChangeRequestContentChange } from '../../../shared/contract/resources/revisions.ts';
import { badRequest } from '../../errors.ts';
import { newId } from '../../ids.ts';
import type { Statements } from '../../storage/store/store.ts';
import { documentToMarkdown, DocumentShapeError } from './document-json.ts';
import {
  blobId,
  documentId,
  putBlobIn,
  putDocumentIn,
  slugify,
  type RevisionTree,
  type StoredPage,
} from './revisions.ts';

export type ContentChange = Static<typeof ChangeRequestContentChange>;
type InsertPage = Extract<ContentChange, { operation: 'insert_page' }>;
type UpdatePage = Extract<ContentChange, { operation: 'update_page' }>;
type InsertFiles = Extract<ContentChange, { operation: 'insert_files' }>;

/** Bytes fetched for the `url` files of a batch, keyed by `fileKey`. */
export type FetchedFiles = ReadonlyMap<string, { data: Uint8Array; contentType: string }>;
export const fileKey = (change: number, file: number): string => `${change}.${file}`;

/** The largest file sent as base64. */
export const MAX_BASE64_FILE_BYTES = 1024 * 1024;

const MEDIA_TYPE = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+$/;
const SLUG = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** A page found in a tree, with the sibling list holding it. */
interface Located {
  page: StoredPage;
  siblings: StoredPage[];
  parent: StoredPage | null;
}

function locate(pages: StoredPage[], id: string, parent: StoredPage | null = null): Located | undefined {
  for (const page of pages) {
    if (page.id === id) return { page, siblings: pages, parent };
    const found = locate(page.pages, id, page);
    if (found) return found;
  }
  return undefined;
}

function contains(page: StoredPage, id: string): boolean {
  return page.id === id || page.pages.some((child) => contains(child, id));
}

/** `base`, or the first `base-N` that no sibling (other than `self`) holds. */
export function freeSlug(siblings: readonly StoredPage[], base: string, self?: StoredPage): string {
  const taken = new Set(siblings.filter((page) => page !== self).map((page) => page.slug));
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/**
 * Brings back into `tree` a page of `base` that the tree lacks and already lacked before the batch (`head`): a page
 * deleted earlier in the same batch is not brought back. See the rules; answers undefined when nothing is restored.
 */
function restore(
  tree: RevisionTree,
  head: RevisionTree,
  base: RevisionTree | undefined,
  id: string,
): Located | undefined {
  if (base === undefined || locate(tree.pages, id) !== undefined || locate(head.pages, id) !== undefined)
    return undefined;
  const before = locate(base.pages, id);
  if (before === undefined) return undefined;
  const parent = before.parent === null ? undefined : locate(tree.pages, before.parent.id)?.page;
  const siblings = parent?.pages ?? tree.pages;
  const page: StoredPage = { ...before.page, pages: [] };
  page.slug = freeSlug(siblings, page.slug);
  siblings.splice(Math.min(before.siblings.indexOf(before.page), siblings.length), 0, page);
  return { page, siblings, parent: parent ?? null };
}

/** A batch applied: the new tree, and the bodies and file bytes it names (by hash), to store with it. */
export interface AppliedChanges {
  tree: RevisionTree;
  bodies: ReadonlySet<string>;
  blobs: readonly { contentType: string; data: Uint8Array }[];
}

/**
 * One batch being applied: the tree it builds from a copy of `tree`, the refs its changes gave, and the bodies and
 * bytes it names.
 */
interface Batch {
  at: string;
  tree: RevisionTree;
  next: RevisionTree;
  restorable: RevisionTree | undefined;
  fetched: FetchedFiles;
  pageRefs: Map<string, string>;
  fileRefs: Set<string>;
  bodies: Set<string>;
  blobs: { contentType: string; data: Uint8Array }[];
}

/** Applies one batch in memory (nothing stored); answers the new tree and what it names. */
export function applyContentChanges(
  now: Date,
  tree: RevisionTree,
  changes: readonly ContentChange[],
  fetched: FetchedFiles,
  restorable?: RevisionTree,
): AppliedChanges {
  const batch: Batch = {
    at: now.toISOString(),
    tree,
    next: structuredClone(tree),
    restorable,
    fetched,
    pageRefs: new Map(),
    fileRefs: new Set(),
    bodies: new Set(),
    blobs: [],
  };
  changes.forEach((change, i) => new OneChange(batch, i).apply(change));
  return { tree: batch.next, bodies: batch.bodies, blobs: batch.blobs };
}

/** Applies one batch and stores the bodies and bytes it names through the caller's transaction; answers the tree. */
export async function applyContentChangesIn(
  tx: Statements,
  now: Date,
  tree: RevisionTree,
  changes: readonly ContentChange[],
  fetched: FetchedFiles,
  restorable?: RevisionTree,
): Promise<RevisionTree> {
  const applied = applyContentChanges(now, tree, changes, fetched, restorable);
  for (const markdown of applied.bodies) await putDocumentIn(tx, markdown);
  for (const blob of applied.blobs) await putBlobIn(tx, blob.contentType, blob.data);
  return applied.tree;
}

/** One change of a batch (`changes[i]`): its refusals name its fields. */
class OneChange {
  readonly batch: Batch;
  readonly i: number;

  constructor(batch: Batch, i: number) {
    this.batch = batch;
    this.i = i;
  }

  field(name: string): string {
    return `body field \`changes[${this.i}].${name}\``;
  }

  resolve(value: string, name: string): Located {
    const found = locate(this.batch.next.pages, this.batch.pageRefs.get(value) ?? value);
    if (!found)
      throw badRequest(
        `${this.field(name)}: no page \`${value}\` in the change request, nor a \`ref\` of an earlier change`,
      );
    return found;
  }

  /** The children list `into` names (top level for null/absent), refusing link pages. */
  container(into: string | null | undefined): { list: StoredPage[]; parent: StoredPage | null } {
    if (into === undefined || into === null) return { list: this.batch.next.pages, parent: null };
    const { page } = this.resolve(into, 'into');
    if (page.type === 'link')
      throw badRequest(`${this.field('into')}: page \`${into}\` is a link and holds no pages`);
    return { list: page.pages, parent: page };
  }

  position(list: readonly StoredPage[], value: number | undefined): number {
    if (value === undefined) return list.length;
    if (value > list.length)
      throw badRequest(
        `${this.field('at')}: ${value} is past the end (the target holds ${list.length} pages)`,
      );
    return value;
  }

  body(document: InsertPage['document']): string {
    if ('markdown' in document) return document.markdown;
    if ('document' in document) {
      try {
        return documentToMarkdown(document.document, `changes[${this.i}].document.document`);
      } catch (error) {
        if (error instanceof DocumentShapeError)
          throw badRequest(`body field \`${error.path}\`: ${error.problem}`);
        throw error;
      }
    }
    return '';
  }

  explicitSlug(slug: string, siblings: readonly StoredPage[], self?: StoredPage): string {
    if (!SLUG.test(slug))
      throw badRequest(
        `${this.field('slug')}: \`${slug}\` is not a URL segment (letters, digits, \`-\`, \`_\`, \`.\`)`,
      );
    if (siblings.some((page) => page !== self && page.slug === slug))
      throw badRequest(`${this.field('slug')}: a sibling page already has the slug \`${slug}\``);
    return slug;
  }

  setMetadata(page: StoredPage, input: InsertPage | UpdatePage): void {
    if (input.condition !== undefined && input.condition !== '')
      throw badRequest(
        `${this.field('condition')}: adaptive-content conditions are not supported by this server`,
      );
    if (input.title !== undefined) {
      const title = input.title.trim();
      if (title === '') throw badRequest(`${this.field('title')}: a page title cannot be blank`);
      page.title = title;
    }
    // An empty string removes the field.
    if (input.emoji !== undefined) page.emoji = input.emoji;
    if (input.icon !== undefined) page.icon = input.icon;
    if (input.description !== undefined) page.description = input.description;
    if (page.emoji === '') delete page.emoji;
    if (page.icon === '') delete page.icon;
    if (page.description === '') delete page.description;
    for (const key of ['hidden', 'noIndex', 'noRobotsIndex'] as const) {
      const value = input[key];
      if (value !== undefined) page[key] = value;
    }
  }

  setBody(page: StoredPage, markdown: string): void {
    if (markdown === '') delete page.documentId;
    else {
      this.batch.bodies.add(markdown);
      page.documentId = documentId(markdown);
    }
  }

  apply(change: ContentChange): void {
    switch (change.operation) {
      case 'insert_page':
        return this.insertPage(change);
      case 'update_page':
        return this.updatePage(change);
      case 'delete_page': {
        const found = this.resolve(change.page, 'page');
        found.siblings.splice(found.siblings.indexOf(found.page), 1);
        return;
      }
      case 'insert_files':
        return this.insertFiles(change);
    }
  }

  insertPage(change: InsertPage): void {
    if (change.title === undefined) throw badRequest(`${this.field('title')}: a new page needs a title`);
    if (change.ref !== undefined && this.batch.pageRefs.has(change.ref))
      throw badRequest(`${this.field('ref')}: \`${change.ref}\` is already the ref of an earlier change`);
    const { list } = this.container(change.into);
    const index = this.position(list, change.at);
    const page: StoredPage = {
      id: newId(),
      title: '',
      slug: '',
      type: 'document',
      createdAt: this.batch.at,
      updatedAt: this.batch.at,
      pages: [],
    };
    this.setMetadata(page, change);
    page.slug =
      change.slug !== undefined ? this.explicitSlug(change.slug, list) : freeSlug(list, slugify(page.title));
    this.setBody(page, this.body(change.document));
    list.splice(index, 0, page);
    if (change.ref !== undefined) this.batch.pageRefs.set(change.ref, page.id);
  }

  updatePage(change: UpdatePage): void {
    const found =
      restore(
        this.batch.next,
        this.batch.tree,
        this.batch.restorable,
        this.batch.pageRefs.get(change.page) ?? change.page,
      ) ?? this.resolve(change.page, 'page');
    const { page } = found;
    this.setMetadata(page, change);
    if (change.document !== undefined) {
      if (page.type !== 'document')
        throw badRequest(
          `${this.field('document')}: page \`${change.page}\` is a ${page.type} and has no body`,
        );
      this.setBody(page, this.body(change.document));
    }
    let siblings = found.siblings;
    if (change.into !== undefined || change.at !== undefined) {
      const target =
        change.into !== undefined
          ? this.container(change.into)
          : { list: found.siblings, parent: found.parent };
      if (target.parent && contains(page, target.parent.id))
        throw badRequest(`${this.field('into')}: a page cannot move into itself or one of its descendants`);
      if (page.type === 'group' && target.parent !== null)
        throw badRequest(`${this.field('into')}: a group page stays at the top level`);
      found.siblings.splice(found.siblings.indexOf(page), 1);
      const index = this.position(target.list, change.at);
      target.list.splice(index, 0, page);
      siblings = target.list;
      if (target.list !== found.siblings && change.slug === undefined)
        page.slug = freeSlug(siblings, page.slug, page);
    }
    if (change.slug !== undefined) page.slug = this.explicitSlug(change.slug, siblings, page);
    page.updatedAt = this.batch.at;
  }

  insertFiles(change: InsertFiles): void {
    change.files.forEach((input, j) => {
      const fileField = (name: string) => this.field(`files[${j}].${name}`);
      if (input.ref !== undefined) {
        if (this.batch.fileRefs.has(input.ref))
          throw badRequest(`${fileField('ref')}: \`${input.ref}\` is already the ref of an earlier file`);
        this.batch.fileRefs.add(input.ref);
      }
      let data: Uint8Array;
      let contentType: string;
      if ('base64' in input) {
        const text = input.base64.replace(/\s+/g, '');
        if (!BASE64.test(text)) throw badRequest(`${fileField('base64')}: not valid base64`);
        data = new Uint8Array(Buffer.from(text, 'base64'));
        if (data.byteLength > MAX_BASE64_FILE_BYTES)
          throw badRequest(`${fileField('base64')}: a file sent as base64 is at most 1 MB`);
        contentType = input.contentType;
      } else {
        const got = this.batch.fetched.get(fileKey(this.i, j));
        if (!got) throw badRequest(`${fileField('url')}: the file was not fetched`);
        data = got.data;
        contentType = input.contentType ?? (got.contentType || 'application/octet-stream');
      }
      contentType = contentType.split(';')[0]!.trim();
      if (!MEDIA_TYPE.test(contentType))
        throw badRequest(
          `${fileField('contentType')}: \`${contentType.slice(0, 100)}\` is not a media type (\`type/subtype\`)`,
        );
      contentType = contentType.toLowerCase();
      const name = input.name.trim();
      if (name === '' || /[/\\]/.test(name))
        throw badRequest(`${fileField('name')}: a file name cannot be blank or hold \`/\` or \`\\\``);
      this.batch.blobs.push({ contentType, data });
      const stored = blobId(contentType, data);
      const existing = this.batch.next.files.find((file) => file.name === name);
      if (existing) {
        existing.contentType = contentType;
        existing.size = data.byteLength;
        existing.blobId = stored;
        delete existing.dimensions;
      } else {
        this.batch.next.files.push({ id: newId(), name, contentType, size: data.byteLength, blobId: stored });
      }
    });
  }
}
