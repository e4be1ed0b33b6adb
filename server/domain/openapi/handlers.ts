/**
 * Handlers of the OpenAPI specifications of an organization and their versions.
 *
 * Rules:
 * - A spec is named by its `slug` (lower-case letters and digits in groups joined by single dashes, 1..100; the
 *   contract checks it), unique in its organization: creating a taken slug is a 409. PUT creates the spec when the
 *   slug is free, else gives it the new source; either answers 200 (the contract's single success status).
 * - `source` is `{ url }` (http or https) or `{ text }` (JSON or YAML). A URL whose host is a private, loopback or
 *   reserved IP address, or `localhost`, is a 400 naming `source.url` at once, unless the server allows private
 *   fetches; a host name that only resolves to such an address is refused when fetched (`FETCH_ERROR`), since
 *   names are resolved by the fetch itself (and again at every redirect).
 * - Creating or replacing the source answers at once with `processingState: pending` and queues the processing in
 *   the same transaction (server/jobs/openapi-processing.ts; the run itself is server/domain/openapi/process.ts,
 *   on a worker thread). PUT with the same
 *   URL fetches it again: it is how a URL spec is refreshed.
 * - Versions are listed newest first; `latest` is the newest; a spec without a version yet answers 404 on
 *   `latest` saying why. A version of another spec is a 404. Content is `{ filesystem: { "openapi.json" |
 *   "openapi.yaml": <document> }, url }`, the URL being the one fetched, or the content's API location for text.
 * - Permissions: reading needs `organization.viewOpenAPISpecs` (every member but guests); creating, replacing and
 *   deleting need `organization.createOpenAPISpec` (create and admin roles: the flag GitBook publishes on the
 *   organization), which is also the spec's `permissions.edit`. Non-members get the organization's 404.
 * - Creating, replacing and deleting are events, written in the same transaction.
 * - A large source text is written in parts before that transaction, which then only names them
 *   (source-parts.ts): the spec and its source still appear together or not at all.
 * - Every statement goes through the store. A write's transaction reads what it depends on in it: the caller's
 *   standing, the slug taken, the spec it replaces (its source serial) or deletes.
 */
import { isIP } from 'node:net';
import { badRequest, conflict } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { keysetQueriesIn, listPageIn, type SortKey } from '../../http/pagination.ts';
import { queueOpenApiProcessing } from '../../jobs/openapi-processing.ts';
import { isBlockedAddress } from '../../net/fetch-url.ts';
import { authorize } from '../../policies/index.ts';
import type { Statements } from '../../storage/store/store.ts';
import { loadOrgAccessIn } from '../access.ts';
import { recordEventIn } from '../events.ts';
import { presentContent, presentSpec, presentVersion } from './present.ts';
import {
  findSpec,
  insertSpecIn,
  loadLatestVersion,
  loadSpec,
  loadVersion,
  replaceSource,
  VERSION_COLUMNS,
  versionDocument,
  type SpecSource,
} from './records.ts';
import { stageSource, withStaged } from './source-parts.ts';

const SPEC_KEYS: readonly SortKey[] = [{ column: 'slug', direction: 'asc' }];
const VERSION_KEYS: readonly SortKey[] = [{ column: 'number', direction: 'desc' }];

/** Refuses at once a URL this server would never fetch (the fetch checks resolved names again). */
function checkSource(source: SpecSource, allowPrivate: boolean): SpecSource {
  if (!('url' in source) || allowPrivate) return source;
  let host: string;
  try {
    // The URL parser writes IPv4 addresses in their canonical form (`0x7f.1` is `127.0.0.1`).
    host = new URL(source.url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    throw badRequest(`body field \`source.url\`: \`${source.url.slice(0, 200)}\` is not an absolute URL`);
  }
  if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && isBlockedAddress(host)))
    throw badRequest(
      `body field \`source.url\`: \`${host}\` is a private, loopback or reserved address, which this server does not fetch`,
    );
  return source;
}

async function ensureSlugFree(on: Statements, organizationId: string, slug: string): Promise<void> {
  if (await findSpec(on, organizationId, slug))
    throw conflict(
      `body field \`slug\`: an OpenAPI specification \`${slug}\` already exists in this organization`,
    );
}

const sourceKind = (source: SpecSource) => ('url' in source ? 'url' : 'text');

/**
 * The caller as a member allowed to write the organization's specs (404 to a non-member, 403 without the
 * permission): checked before a large text is written, and again in the transaction that names it.
 */
async function specWriter(on: Statements, organizationId: string, userId: string) {
  const { actor } = await loadOrgAccessIn(on, organizationId, userId);
  authorize(actor, 'organization.createOpenAPISpec', null);
  return actor;
}

/** The caller as a member allowed to read the organization's specs, and the spec `slug` (404 when absent). */
async function specReader(on: Statements, organizationId: string, userId: string, slug: string) {
  const { actor } = await loadOrgAccessIn(on, organizationId, userId);
  authorize(actor, 'organization.viewOpenAPISpecs', null);
  return { orgActor: actor, spec: await loadSpec(on, organizationId, slug) };
}

