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
 * - Every change is one transaction with its audit event; the certificate itself is never put in an event.
 */
import type { Role } from '../../../shared/contract/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { keysetQueries, listPage, type SortKey } from '../../http/pagination.ts';
import { newId } from '../../ids.ts';
import { authorize } from '../../policies/index.ts';
import type { Database } from '../../storage/database.ts';
import type { SamlProvidersTable } from '../../storage/schema.ts';
import { loadOrgAccess } from '../access.ts';
import { recordEvent } from '../events.ts';
import { checkCertificate } from './certificate.ts';
import { presentSAMLProvider, presentSSOLogin, samlStatus } from './present.ts';

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

function loadProvider(db: Database, organizationId: string, providerId: string): SamlProvidersTable {
  const row = db.first(
    db.q
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
function columnsOf(
  db: Database,
  organizationId: string,
  body: ProviderInput,
  now: Date,
): Partial<SamlProvidersTable> {
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
    const team = db.first(
      db.q
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
  listSAMLProvidersInOrganizationById: ({ params, query, actor, services: { db }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageSAML', null);
    const base = db.q
      .selectFrom('saml_providers')
      .selectAll()
      .where('organization_id', '=', params.organizationId);
    return listPage({
      query,
      keys: PROVIDER_KEYS,
      ...keysetQueries(db, base, PROVIDER_KEYS),
      keyOf: (row) => [row.created_at, row.id],
      present: (row) => presentSAMLProvider(db, row, orgActor, baseUrl),
    });
  },

  createOrganizationSAMLProvider: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const { org, actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageSAML', null);
    const now = clock.now();
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
      ...columnsOf(db, org.id, body, now),
    };
    db.transaction(() => {
      db.run(db.q.insertInto('saml_providers').values(row));
      recordEvent(db, now, {
        organizationId: org.id,
        actorId: actor.userId,
        action: 'saml-provider.created',
        subjectType: 'saml-provider',
        subjectId: row.id,
        data: eventData(row),
      });
    });
    return presentSAMLProvider(db, row, orgActor, baseUrl);
  },

  getOrganizationSAMLProviderById: ({ params, actor, services: { db }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageSAML', null);
    const row = loadProvider(db, params.organizationId, params.samlProviderId);
    return presentSAMLProvider(db, row, orgActor, baseUrl);
  },

  updateOrganizationSAMLProvider: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageSAML', null);
    const now = clock.now();
    const updated = db.transaction(() => {
      const current = loadProvider(db, params.organizationId, params.samlProviderId);
      const columns = columnsOf(db, params.organizationId, body, now);
      const row: SamlProvidersTable = { ...current, ...columns, updated_at: now.toISOString() };
      db.run(
        db.q
          .updateTable('saml_providers')
          .set({ ...columns, updated_at: row.updated_at })
          .where('id', '=', row.id),
      );
      recordEvent(db, now, {
        organizationId: params.organizationId,
        actorId: actor.userId,
        action: 'saml-provider.updated',
        subjectType: 'saml-provider',
        subjectId: row.id,
        data: { ...eventData(row), certificateChanged: columns.certificate !== undefined },
      });
      return row;
    });
    return presentSAMLProvider(db, updated, orgActor, baseUrl);
  },

  deleteOrganizationSAMLProvider: ({ params, actor, services: { db, clock } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageSAML', null);
    db.transaction(() => {
      const row = loadProvider(db, params.organizationId, params.samlProviderId);
      db.run(db.q.deleteFrom('saml_providers').where('id', '=', row.id));
      recordEvent(db, clock.now(), {
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

  listSSOProviderLoginsInOrganization: ({ params, actor, services: { db }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.viewSSOLogins', null);
    const rows = db.all(
      db.q
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
