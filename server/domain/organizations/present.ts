/** Organization rows to API objects. */
import type { Organization } from '../../../shared/contract/resources/organizations.ts';
import { ORGANIZATION_PERMISSIONS } from '../../../shared/contract/resources/organizations.ts';
import type { Role } from '../../../shared/contract/index.ts';
import { can, type OrgActor } from '../../policies/index.ts';
import type { OrganizationsTable } from '../../storage/schema.ts';
import { organizationMergeRules } from '../merge-rules/records.ts';

export function organizationUrls(baseUrl: string, id: string) {
  return { location: `${baseUrl}/v1/orgs/${id}`, app: `${baseUrl}/o/${id}/` };
}

export function presentOrganization(org: OrganizationsTable, actor: OrgActor, baseUrl: string): Organization {
  const permissions = Object.fromEntries(
    ORGANIZATION_PERMISSIONS.map((name) => [name, can(actor, `organization.${name}`, null)]),
  ) as Organization['permissions'];
  return {
    object: 'organization',
    id: org.id,
    title: org.title,
    createdAt: org.created_at,
    emailDomains: JSON.parse(org.email_domains) as string[],
    ...(org.hostname !== null ? { hostname: org.hostname } : {}),
    type: org.type as Organization['type'],
    ...(org.use_case !== null ? { useCase: org.use_case as NonNullable<Organization['useCase']> } : {}),
    ...(org.community_type !== null
      ? { communityType: org.community_type as NonNullable<Organization['communityType']> }
      : {}),
    defaultRole: org.default_role as Role | null,
    ...(org.default_content_site !== null
      ? { defaultContent: { type: 'site' as const, site: org.default_content_site } }
      : {}),
    sso: org.sso === 1,
    ai: org.ai === 1,
    inviteLinks: org.invite_links === 1,
    mergeRules: organizationMergeRules(org.merge_rules),
    plan: org.plan as Organization['plan'],
    trial: { status: 'notapplicable', count: 0 },
    ...(typeof org.audit_retention_days === 'number'
      ? { auditLogRetentionDays: org.audit_retention_days }
      : {}),
    urls: { ...organizationUrls(baseUrl, org.id), ...(org.logo !== null ? { logo: org.logo } : {}) },
    permissions,
  };
}
