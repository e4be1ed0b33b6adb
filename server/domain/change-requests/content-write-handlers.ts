/**
 * Writes to a change request's content (extension) and imports into it from a URL. The rules are content-handlers.ts's
 * (writing): `edit` on the space (403), an unlocked space (409), a request open or draft (409 naming its status); ONE
 * new revision per write, parent the previous head, which becomes the head; URLs fetched before the write, the
 * checks run again in the write's transaction; nothing written when any part fails.
 *
 * The head a write builds on is read in the transaction that makes the new head: two writes sent together both land,
 * the second on the first's head (on PostgreSQL, SERIALIZABLE runs the second again when both read the same head).
 */
import { badRequest, conflict } from '../../errors.ts';
import type { Actor, Handlers, Services } from '../../http/context.ts';
import { DEFAULT_FETCH_LIMITS, fetchUrl } from '../../net/fetch-url.ts';
import { authorize } from '../../policies/index.ts';
import type { Statements } from '../../storage/store/store.ts';
import { applyContentChangesIn, fileKey, freeSlug, type ContentChange } from '../content/content-write.ts';
import { SUPPORTED_IMPORT_SOURCES, type SupportedImportSource } from '../content/import-sources.ts';
import { convertOffThread } from '../content/import-job.ts';
import { buildPagesIn, insertRevisionIn, loadRevisionIn, type RevisionTree } from '../content/revisions.ts';
import { recordEventIn } from '../events.ts';
import type { AuditAction } from '../audit/actions.ts';
import { ensureUnlocked, resolveSpaceAccessIn, type SpaceAccess } from '../spaces/access.ts';
import { requestName, type RequestParams } from './content-handlers.ts';
import { presentWithSummaryIn } from './handlers.ts';
import { loadChangeRequestIn } from './records.ts';
import { mergeBaseOf, type ChangeRequestRow } from './present.ts';

/** At most this many files fetched by URL in one content write, and this many bytes in all. */
const MAX_URL_FILES = 20;
const MAX_URL_FILE_BYTES = 20 * 1024 * 1024;

/** The request, read through `on`, for a caller who may change its content now; 403/409 otherwise. */
async function writableRequest(
  on: Statements,
  params: RequestParams,
  actor: Actor,
): Promise<SpaceAccess & { request: ChangeRequestRow }> {
  const access = await resolveSpaceAccessIn(on, params.spaceId, actor);
  const request = await loadChangeRequestIn(on, access.space.id, params.changeRequestId);
  authorize(access.actor, 'space.edit', { level: access.level });
  ensureUnlocked(access.space);
  if (request.status !== 'open' && request.status !== 'draft')
    throw conflict(
      `${requestName(request)} is ${request.status}: only an open or draft change request takes content changes`,
    );
  return { ...access, request };
}

/** Writes `tree` as the request's new head (inside the caller's transaction); answers the updated row. */
async function commitHeadIn(
  tx: Statements,
  now: Date,
  input: {
    access: SpaceAccess;
    request: ChangeRequestRow;
    tree: RevisionTree;
    actorId: string;
    action: AuditAction;
    data: Record<string, unknown>;
  },
): Promise<ChangeRequestRow> {
  const { access, request } = input;
  const revisionId = await insertRevisionIn(tx, {
    spaceId: access.space.id,
    type: 'edits',
    parents: [request.revision_id],
    tree: input.tree,
    createdBy: input.actorId,
    now,
  });
  const updatedAt = now.toISOString();
  await tx.run(
    tx.q
      .updateTable('change_requests')
      .set({ revision_id: revisionId, updated_at: updatedAt })
      .where('id', '=', request.id),
  );
  await recordEventIn(tx, now, {
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
    const { store, clock } = services;
    await writableRequest(store, params, actor);
    const fetched = await fetchChangeFiles(body.changes, services);
    const now = clock.now();
    // The request (its head, status and merge base) is read again here: the batch applies to the head as it is now.
    const { row, space } = await store.transaction(async (tx) => {
      const access = await writableRequest(tx, params, actor);
      const head = await loadRevisionIn(tx, access.request.revision_id);
      const base = (await loadRevisionIn(tx, mergeBaseOf(access.request))).tree;
      const tree = await applyContentChangesIn(tx, now, head.tree, body.changes, fetched, base);
      const updated = await commitHeadIn(tx, now, {
        access,
        request: access.request,
        tree,
        actorId: actor.userId,
        action: 'change_request.content_updated',
        data: { changes: body.changes.map((change) => change.operation) },
      });
      return { row: updated, space: access.space };
    });
    return presentWithSummaryIn(store, space, row, baseUrl, actor.userId);
  },

  importContentInChangeRequest: async ({ params, body, actor, services }) => {
    const { store, clock } = services;
    if (!(SUPPORTED_IMPORT_SOURCES as readonly string[]).includes(body.source))
      throw badRequest(
        `body field \`source\`: importing from \`${body.source}\` is not supported by this server; supported sources: ${SUPPORTED_IMPORT_SOURCES.join(', ')}`,
      );
    const source = body.source as SupportedImportSource;
    await writableRequest(store, params, actor);
    const fetched = await fetchUrl(body.url, {
      field: 'body field `url`',
      allowPrivateAddresses: services.network.allowPrivateAddresses,
      ...services.network.limits,
    });
    const converted = await convertOffThread(services, source, fetched);
    const now = clock.now();
    const row = await store.transaction(async (tx) => {
      const access = await writableRequest(tx, params, actor);
      const head = await loadRevisionIn(tx, access.request.revision_id);
      const imported = await buildPagesIn(tx, now, converted.pages);
      const pages = [...head.tree.pages];
      for (const page of imported) {
        page.slug = freeSlug(pages, page.slug);
        pages.push(page);
      }
      return commitHeadIn(tx, now, {
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
