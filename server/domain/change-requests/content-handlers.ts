/**
 * Content of change requests and of revisions: reads, and the PDF link; the writes (extension) and the import from a
 * URL are in content-write-handlers.ts.
 *
 * Rules:
 * - Reading needs `view` on the space (the space's 404 otherwise). A request is named by id or number; a page, a
 *   file or a revision that is not there answers 404 naming it. A revision of another space answers the same 404 as
 *   an unknown one. A request's content is its head revision (`change_requests.revision_id`).
 * - Writing (`updateChangeRequestContent`, `importContentInChangeRequest`) needs `edit` on the space (403), an
 *   unlocked space (409) and a request that is open or draft (409 naming its status). Each write makes ONE new
 *   revision (type `edits`, parent the previous head), which becomes the head; `updated_at` moves to now. Nothing
 *   is written when any part fails.
 * - URLs (imports, `insert_files` by `url`) are fetched by server/net/fetch-url.ts before the write, under its
 *   rules (http/https only, no private addresses unless the server allows them, timeout, size cap). A batch fetches
 *   at most 20 files by URL and 20 MB in all. The checks above run again in the write's transaction, after the
 *   fetches.
 * - Import: sources `markdown`, `html`, `website` (read as HTML) and `zip` (import.ts); any other is a 400 naming
 *   `source`. The conversion runs on a worker thread (import-job.ts). Imported pages are appended at the top
 *   level, their slugs made free among the pages there. Content that cannot be converted, or not within the
 *   conversion's budget, answers 422 naming `url`.
 * - Lists: files by name (then id); backlinks of a file (the pages linking to it) by path (then id); the links of a
 *   page as the space link report (content/link-report.ts) restricted to the links written in that page.
 * - PDF: see print.ts (`view` is enough; the link prints the request's head when opened).
 */
import { DOCUMENT_BATCH_MAX } from '../../../shared/contract/resources/revisions.ts';
import { ApiError, badRequest, notFound } from '../../errors.ts';
import type { Actor, Handlers } from '../../http/context.ts';
import type { Statements } from '../../storage/store/store.ts';
import { computeLinkReportIn, linkReportPageIn } from '../content/link-report.ts';
import { pageByText } from '../content/memory-list.ts';
import {
  changeRequestApp,
  findPlacedPage,
  presentFile,
  presentPages,
  presentPageWithBody,
  presentRevision,
  revisionApp,
  type ContentUrls,
} from '../content/present-content.ts';
import {
  flattenPages,
  loadRevisionIn,
  readDocumentsIn,
  type LoadedRevision,
  type PlacedPage,
  type StoredFile,
} from '../content/revisions.ts';
import { resolveSpaceAccessIn, type SpaceAccess } from '../spaces/access.ts';
import { presentSpace } from '../spaces/present.ts';
import { loadChangeRequestIn } from './records.ts';
import { mergedFromOf, type ChangeRequestRow } from './present.ts';
import { createPrintLinkIn } from './print.ts';

export interface RequestParams {
  spaceId: string;
  changeRequestId: string;
}

interface ReadableRequest extends SpaceAccess {
  request: ChangeRequestRow;
  head: LoadedRevision;
  urls: ContentUrls;
}

/**
 * The request and its head revision, for a caller who may view the space, read through a store. A revision never
 * changes once written, so the head read after its request is the one the request named.
 */
async function readableRequest(
  on: Statements,
  params: RequestParams,
  actor: Actor,
  baseUrl: string,
): Promise<ReadableRequest> {
  const access = await resolveSpaceAccessIn(on, params.spaceId, actor);
  const request = await loadChangeRequestIn(on, access.space.id, params.changeRequestId);
  return {
    ...access,
    request,
    head: await loadRevisionIn(on, request.revision_id),
    urls: { baseUrl, app: changeRequestApp(baseUrl, access.space.id, request.number) },
  };
}

/**
 * A revision of the space, for a caller who may view it, read through a store; the same 404 for an unknown one and
 * another space's (any other failure of the read passes through).
 */
export async function readableRevision(
  on: Statements,
  params: { spaceId: string; revisionId: string },
  actor: Actor,
  baseUrl: string,
): Promise<{ revision: LoadedRevision; urls: ContentUrls; space: SpaceAccess['space'] }> {
  const { space } = await resolveSpaceAccessIn(on, params.spaceId, actor);
  const missing = notFound(`no revision with id \`${params.revisionId}\` in space \`${space.id}\``);
  let revision: LoadedRevision;
  try {
    revision = await loadRevisionIn(on, params.revisionId);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw missing;
    throw error;
  }
  if (revision.spaceId !== space.id) throw missing;
  return { revision, space, urls: { baseUrl, app: revisionApp(baseUrl, space.id, revision.id) } };
}

export function pageOf(revision: LoadedRevision, pageId: string, where: string): PlacedPage {
  const placed = findPlacedPage(revision, pageId);
  if (!placed) throw notFound(`no page with id \`${pageId}\` in ${where}`);
  return placed;
}

function fileOf(revision: LoadedRevision, fileId: string, where: string): StoredFile {
  const file = revision.tree.files.find((candidate) => candidate.id === fileId);
  if (!file) throw notFound(`no file with id \`${fileId}\` in ${where}`);
  return file;
}

const pageRef = (placed: PlacedPage) => ({ id: placed.page.id, title: placed.page.title });

export const requestName = (request: ChangeRequestRow): string => `change request ${request.number}`;

