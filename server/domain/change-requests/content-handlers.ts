/**
 * Content of change requests and of revisions: reads, writes (extension), import from a URL, and the PDF link.
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
 *   page as the space link report (content/handlers.ts) restricted to the links written in that page.
 * - PDF: see print.ts (`view` is enough; the link prints the request's head when opened).
 */
import { DOCUMENT_BATCH_MAX } from '../../../shared/contract/resources/revisions.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Actor, Handlers, Services } from '../../http/context.ts';
import { DEFAULT_FETCH_LIMITS, fetchUrl } from '../../net/fetch-url.ts';
import { authorize } from '../../policies/index.ts';
import type { Database } from '../../storage/database.ts';
import { applyContentChanges, fileKey, freeSlug, type ContentChange } from '../content/content-write.ts';
import { computeLinkReport, linkReportPage } from '../content/handlers.ts';
import { SUPPORTED_IMPORT_SOURCES, type SupportedImportSource } from '../content/import-sources.ts';
import { convertOffThread } from '../content/import-job.ts';
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
  buildPages,
  flattenPages,
  insertRevision,
  loadRevision,
  readDocuments,
  type LoadedRevision,
  type PlacedPage,
  type RevisionTree,
  type StoredFile,
} from '../content/revisions.ts';
import { recordEvent } from '../events.ts';
import { ensureUnlocked, resolveSpaceAccess, type SpaceAccess } from '../spaces/access.ts';
import { presentSpace } from '../spaces/present.ts';
import { loadChangeRequest, presentWithSummary } from './handlers.ts';
import { mergeBaseOf, mergedFromOf, type ChangeRequestRow } from './present.ts';
import { createPrintLink } from './print.ts';

/** At most this many files fetched by URL in one content write, and this many bytes in all. */
const MAX_URL_FILES = 20;
const MAX_URL_FILE_BYTES = 20 * 1024 * 1024;

interface RequestParams {
  spaceId: string;
  changeRequestId: string;
}

interface ReadableRequest extends SpaceAccess {
  request: ChangeRequestRow;
  head: LoadedRevision;
  urls: ContentUrls;
}

/** The request and its head revision, for a caller who may view the space. */
function readableRequest(
  db: Database,
  params: RequestParams,
  actor: Actor,
  baseUrl: string,
): ReadableRequest {
  const access = resolveSpaceAccess(db, params.spaceId, actor);
  const request = loadChangeRequest(db, access.space.id, params.changeRequestId);
  return {
    ...access,
    request,
    head: loadRevision(db, request.revision_id),
    urls: { baseUrl, app: changeRequestApp(baseUrl, access.space.id, request.number) },
  };
}

