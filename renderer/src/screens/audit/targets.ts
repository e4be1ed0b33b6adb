/**
 * Where an audit event's target opens: the screen of the space, team, site…, or the list that holds it where it
 * has no screen of its own (a member: the members table searched for their name). A change request needs its space,
 * which only the event's details record (`payload.space`). Targets deleted since stay unlinked only if the screen
 * cannot show them; a deleted space opens in its trashed state.
 */
import type { AuditEvent } from '../../../../shared/contract/resources/audit.ts';

/** A route of the app under the organization, with its params and search (TanStack Router's `to` form). */
export type TargetLink =
  | { to: '/p/$profileId/orgs/$orgId/spaces/$spaceId'; params: { spaceId: string }; search: object }
  | { to: '/p/$profileId/orgs/$orgId/teams/$teamId'; params: { teamId: string }; search: object }
  | { to: '/p/$profileId/orgs/$orgId/sites/$siteId'; params: { siteId: string }; search: object }
  | {
      to: '/p/$profileId/orgs/$orgId/spaces/$spaceId/change-requests/$changeRequestId';
      params: { spaceId: string; changeRequestId: string };
      search: object;
    }
  | { to: '/p/$profileId/orgs/$orgId/people'; params: object; search: { q?: string } }
  | { to: '/p/$profileId/orgs/$orgId/openapi'; params: object; search: { spec?: string } }
  | {
      to:
        | '/p/$profileId/orgs/$orgId/content'
        | '/p/$profileId/orgs/$orgId/invites'
        | '/p/$profileId/orgs/$orgId/settings'
        | '/p/$profileId/orgs/$orgId/custom-fields'
        | '/p/$profileId/orgs/$orgId/sso'
        | '/p/$profileId/orgs/$orgId/translations';
      params: object;
      search: object;
    };

/** Target types whose screen needs the event's details first. */
export function needsDetails(target: AuditEvent['target']): boolean {
  return target.type === 'change_request';
}

/**
 * The screen an event's target opens, or `undefined` where none shows it. `payload`: the event's details, for the
 * targets that need them (`needsDetails`).
 */
export function targetLink(
  target: AuditEvent['target'],
  payload?: Record<string, unknown>,
): TargetLink | undefined {
  switch (target.type) {
    case 'space':
      return { to: '/p/$profileId/orgs/$orgId/spaces/$spaceId', params: { spaceId: target.id }, search: {} };
    case 'team':
      return { to: '/p/$profileId/orgs/$orgId/teams/$teamId', params: { teamId: target.id }, search: {} };
    case 'site':
      return { to: '/p/$profileId/orgs/$orgId/sites/$siteId', params: { siteId: target.id }, search: {} };
    case 'change_request': {
      const space = payload?.['space'];
      if (typeof space !== 'string' || space === '') return undefined;
      return {
        to: '/p/$profileId/orgs/$orgId/spaces/$spaceId/change-requests/$changeRequestId',
        params: { spaceId: space, changeRequestId: target.id },
        search: {},
      };
    }
    case 'member': {
      const label = target.label?.trim() ?? '';
      return { to: '/p/$profileId/orgs/$orgId/people', params: {}, search: label === '' ? {} : { q: label } };
    }
    case 'openapi-spec':
      return { to: '/p/$profileId/orgs/$orgId/openapi', params: {}, search: { spec: target.id } };
    case 'collection':
      return { to: '/p/$profileId/orgs/$orgId/content', params: {}, search: {} };
    case 'invite':
      return { to: '/p/$profileId/orgs/$orgId/invites', params: {}, search: {} };
    case 'organization':
      return { to: '/p/$profileId/orgs/$orgId/settings', params: {}, search: {} };
    case 'custom-field':
      return { to: '/p/$profileId/orgs/$orgId/custom-fields', params: {}, search: {} };
    case 'saml-provider':
      return { to: '/p/$profileId/orgs/$orgId/sso', params: {}, search: {} };
    case 'translation-settings':
      return { to: '/p/$profileId/orgs/$orgId/translations', params: {}, search: {} };
    default:
      return undefined;
  }
}

/** Words for a target type (`change_request` → "Change request"). */
export function targetTypeLabel(type: string): string {
  const words = type.replace(/[_-]+/g, ' ').trim();
  if (words === '') return 'Item';
  const fixed = words.replace(/\bsaml\b/i, 'SAML').replace(/\bopenapi\b/i, 'OpenAPI');
  return fixed.charAt(0).toUpperCase() + fixed.slice(1);
}