export const changeRequestContentHandlers = {
  getRevisionOfChangeRequestById: async ({ params, actor, baseUrl, services: { store } }) => {
    const { head, urls } = await readableRequest(store, params, actor, baseUrl);
    return presentRevision(head, urls);
  },

  listPagesInChangeRequest: async ({ params, actor, baseUrl, services: { store } }) => {
    const { head, urls } = await readableRequest(store, params, actor, baseUrl);
    return { pages: presentPages(head.tree.pages, urls) };
  },

  getPageInChangeRequestById: async ({ params, query, actor, baseUrl, services: { store } }) => {
    const { head, urls, request } = await readableRequest(store, params, actor, baseUrl);
    return presentPageWithBody(store, pageOf(head, params.pageId, requestName(request)), urls, query.format);
  },

  listFilesInChangeRequestById: async ({ params, query, actor, baseUrl, services: { store } }) => {
    const { head } = await readableRequest(store, params, actor, baseUrl);
    return pageByText(
      query,
      head.tree.files,
      (file) => [file.name, file.id],
      (file) => presentFile(file, baseUrl),
    );
  },

  getFileInChangeRequestById: async ({ params, actor, baseUrl, services: { store } }) => {
    const { head, request } = await readableRequest(store, params, actor, baseUrl);
    return presentFile(fileOf(head, params.fileId, requestName(request)), baseUrl);
  },

  listChangeRequestFileBacklinks: async ({ params, query, actor, baseUrl, services: { store } }) => {
    const { head, request, ...access } = await readableRequest(store, params, actor, baseUrl);
    const file = fileOf(head, params.fileId, requestName(request));
    const pages = new Map<string, PlacedPage>();
    for (const usage of await computeLinkReportIn(store, { revision: head, baseUrl }))
      if (usage.target.file?.id === file.id)
        for (const placed of usage.pages) pages.set(placed.page.id, placed);
    const presented = presentSpace(access.space, access.level, access.actor, baseUrl);
    // Embedded objects pass through whole: the page's path and the request's number help a reader place them.
    const inRequest = { id: request.id, number: request.number };
    return pageByText(
      query,
      [...pages.values()],
      (placed) => [placed.path, placed.page.id],
      (placed) => ({
        kind: 'page',
        page: { ...pageRef(placed), path: placed.path },
        space: presented,
        versionContext: { type: 'changeRequest', changeRequest: inRequest },
      }),
    );
  },

  listPageLinksInChangeRequest: async ({ params, query, actor, baseUrl, services: { store } }) => {
    const { head, request, ...access } = await readableRequest(store, params, actor, baseUrl);
    const placed = pageOf(head, params.pageId, requestName(request));
    return linkReportPageIn(
      store,
      {
        presented: presentSpace(access.space, access.level, access.actor, baseUrl),
        revision: head,
        baseUrl,
        from: new Set([placed.page.id]),
      },
      query,
    );
  },

  getRevisionById: async ({ params, actor, baseUrl, services: { store } }) => {
    const { revision, urls, space } = await readableRevision(store, params, actor, baseUrl);
    return { ...presentRevision(revision, urls), ...(await mergedFromOf(store, revision, space, baseUrl)) };
  },

  listPagesInRevisionById: async ({ params, actor, baseUrl, services: { store } }) => {
    const { revision, urls } = await readableRevision(store, params, actor, baseUrl);
    return { pages: presentPages(revision.tree.pages, urls) };
  },

  listRevisionDocuments: async ({ params, query, actor, baseUrl, services: { store } }) => {
    const { revision } = await readableRevision(store, params, actor, baseUrl);
    const ids = [...new Set(query.ids.split(',').map((id) => id.trim()))];
    if (ids.some((id) => id === ''))
      throw badRequest('query parameter `ids`: an id is empty (give ids separated by single commas)');
    if (ids.length > DOCUMENT_BATCH_MAX)
      throw badRequest(`query parameter \`ids\`: at most ${DOCUMENT_BATCH_MAX} ids, ${ids.length} given`);
    // Only bodies this revision uses: an id of another revision or space reads as unknown.
    const used = new Set(
      flattenPages(revision.tree.pages).flatMap(({ page }) =>
        page.documentId !== undefined ? [page.documentId] : [],
      ),
    );
    const unknown = ids.find((id) => !used.has(id));
    if (unknown !== undefined)
      throw badRequest(
        `query parameter \`ids\`: no page of revision \`${revision.id}\` has the document \`${unknown.slice(0, 64)}\``,
      );
    const bodies = await readDocumentsIn(store, ids);
    return { items: ids.map((id) => ({ id, markdown: bodies.get(id) ?? '' })) };
  },

  getPageInRevisionById: async ({ params, query, actor, baseUrl, services: { store } }) => {
    const { revision, urls } = await readableRevision(store, params, actor, baseUrl);
    return presentPageWithBody(
      store,
      pageOf(revision, params.pageId, `revision \`${revision.id}\``),
      urls,
      query.format,
    );
  },

  getChangeRequestPDF: async ({ params, query, actor, baseUrl, services: { store, clock } }) => {
    const { space } = await resolveSpaceAccessIn(store, params.spaceId, actor);
    const request = await loadChangeRequestIn(store, space.id, params.changeRequestId);
    return {
      url: await createPrintLinkIn(store, clock.now(), {
        request,
        baseUrl,
        ...(query.page !== undefined ? { page: query.page } : {}),
        ...(query.only !== undefined ? { only: query.only } : {}),
      }),
    };
  },
} satisfies Handlers;
