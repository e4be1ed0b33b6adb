/** Where a spec may open the app directly (`DocsAdmin.open`'s route) instead of clicking its way there. */
import { SANDBOX_PROFILE } from '../support/sandbox-api.ts';

/**
 * The route of one of an organization's screens, named by its sidebar path (`audit`, `people`, `trash`: the
 * sidebar's links are `nav-<path>`), in a profile of the app: the sandbox's unless told.
 */
export function screenRoute(orgId: string, screen: string, profileId: string = SANDBOX_PROFILE): string {
  return `/p/${profileId}/orgs/${orgId}/${screen}`;
}
