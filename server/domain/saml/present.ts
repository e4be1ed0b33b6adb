/** SAML provider rows to API objects, with the service provider's URLs derived from this server's base URL. */
import type { Role } from '../../../shared/contract/index.ts';
import type { SAMLProvider, SSOProviderLogin } from '../../../shared/contract/resources/saml.ts';
import type { OrgActor } from '../../policies/index.ts';
import type { SamlProvidersTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import { presentTeam, teamById, type TeamRow } from '../teams/present.ts';

/**
 * What the identity provider is told about this server, per provider: stable for a provider id on a given base
 * URL, so an admin can configure the identity provider once.
 */
export function samlServiceUrls(baseUrl: string, providerId: string): SAMLProvider['service'] {
  const root = `${baseUrl}/sso/saml/${providerId}`;
  return { entityID: root, acsURL: `${root}/acs`, startURL: `${root}/start` };
}

/** `active` once the identity provider's entity ID, sign-in URL and certificate are all set. */
export function samlStatus(row: SamlProvidersTable): SAMLProvider['status'] {
  return row.entity_id !== '' && row.sso_url !== '' && row.certificate !== '' ? 'active' : 'pending';
}

/** A provider with its default team as the caller sees it (`undefined`: none, or since deleted). */
export interface ProviderRow {
  row: SamlProvidersTable;
  team: TeamRow | undefined;
}

/** The provider's default team, read through a store or a transaction. */
export async function withDefaultTeam(
  on: Statements,
  row: SamlProvidersTable,
  actor: OrgActor,
): Promise<ProviderRow> {
  const team =
    row.default_team_id === null
      ? undefined
      : await on.first(teamById(row.organization_id, actor.userId, row.default_team_id));
  return { row, team };
}

export function presentSAMLProvider(
  { row, team }: ProviderRow,
  actor: OrgActor,
  baseUrl: string,
): SAMLProvider {
  return {
    object: 'saml-provider',
    id: row.id,
    label: row.label,
    ssoURL: row.sso_url,
    entityID: row.entity_id,
    certificate: row.certificate,
    ...(team ? { defaultTeam: presentTeam(team, actor) } : {}),
    defaultRole: row.default_role as Role | null,
    createdAt: row.created_at,
    status: samlStatus(row),
    service: samlServiceUrls(baseUrl, row.id),
    urls: { location: `${baseUrl}/v1/orgs/${row.organization_id}/saml/${row.id}` },
  };
}

export function presentSSOLogin(row: SamlProvidersTable, baseUrl: string): SSOProviderLogin {
  return { id: row.id, label: row.label, startURL: samlServiceUrls(baseUrl, row.id).startURL };
}
