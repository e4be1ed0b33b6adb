/**
 * Stored revision content to API objects: Revision, Page (nested) and File, in GitBook's shapes.
 *
 * Rules:
 * - A page carries id, title, type, slug, path (slash-joined slugs from the root), createdAt/updatedAt, urls.app
 *   and its child pages nested in `pages`; emoji, icon, description, hidden, noIndex and noRobotsIndex only when
 *   set; `documentId` only when the page has a body; a link page its `href`; a document page its `layout` (GitBook
 *   requires it; this server stores none, so it is GitBook's default, every part shown).
 * - Bodies are sent only for a single page read with `format`: `markdown` as is, `document` as the JSON document
 *   of `document-json.ts`. Listings never carry bodies.
 * - `urls.app` is this server's app location of the content: `<app>/<path>` where `<app>` is the change request's
 *   (`/s/<space>/~/changes/<number>/`) or the revision's (`/s/<space>/~/revisions/<revision>/`) location.
 * - A file's `downloadURL` is `<baseUrl>/files/<blobId>`, served by `server/http/file-routes.ts` without a token: the
 *   blob id is a 192-bit hash of the bytes, so the URL is a capability that only someone who could read the file
 *   (or already holds its bytes) can form, like GitBook's unguessable file URLs (which do not expire either).
 * - `metadata` and `computed` change nothing: this server keeps no Git metadata and computes no content.
 */
import {
  DEFAULT_PAGE_LAYOUT,
  type File as ApiFile,
  type Page as ApiPage,
  type Revision as ApiRevision,
} from '../../../shared/contract/resources/revisions.ts';
import type { Statements } from '../../storage/store/store.ts';
import { markdownToDocument } from './document-json.ts';
import {
  flattenPages,
  readDocumentIn,
  type LoadedRevision,
  type PlacedPage,
  type StoredFile,
  type StoredPage,
} from './revisions.ts';

/** Where the presented content lives, for its URLs. */
export interface ContentUrls {
  baseUrl: string;
  /** The app location of the revision or change request, ending in `/`. */
  app: string;
}

/** The app location of a change request's content. */
export const changeRequestApp = (baseUrl: string, spaceId: string, number: number): string =>
  `${baseUrl}/s/${spaceId}/~/changes/${number}/`;

/** The app location of a revision's content. */
export const revisionApp = (baseUrl: string, spaceId: string, revisionId: string): string =>
  `${baseUrl}/s/${spaceId}/~/revisions/${revisionId}/`;

/** A page's metadata, its children nested (no bodies). */
export function presentPage(page: StoredPage, path: string, urls: ContentUrls): ApiPage {
  const out: ApiPage = {
    id: page.id,
    title: page.title,
    type: page.type,
    slug: page.slug,
    path,
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
    urls: { app: `${urls.app}${path}` },
    pages: page.pages.map((child) => presentPage(child, `${path}/${child.slug}`, urls)),
  };
  if (page.emoji !== undefined && page.emoji !== '') out.emoji = page.emoji;
  if (page.icon !== undefined && page.icon !== '') out.icon = page.icon;
  if (page.description !== undefined && page.description !== '') out.description = page.description;
  if (page.hidden !== undefined) out.hidden = page.hidden;
  if (page.noIndex !== undefined) out.noIndex = page.noIndex;
  if (page.noRobotsIndex !== undefined) out.noRobotsIndex = page.noRobotsIndex;
  if (page.documentId !== undefined) out.documentId = page.documentId;
  if (page.type === 'link' && page.href !== undefined) out.href = page.href;
  if (page.type === 'document') out.layout = { ...DEFAULT_PAGE_LAYOUT };
  return out;
}

/** The top-level pages of a tree, nested. */
export const presentPages = (pages: readonly StoredPage[], urls: ContentUrls): ApiPage[] =>
  pages.map((page) => presentPage(page, page.slug, urls));

/** A page read on its own, with its body in the asked format (read through a store or a transaction). */
export async function presentPageWithBody(
  on: Statements,
  placed: PlacedPage,
  urls: ContentUrls,
  format: 'markdown' | 'document' | undefined,
): Promise<ApiPage> {
  const out = presentPage(placed.page, placed.path, urls);
  if (format === undefined) return out;
  const markdown = await readDocumentIn(on, placed.page.documentId);
  if (format === 'markdown') out.markdown = markdown;
  else out.document = markdownToDocument(markdown);
  return out;
}

/** The download URL of a file's bytes. */
export const fileDownloadUrl = (baseUrl: string, file: Pick<StoredFile, 'blobId'>): string =>
  `${baseUrl}/files/${file.blobId}`;

export function presentFile(file: StoredFile, baseUrl: string): ApiFile {
  const out: ApiFile = {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    downloadURL: fileDownloadUrl(baseUrl, file),
    size: file.size,
  };
  if (file.dimensions) out.dimensions = file.dimensions;
  return out;
}

export function presentRevision(revision: LoadedRevision, urls: ContentUrls): ApiRevision {
  return {
    object: 'revision',
    id: revision.id,
    type: revision.type,
    parents: revision.parents,
    pages: presentPages(revision.tree.pages, urls),
    files: revision.tree.files.map((file) => presentFile(file, urls.baseUrl)),
    reusableContents: [],
    createdAt: revision.createdAt,
    urls: { app: urls.app },
  };
}

/** The page of a revision with that id, with its place, or undefined. */
export function findPlacedPage(revision: LoadedRevision, pageId: string): PlacedPage | undefined {
  return flattenPages(revision.tree.pages).find((placed) => placed.page.id === pageId);
}