export const openApiHandlers = {
  listOpenAPISpecs: async ({ params, query, actor, services: { store }, baseUrl }) => {
    const { actor: orgActor } = await loadOrgAccessIn(store, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.viewOpenAPISpecs', null);
    const base = store.q
      .selectFrom('openapi_specs')
      .selectAll()
      .where('organization_id', '=', params.organizationId);
    return listPageIn({
      query,
      keys: SPEC_KEYS,
      ...keysetQueriesIn(store, base, SPEC_KEYS),
      keyOf: (row) => [row.slug],
      present: (row) => presentSpec(row, orgActor, baseUrl),
    });
  },

  createOpenAPISpec: async ({ params, body, actor, services, baseUrl }) => {
    const { store, clock } = services;
    const { organizationId } = params;
    await specWriter(store, organizationId, actor.userId);
    const source = checkSource(body.source, services.network.allowPrivateAddresses);
    // A taken slug is refused before a large text is written; the spec's transaction checks it again.
    await ensureSlugFree(store, organizationId, body.slug);
    const stored = await stageSource(store, clock.now(), source);
    const { orgActor, spec } = await withStaged(store, stored, () =>
      store.transaction(async (tx) => {
        const orgActor = await specWriter(tx, organizationId, actor.userId);
        await ensureSlugFree(tx, organizationId, body.slug);
        const now = clock.now();
        const specId = await insertSpecIn(tx, now, { organizationId, slug: body.slug, source: stored });
        await queueOpenApiProcessing(tx, { id: specId, organizationId });
        await recordEventIn(tx, now, {
          organizationId,
          actorId: actor.userId,
          action: 'openapi-spec.created',
          subjectType: 'openapi-spec',
          subjectId: specId,
          data: { slug: body.slug, source: sourceKind(source) },
        });
        return { orgActor, spec: await loadSpec(tx, organizationId, body.slug) };
      }),
    );
    return presentSpec(spec, orgActor, baseUrl);
  },

  getOpenAPISpecBySlug: async ({ params, actor, services: { store }, baseUrl }) => {
    const { orgActor, spec } = await specReader(store, params.organizationId, actor.userId, params.specSlug);
    return presentSpec(spec, orgActor, baseUrl);
  },

  createOrUpdateOpenAPISpecBySlug: async ({ params, body, actor, services, baseUrl }) => {
    const { store, clock } = services;
    const { organizationId, specSlug } = params;
    await specWriter(store, organizationId, actor.userId);
    const source = checkSource(body.source, services.network.allowPrivateAddresses);
    const stored = await stageSource(store, clock.now(), source);
    const { orgActor, spec } = await withStaged(store, stored, () =>
      store.transaction(async (tx) => {
        const orgActor = await specWriter(tx, organizationId, actor.userId);
        const now = clock.now();
        // The spec replaced is read here: its next source serial is its current one plus one.
        const existing = await findSpec(tx, organizationId, specSlug);
        if (existing) await replaceSource(tx, now, existing, stored);
        const specId =
          existing?.id ?? (await insertSpecIn(tx, now, { organizationId, slug: specSlug, source: stored }));
        await queueOpenApiProcessing(tx, { id: specId, organizationId });
        await recordEventIn(tx, now, {
          organizationId,
          actorId: actor.userId,
          action: existing ? 'openapi-spec.source-replaced' : 'openapi-spec.created',
          subjectType: 'openapi-spec',
          subjectId: specId,
          data: { slug: specSlug, source: sourceKind(source) },
        });
        return { orgActor, spec: await loadSpec(tx, organizationId, specSlug) };
      }),
    );
    return presentSpec(spec, orgActor, baseUrl);
  },

  deleteOpenAPISpecBySlug: async ({ params, actor, services: { store, clock } }) => {
    await store.transaction(async (tx) => {
      await specWriter(tx, params.organizationId, actor.userId);
      const spec = await loadSpec(tx, params.organizationId, params.specSlug);
      // Its versions go with it (ON DELETE CASCADE); a run still queued finds nothing and ends.
      await tx.run(tx.q.deleteFrom('openapi_specs').where('id', '=', spec.id));
      await recordEventIn(tx, clock.now(), {
        organizationId: params.organizationId,
        actorId: actor.userId,
        action: 'openapi-spec.deleted',
        subjectType: 'openapi-spec',
        subjectId: spec.id,
        data: { slug: spec.slug },
      });
    });
    return undefined;
  },

  listOpenAPISpecVersions: async ({ params, query, actor, services: { store }, baseUrl }) => {
    const { spec } = await specReader(store, params.organizationId, actor.userId, params.specSlug);
    const base = store.q
      .selectFrom('openapi_spec_versions')
      .select(VERSION_COLUMNS)
      .where('spec_id', '=', spec.id);
    return listPageIn({
      query,
      keys: VERSION_KEYS,
      ...keysetQueriesIn(store, base, VERSION_KEYS),
      keyOf: (row) => [row.number],
      present: (row) => presentVersion(spec, row, baseUrl),
    });
  },

  getLatestOpenAPISpecVersion: async ({ params, actor, services: { store }, baseUrl }) => {
    const { spec } = await specReader(store, params.organizationId, actor.userId, params.specSlug);
    return presentVersion(spec, await loadLatestVersion(store, spec), baseUrl);
  },

  getLatestOpenAPISpecVersionContent: async ({ params, actor, services: { store }, baseUrl }) => {
    const { spec } = await specReader(store, params.organizationId, actor.userId, params.specSlug);
    const version = await loadLatestVersion(store, spec);
    return presentContent(spec, version, await versionDocument(store, version.id), baseUrl);
  },

  getOpenAPISpecVersionById: async ({ params, actor, services: { store }, baseUrl }) => {
    const { spec } = await specReader(store, params.organizationId, actor.userId, params.specSlug);
    return presentVersion(spec, await loadVersion(store, spec, params.versionId), baseUrl);
  },

  getOpenAPISpecVersionContentById: async ({ params, actor, services: { store }, baseUrl }) => {
    const { spec } = await specReader(store, params.organizationId, actor.userId, params.specSlug);
    const version = await loadVersion(store, spec, params.versionId);
    return presentContent(spec, version, await versionDocument(store, version.id), baseUrl);
  },
} satisfies Handlers;