/** A revision of the space, for a caller who may view it; the same 404 for an unknown one and another space's. */
export function readableRevision(
  db: Database,
  params: { spaceId: string; revisionId: string },
  actor: Actor,
  baseUrl: string,
): { revision: LoadedRevision; urls: ContentUrls; space: SpaceAccess['space'] } {
  const { space } = resolveSpaceAccess(db, params.spaceId, actor);
  const missing = notFound(`no revision with id \`${params.revisionId}\` in space \`${space.id}\``);
  let revision: LoadedRevision;
  try {
    revision = loadRevision(db, params.revisionId);
  } catch {
    throw missing;
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

const requestName = (request: ChangeRequestRow): string => `change request ${request.number}`;

/** The request, for a caller who may change its content now; 403/409 otherwise. */
function writableRequest(
  db: Database,
  params: RequestParams,
  actor: Actor,
): SpaceAccess & { request: ChangeRequestRow } {
  const access = resolveSpaceAccess(db, params.spaceId, actor);
  const request = loadChangeRequest(db, access.space.id, params.changeRequestId);
  authorize(access.actor, 'space.edit', { level: access.level });
  ensureUnlocked(access.space);
  if (request.status !== 'open' && request.status !== 'draft')
    throw conflict(
      `${requestName(request)} is ${request.status}: only an open or draft change request takes content changes`,
    );
  return { ...access, request };
}

/** Writes `tree` as the request's new head (inside the caller's transaction); answers the updated row. */
function commitHead(
  db: Database,
  now: Date,
  input: {
    access: SpaceAccess;
    request: ChangeRequestRow;
    tree: RevisionTree;
    actorId: string;
    action: string;
    data: Record<string, unknown>;
  },
): ChangeRequestRow {
  const { access, request } = input;
  const revisionId = insertRevision(db, {
    spaceId: access.space.id,
    type: 'edits',
    parents: [request.revision_id],
    tree: input.tree,
    createdBy: input.actorId,
    now,
  });
  const updatedAt = now.toISOString();
  db.run(
    db.q
      .updateTable('change_requests')
      .set({ revision_id: revisionId, updated_at: updatedAt })
      .where('id', '=', request.id),
  );
  recordEvent(db, now, {
    organizationId: access.space.organization_id,
    actorId: input.actorId,
    action: input.action,
    subjectType: 'change_request',
    subjectId: request.id,
    data: { space: access.space.id, revision: revisionId, ...input.data },
  });
  return { ...request, revision_id: revisionId, updated_at: updatedAt };
}

/** Fetches the `url` files of a batch, keyed by `fileKey`. */
async function fetchChangeFiles(
  changes: readonly ContentChange[],
  services: Services,
): Promise<Map<string, { data: Uint8Array; contentType: string }>> {
  const wanted: { key: string; url: string; field: string }[] = [];
  changes.forEach((change, i) => {
    if (change.operation !== 'insert_files') return;
    change.files.forEach((file, j) => {
      if ('url' in file)
        wanted.push({
          key: fileKey(i, j),
          url: file.url,
          field: `body field \`changes[${i}].files[${j}].url\``,
        });
    });
  });
  if (wanted.length > MAX_URL_FILES)
    throw badRequest(
      `body field \`changes\`: at most ${MAX_URL_FILES} files can be given by \`url\` in one request`,
    );
  const fetched = new Map<string, { data: Uint8Array; contentType: string }>();
  let budget = MAX_URL_FILE_BYTES;
  for (const file of wanted) {
    const got = await fetchUrl(file.url, {
      field: file.field,
      allowPrivateAddresses: services.network.allowPrivateAddresses,
      ...services.network.limits,
      maxBytes: Math.min(budget, services.network.limits.maxBytes ?? DEFAULT_FETCH_LIMITS.maxBytes),
    });
    budget -= got.data.byteLength;
    fetched.set(file.key, { data: got.data, contentType: got.contentType });
  }
  return fetched;
}

export const changeRequestContentHandlers = {
  getRevisionOfChangeRequestById: ({ params, actor, baseUrl, services: { db } }) => {
    const { head, urls } = readableRequest(db, params, actor, baseUrl);
    return presentRevision(head, urls);
  },

  listPagesInChangeRequest: ({ params, actor, baseUrl, services: { db } }) => {
    const { head, urls } = readableRequest(db, params, actor, baseUrl);
    return { pages: presentPages(head.tree.pages, urls) };
  },

  getPageInChangeRequestById: ({ params, query, actor, baseUrl, services: { db } }) => {
    const { head, urls, request } = readableRequest(db, params, actor, baseUrl);
    return presentPageWithBody(db, pageOf(head, params.pageId, requestName(request)), urls, query.format);
  },

  listFilesInChangeRequestById: ({ params, query, actor, baseUrl, services: { db } }) => {
    const { head } = readableRequest(db, params, actor, baseUrl);
    return pageByText(
      query,
      head.tree.files,
      (file) => [file.name, file.id],
      (file) => presentFile(file, baseUrl),
    );
  },

  getFileInChangeRequestById: ({ params, actor, baseUrl, services: { db } }) => {
    const { head, request } = readableRequest(db, params, actor, baseUrl);
    return presentFile(fileOf(head, params.fileId, requestName(request)), baseUrl);
  },

  listChangeRequestFileBacklinks: ({ params, query, actor, baseUrl, services: { db } }) => {
    const { head, request, space, level, actor: orgActor } = readableRequest(db, params, actor, baseUrl);
    const file = fileOf(head, params.fileId, requestName(request));
    const pages = new Map<string, PlacedPage>();
    for (const usage of computeLinkReport({ db, revision: head, baseUrl }))
      if (usage.target.file?.id === file.id)
        for (const placed of usage.pages) pages.set(placed.page.id, placed);
    const presented = presentSpace(space, level, orgActor, baseUrl);
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

  listPageLinksInChangeRequest: ({ params, query, actor, baseUrl, services: { db } }) => {
    const { head, request, space, level, actor: orgActor } = readableRequest(db, params, actor, baseUrl);
    const placed = pageOf(head, params.pageId, requestName(request));
    return linkReportPage(
      {
        db,
        presented: presentSpace(space, level, orgActor, baseUrl),
        revision: head,
        baseUrl,
        from: new Set([placed.page.id]),
      },
      query,
    );
  },

  getRevisionById: ({ params, actor, baseUrl, services: { db } }) => {
    const { revision, urls, space } = readableRevision(db, params, actor, baseUrl);
    return { ...presentRevision(revision, urls), ...mergedFromOf(db, revision, space, baseUrl) };
  },

  listPagesInRevisionById: ({ params, actor, baseUrl, services: { db } }) => {
    const { revision, urls } = readableRevision(db, params, actor, baseUrl);
    return { pages: presentPages(revision.tree.pages, urls) };
  },

  listRevisionDocuments: ({ params, query, actor, baseUrl, services: { db } }) => {
    const { revision } = readableRevision(db, params, actor, baseUrl);
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
    const bodies = readDocuments(db, ids);
    return { items: ids.map((id) => ({ id, markdown: bodies.get(id) ?? '' })) };
  },

  getPageInRevisionById: ({ params, query, actor, baseUrl, services: { db } }) => {
    const { revision, urls } = readableRevision(db, params, actor, baseUrl);
    return presentPageWithBody(
      db,
      pageOf(revision, params.pageId, `revision \`${revision.id}\``),
      urls,
      query.format,
    );
  },

  updateChangeRequestContent: async ({ params, body, actor, baseUrl, services }) => {
    const { db, clock } = services;
    writableRequest(db, params, actor);
    const fetched = await fetchChangeFiles(body.changes, services);
    const now = clock.now();
    const { row, space } = db.transaction(() => {
      const access = writableRequest(db, params, actor);
      const head = loadRevision(db, access.request.revision_id);
      const base = loadRevision(db, mergeBaseOf(access.request)).tree;
      const tree = applyContentChanges(db, now, head.tree, body.changes, fetched, base);
      const updated = commitHead(db, now, {
        access,
        request: access.request,
        tree,
        actorId: actor.userId,
        action: 'change_request.content_updated',
        data: { changes: body.changes.map((change) => change.operation) },
      });
      return { row: updated, space: access.space };
    });
    return presentWithSummary(db, space, row, baseUrl, actor.userId);
  },

  importContentInChangeRequest: async ({ params, body, actor, services }) => {
    const { db, clock } = services;
    if (!(SUPPORTED_IMPORT_SOURCES as readonly string[]).includes(body.source))
      throw badRequest(
        `body field \`source\`: importing from \`${body.source}\` is not supported by this server; supported sources: ${SUPPORTED_IMPORT_SOURCES.join(', ')}`,
      );
    const source = body.source as SupportedImportSource;
    writableRequest(db, params, actor);
    const fetched = await fetchUrl(body.url, {
      field: 'body field `url`',
      allowPrivateAddresses: services.network.allowPrivateAddresses,
      ...services.network.limits,
    });
    const converted = await convertOffThread(services, source, fetched);
    const now = clock.now();
    const row = db.transaction(() => {
      const access = writableRequest(db, params, actor);
      const head = loadRevision(db, access.request.revision_id);
      const imported = buildPages(db, now, converted.pages);
      const pages = [...head.tree.pages];
      for (const page of imported) {
        page.slug = freeSlug(pages, page.slug);
        pages.push(page);
      }
      return commitHead(db, now, {
        access,
        request: access.request,
        tree: { ...head.tree, pages },
        actorId: actor.userId,
        action: 'change_request.content_imported',
        data: { source, pages: converted.importedResources },
      });
    });
    return {
      revision: row.revision_id,
      importedResources: converted.importedResources,
      totalResources: converted.totalResources,
    };
  },

  getChangeRequestPDF: ({ params, query, actor, baseUrl, services: { db, clock } }) => {
    const { request } = readableRequest(db, params, actor, baseUrl);
    return {
      url: createPrintLink(db, clock.now(), {
        request,
        baseUrl,
        ...(query.page !== undefined ? { page: query.page } : {}),
        ...(query.only !== undefined ? { only: query.only } : {}),
      }),
    };
  },
} satisfies Handlers;
