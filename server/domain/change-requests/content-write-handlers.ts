/**
 * Writes to a change request's content (extension) and imports into it from a URL. The rules are content-handlers.ts's
 * (writing): `edit` on the space (403), an unlocked space (409), a request open or draft (409 naming its status); ONE
 * new revision per write, parent the previous head, which becomes the head; URLs fetched before the write, the
 * checks run again in the write's transaction; nothing written when any part fails.
 */
import { badRequest, conflict } from '../../errors.ts';
import type { Actor, Handlers, Services } from '../../http/context.ts';
import { DEFAULT_FETCH_LIMITS, fetchUrl } from '../../net/fetch-url.ts';
import { authorize } from '../../policies/index.ts';
import type { Database } from '../../storage/database.ts';
import { applyContentChanges, fileKey, freeSlug, type ContentChange } from '../content/content-write.ts';
import { SUPPORTED_IMPORT_SOURCES, type SupportedImportSource } from '../content/import-sources.ts';
import { convertOffThread } from '../content/import-job.ts';
import { buildPages, insertRevision, loadRevision, type RevisionTree } from '../content/revisions.ts';
import { recordEvent } from '../events.ts';
import type { AuditAction } from '../audit/actions.ts';
import { ensureUnlocked, resolveSpaceAccess, type SpaceAccess } from '../spaces/access.ts';
import { requestName, type RequestParams } from './content-handlers.ts';
import { presentWithSummary } from './handlers.ts';
import { loadChangeRequest } from './records.ts';
import { mergeBaseOf, type ChangeRequestRow } from './present.ts';

/** At most this many files fetched by URL in one content write, and this many bytes in all. */
const MAX_URL_FILES = 20;
const MAX_URL_FILE_BYTES = 20 * 1024 * 1024;

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
    action: AuditAction;
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

export const changeRequestContentWriteHandlers = {
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
} satisfies Handlers;
