/**
 * SAML providers and SSO login info of an organization.
 *
 * Rules:
 * - Providers are the organization's sign-in setup: only its admins list, read, add, change or delete them
 *   (other members 403; callers outside the organization 404, as for an organization that does not exist).
 * - The SSO login info (label and start URL of each `active` provider, nothing secret) is open to every member.
 * - `label` has a visible character; `entityID` has no spaces or control characters; `ssoURL` is an https URL;
 *   `certificate` is one PEM X.509 certificate, not expired at the server's clock (see certificate.ts). An empty
 *   `entityID` or `certificate` unsets it. A provider is `active` once all three are set, `pending` before.
 * - `defaultTeam` names a team of the organization (400 otherwise); `defaultRole` is a role or `null` (guest), the
 *   organization's default role when not given at creation.
 * - The service provider values (`service`) derive from this server's base URL and the provider id.
 * - Every change is one transaction of the store with its audit event and the reads it depends on (the caller's
 *   standing, the provider, the default team); the certificate itself is never put in an event.
 */
import type { Role } from '../../../shared/contract/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { keysetQueriesIn, listPageIn, type SortKey } from '../../http/pagination.ts';
import { newId } from '../../ids.ts';
import { authorize } from '../../policies/index.ts';
import type { SamlProvidersTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import { loadOrgAccessIn } from '../access.ts';
import { recordEventIn } from '../events.ts';
import { checkCertificate } from './certificate.ts';
import { presentSAMLProvider, presentSSOLogin, samlStatus, withDefaultTeam } from './present.ts';

const PROVIDER_KEYS: readonly SortKey[] = [
  { column: 'created_at', direction: 'asc' },
  { column: 'id', direction: 'asc' },
];

/** The fields a create or update body may set. */
interface ProviderInput {
  label?: string | undefined;
  entityID?: string | undefined;
  certificate?: string | undefined;
  ssoURL?: string | undefined;
  defaultTeam?: string | undefined;
  defaultRole?: Role | null | undefined;
}

async function loadProvider(
  on: Statements,
  organizationId: string,
  providerId: string,
): Promise<SamlProvidersTable> {
  const row = await on.first(
    on.q
      .selectFrom('saml_providers')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('id', '=', providerId),
  );
  if (!row) throw notFound(`no SAML provider with id \`${providerId}\` in this organization`);
  return row;
}

/** Whether text has a space or a control character (neither belongs in an entity ID or a URL). */
const hasSpaceOrControl = (text: string): boolean =>
  /\s/u.test(text) || [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/** Checks the body's fields and answers the columns they set (only those given). */
async function columnsOf(
  on: Statements,
  organizationId: string,
  body: ProviderInput,
  now: Date,
): Promise<Partial<SamlProvidersTable>> {
  const columns: Partial<SamlProvidersTable> = {};
  if (body.label !== undefined) {
    const label = body.label.trim();
    if (label === '') throw badRequest('body field `label` must have at least one visible character');
    columns.label = label;
  }
  if (body.entityID !== undefined) {
    const entityId = body.entityID.trim();
    if (hasSpaceOrControl(entityId))
      throw badRequest('body field `entityID` must be a URI without spaces or control characters');
    columns.entity_id = entityId;
  }
  if (body.ssoURL !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(body.ssoURL);
    } catch {
      url = undefined;
    }
    if (!url || url.protocol !== 'https:' || url.hostname === '' || hasSpaceOrControl(body.ssoURL))
      throw badRequest('body field `ssoURL` must be an https URL (the identity provider’s sign-in URL)');
    columns.sso_url = body.ssoURL;
  }
  if (body.certificate !== undefined) {
    const certificate = body.certificate.trim();
    if (certificate !== '') checkCertificate(certificate, now);
    columns.certificate = certificate;
  }
  if (body.defaultTeam !== undefined) {
    const team = await on.first(
      on.q
        .selectFrom('teams')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where('id', '=', body.defaultTeam),
    );
    if (!team)
      throw badRequest(
        `body field \`defaultTeam\`: no team with id \`${body.defaultTeam}\` in this organization`,
      );
    columns.default_team_id = team.id;
  }
  if (body.defaultRole !== undefined) columns.default_role = body.defaultRole;
  return columns;
}

/** What an audit event says about a provider: never the certificate. */
function eventData(row: SamlProvidersTable): Record<string, unknown> {
  return {
    label: row.label,
    entityID: row.entity_id,
    ssoURL: row.sso_url,
    defaultTeam: row.default_team_id,
    defaultRole: row.default_role,
    status: samlStatus(row),
  };
}

export const samlHandlers = {
  listSAMLProvidersInOrganizationById: async ({ params, query, actor, services: { store }, baseUrl }) => {
    const { actor: orgActor } = await loadOrgAccessIn(store, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageSAML', null);
    const base = store.q
      .selectFrom('saml_providers')
      .selectAll()
      .where('organization_id', '=', params.organizationId);
    const queries = keysetQueriesIn(store, base, PROVIDER_KEYS);
    return listPageIn({
      query,
      keys: PROVIDER_KEYS,
      fetch: async (after, take) => {
        const rows = [];
        for (const row of await queries.fetch(after, take))
          rows.push(await withDefaultTeam(store, row, orgActor));
        return rows;
      },
      count: queries.count,
      keyOf: ({ row }) => [row.created_at, row.id],
      present: (row) => presentSAMLProvider(row, orgActor, baseUrl),
    });
  },

  createOrganizationSAMLProvider: async ({ params, body, actor, services: { store, clock }, baseUrl }) => {
    const now = clock.now();
    return store.transaction(async (tx) => {
      const { org, actor: orgActor } = await loadOrgAccessIn(tx, params.organizationId, actor.userId);
      authorize(orgActor, 'organization.manageSAML', null);
      const row: SamlProvidersTable = {
        id: newId(),
        organization_id: org.id,
        label: '',
        entity_id: '',
        sso_url: '',
        certificate: '',
        default_team_id: null,
        default_role: org.default_role,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        ...(await columnsOf(tx, org.id, body, now)),
      };
      await tx.run(tx.q.insertInto('saml_providers').values(row));
      await recordEventIn(tx, now, {
        organizationId: org.id,
        actorId: actor.userId,
        action: 'saml-provider.created',
        subjectType: 'saml-provider',
        subjectId: row.id,
        data: eventData(row),
      });
      return presentSAMLProvider(await withDefaultTeam(tx, row, orgActor), orgActor, baseUrl);
    });
  },

  getOrganizationSAMLProviderById: async ({ params, actor, services: { store }, baseUrl }) => {
    const { actor: orgActor } = await loadOrgAccessIn(store, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageSAML', null);
    const row = await loadProvider(store, params.organizationId, params.samlProviderId);
    return presentSAMLProvider(await withDefaultTeam(store, row, orgActor), orgActor, baseUrl);
  },

  updateOrganizationSAMLProvider: async ({ params, body, actor, services: { store, clock }, baseUrl }) => {
    const now = clock.now();
    return store.transaction(async (tx) => {
      const { actor: orgActor } = await loadOrgAccessIn(tx, params.organizationId, actor.userId);
      authorize(orgActor, 'organization.manageSAML', null);
      const current = await loadProvider(tx, params.organizationId, params.samlProviderId);
      const columns = await columnsOf(tx, params.organizationId, body, now);
      const row: SamlProvidersTable = { ...current, ...columns, updated_at: now.toISOString() };
      await tx.run(
        tx.q
          .updateTable('saml_providers')
          .set({ ...columns, updated_at: row.updated_at })
          .where('id', '=', row.id),
      );
      await recordEventIn(tx, now, {
        organizationId: params.organizationId,
        actorId: actor.userId,
        action: 'saml-provider.updated',
        subjectType: 'saml-provider',
        subjectId: row.id,
        data: { ...eventData(row), certificateChanged: columns.certificate !== undefined },
      });
      return presentSAMLProvider(await withDefaultTeam(tx, row, orgActor), orgActor, baseUrl);
    });
  },

  deleteOrganizationSAMLProvider: async ({ params, actor, services: { store, clock } }) => {
    await store.transaction(async (tx) => {
      const { actor: orgActor } = await loadOrgAccessIn(tx, params.organizationId, actor.userId);
      authorize(orgActor, 'organization.manageSAML', null);
      const row = await loadProvider(tx, params.organizationId, params.samlProviderId);
      await tx.run(tx.q.deleteFrom('saml_providers').where('id', '=', row.id));
      await recordEventIn(tx, clock.now(), {
        organizationId: params.organizationId,
        actorId: actor.userId,
        action: 'saml-provider.deleted',
        subjectType: 'saml-provider',
        subjectId: row.id,
        data: { label: row.label },
      });
    });
    return undefined;
  },

  listSSOProviderLoginsInOrganization: async ({ params, actor, services: { store }, baseUrl }) => {
    const { actor: orgActor } = await loadOrgAccessIn(store, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.viewSSOLogins', null);
    const rows = await store.all(
      store.q
        .selectFrom('saml_providers')
        .selectAll()
        .where('organization_id', '=', params.organizationId)
        .orderBy('created_at')
        .orderBy('id'),
    );
    return {
      items: rows.filter((row) => samlStatus(row) === 'active').map((row) => presentSSOLogin(row, baseUrl)),
    };
  },
} satisfies Handlers;
