/** Helpers shared by the HTTP tests of sites and share links. */
import type { TestServer } from '../../test/harness.ts';
import { buildContentOrg } from '../spaces/testing.ts';

export {
  allPages,
  expectError,
  expectHidden,
  expectStatus,
  expectUnauthorized,
  NON_ADMIN_ROLES,
  roleName,
  sendRaw,
  UNKNOWN_ID,
} from '../spaces/testing.ts';

/** An organization with its admin, members on demand, a space, and another organization with a site of its own. */
export function buildSiteOrg(server: TestServer) {
  const content = buildContentOrg(server);
  const spaceId = server.buildSpace(content.orgId, { title: 'User Guide' }).id;
  const foreignSiteId = server.buildSite(content.foreign.orgId, { spaces: [content.foreign.spaceId] }).id;
  return { ...content, spaceId, foreignSiteId };
}

/** The path parameters of a site. */
export const siteParams = (organizationId: string, siteId: string) => ({ organizationId, siteId });
