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
 */
import { isIP } from 'node:net';
import { badRequest, conflict } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { keysetQueries, listPage, type SortKey } from '../../http/pagination.ts';
import { queueOpenApiProcessing } from '../../jobs/openapi-processing.ts';
import { isBlockedAddress } from '../../net/fetch-url.ts';
import { authorize } from '../../policies/index.ts';
import type { Database } from '../../storage/database.ts';
import { loadOrgAccess } from '../access.ts';
import { recordEvent } from '../events.ts';
import { presentContent, presentSpec, presentVersion } from './present.ts';
import {
  findSpec,
  insertSpec,
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

function ensureSlugFree(db: Database, organizationId: string, slug: string): void {
  if (findSpec(db, organizationId, slug))
    throw conflict(
      `body field \`slug\`: an OpenAPI specification \`${slug}\` already exists in this organization`,
    );
}

const sourceKind = (source: SpecSource) => ('url' in source ? 'url' : 'text');

/**
 * The caller as a member allowed to write the organization's specs (404 to a non-member, 403 without the
 * permission): checked before a large text is written, and again in the step that names it, since writing it gives
 * other requests turns.
 */
function specWriter(db: Database, organizationId: string, userId: string) {
  const { actor } = loadOrgAccess(db, organizationId, userId);
  authorize(actor, 'organization.createOpenAPISpec', null);
  return actor;
}

export const openApiHandlers = {
  listOpenAPISpecs: ({ params, query, actor, services: { db }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.viewOpenAPISpecs', null);
    const base = db.q
      .selectFrom('openapi_specs')
      .selectAll()
      .where('organization_id', '=', params.organizationId);
    return listPage({
      query,
      keys: SPEC_KEYS,
      ...keysetQueries(db, base, SPEC_KEYS),
      keyOf: (row) => [row.slug],
      present: (row) => presentSpec(row, orgActor, baseUrl),
    });
  },

  createOpenAPISpec: async ({ params, body, actor, services, baseUrl }) => {
    const { db, clock } = services;
    const access = () => specWriter(db, params.organizationId, actor.userId);
    access();
    const source = checkSource(body.source, services.network.allowPrivateAddresses);
    // A taken slug is refused before a large text is written; the spec's transaction checks it again.
    ensureSlugFree(db, params.organizationId, body.slug);
    const stored = await stageSource(db, clock.now(), source);
    const orgActor = withStaged(db, stored, () => {
      const writer = access();
      const now = clock.now();
      db.transaction(() => {
        ensureSlugFree(db, params.organizationId, body.slug);
        const specId = insertSpec(db, now, {
          organizationId: params.organizationId,
          slug: body.slug,
          source: stored,
        });
        queueOpenApiProcessing(db, { id: specId, organizationId: params.organizationId });
        recordEvent(db, now, {
          organizationId: params.organizationId,
          actorId: actor.userId,
          action: 'openapi-spec.created',
          subjectType: 'openapi-spec',
          subjectId: specId,
          data: { slug: body.slug, source: sourceKind(source) },
        });
      });
      return writer;
    });
    const spec = loadSpec(db, params.organizationId, body.slug);
    return presentSpec(spec, orgActor, baseUrl);
  },

  getOpenAPISpecBySlug: ({ params, actor, services: { db }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.viewOpenAPISpecs', null);
    return presentSpec(loadSpec(db, params.organizationId, params.specSlug), orgActor, baseUrl);
  },

  createOrUpdateOpenAPISpecBySlug: async ({ params, body, actor, services, baseUrl }) => {
    const { db, clock } = services;
    const access = () => specWriter(db, params.organizationId, actor.userId);
    access();
    const source = checkSource(body.source, services.network.allowPrivateAddresses);
    const stored = await stageSource(db, clock.now(), source);
    const orgActor = withStaged(db, stored, () => {
      const writer = access();
      const now = clock.now();
      db.transaction(() => {
        const existing = findSpec(db, params.organizationId, params.specSlug);
        if (existing) replaceSource(db, now, existing, stored);
        const specId =
          existing?.id ??
          insertSpec(db, now, {
            organizationId: params.organizationId,
            slug: params.specSlug,
            source: stored,
          });
        queueOpenApiProcessing(db, { id: specId, organizationId: params.organizationId });
        recordEvent(db, now, {
          organizationId: params.organizationId,
          actorId: actor.userId,
          action: existing ? 'openapi-spec.source-replaced' : 'openapi-spec.created',
          subjectType: 'openapi-spec',
          subjectId: specId,
          data: { slug: params.specSlug, source: sourceKind(source) },
        });
      });
      return writer;
    });
    const spec = loadSpec(db, params.organizationId, params.specSlug);
    return presentSpec(spec, orgActor, baseUrl);
  },

  deleteOpenAPISpecBySlug: ({ params, actor, services: { db, clock } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.createOpenAPISpec', null);
    const spec = loadSpec(db, params.organizationId, params.specSlug);
    const now = clock.now();
    db.transaction(() => {
      // Its versions go with it (ON DELETE CASCADE); a run still queued finds nothing and ends.
      db.run(db.q.deleteFrom('openapi_specs').where('id', '=', spec.id));
      recordEvent(db, now, {
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

  listOpenAPISpecVersions: ({ params, query, actor, services: { db }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.viewOpenAPISpecs', null);
    const spec = loadSpec(db, params.organizationId, params.specSlug);
    const base = db.q
      .selectFrom('openapi_spec_versions')
      .select(VERSION_COLUMNS)
      .where('spec_id', '=', spec.id);
    return listPage({
      query,
      keys: VERSION_KEYS,
      ...keysetQueries(db, base, VERSION_KEYS),
      keyOf: (row) => [row.number],
      present: (row) => presentVersion(spec, row, baseUrl),
    });
  },

  getLatestOpenAPISpecVersion: ({ params, actor, services: { db }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.viewOpenAPISpecs', null);
    const spec = loadSpec(db, params.organizationId, params.specSlug);
    return presentVersion(spec, loadLatestVersion(db, spec), baseUrl);
  },

  getLatestOpenAPISpecVersionContent: ({ params, actor, services: { db }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.viewOpenAPISpecs', null);
    const spec = loadSpec(db, params.organizationId, params.specSlug);
    const version = loadLatestVersion(db, spec);
    return presentContent(spec, version, versionDocument(db, version.id), baseUrl);
  },

  getOpenAPISpecVersionById: ({ params, actor, services: { db }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.viewOpenAPISpecs', null);
    const spec = loadSpec(db, params.organizationId, params.specSlug);
    return presentVersion(spec, loadVersion(db, spec, params.versionId), baseUrl);
  },

  getOpenAPISpecVersionContentById: ({ params, actor, services: { db }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.viewOpenAPISpecs', null);
    const spec = loadSpec(db, params.organizationId, params.specSlug);
    const version = loadVersion(db, spec, params.versionId);
    return presentContent(spec, version, versionDocument(db, version.id), baseUrl);
  },
} satisfies Handlers;
