/** Every implemented operation's handler, keyed by operation name. */
import { auditHandlers } from '../domain/audit/handlers.ts';
import { blockHandlers } from '../domain/change-requests/block-handlers.ts';
import { changeRequestContentHandlers } from '../domain/change-requests/content-handlers.ts';
import { changeRequestContentWriteHandlers } from '../domain/change-requests/content-write-handlers.ts';
import { changeRequestHandlers } from '../domain/change-requests/handlers.ts';
import { changeRequestMergeHandlers } from '../domain/change-requests/merge-handlers.ts';
import { changeRequestCommentHandlers } from '../domain/comments/change-request-handlers.ts';
import { spaceCommentHandlers } from '../domain/comments/handlers.ts';
import { collectionHandlers } from '../domain/collections/handlers.ts';
import { contentHandlers } from '../domain/content/handlers.ts';
import { emailInviteHandlers } from '../domain/invites/email-invite-handlers.ts';
import { inviteHandlers } from '../domain/invites/handlers.ts';
import { memberHandlers } from '../domain/members/handlers.ts';
import { organizationHandlers } from '../domain/organizations/handlers.ts';
import { sandboxHandlers } from '../domain/organizations/sandbox.ts';
import { inspectHandlers } from '../domain/inspect/handlers.ts';
import { permissionHandlers } from '../domain/permissions/handlers.ts';
import { sitePermissionHandlers } from '../domain/permissions/site-handlers.ts';
import { siteSectionGroupHandlers } from '../domain/site-structure/groups.ts';
import { siteStructureHandlers } from '../domain/site-structure/handlers.ts';
import { siteSectionHandlers } from '../domain/site-structure/sections.ts';
import { siteSpaceHandlers } from '../domain/site-structure/site-spaces.ts';
import { siteAdaptiveSchemaHandlers } from '../domain/sites/adaptive-schema.ts';
import { siteHandlers } from '../domain/sites/handlers.ts';
import { siteShareLinkHandlers } from '../domain/sites/share-links.ts';
import { spaceHandlers } from '../domain/spaces/handlers.ts';
import { customFieldHandlers } from '../domain/custom-fields/handlers.ts';
import { openApiHandlers } from '../domain/openapi/handlers.ts';
import { samlHandlers } from '../domain/saml/handlers.ts';
import { reviewHandlers } from '../domain/reviews/handlers.ts';
import { searchHandlers } from '../domain/search/handlers.ts';
import { translationHandlers } from '../domain/translations/handlers.ts';
import { teamHandlers } from '../domain/teams/handlers.ts';
import { teamMemberHandlers } from '../domain/teams/member-handlers.ts';
import { userHandlers } from '../domain/users/handlers.ts';
import type { Handlers } from './context.ts';

export const handlers: Handlers = {
  ...organizationHandlers,
  ...sandboxHandlers,
  ...auditHandlers,
  ...inviteHandlers,
  ...emailInviteHandlers,
  ...memberHandlers,
  ...teamHandlers,
  ...teamMemberHandlers,
  ...userHandlers,
  ...collectionHandlers,
  ...spaceHandlers,
  ...permissionHandlers,
  ...inspectHandlers,
  ...contentHandlers,
  ...changeRequestHandlers,
  ...changeRequestMergeHandlers,
  ...changeRequestContentHandlers,
  ...changeRequestContentWriteHandlers,
  ...spaceCommentHandlers,
  ...changeRequestCommentHandlers,
  ...blockHandlers,
  ...reviewHandlers,
  ...searchHandlers,
  ...samlHandlers,
  ...customFieldHandlers,
  ...openApiHandlers,
  ...translationHandlers,
  ...siteHandlers,
  ...siteAdaptiveSchemaHandlers,
  ...siteShareLinkHandlers,
  ...siteSectionHandlers,
  ...siteSectionGroupHandlers,
  ...siteSpaceHandlers,
  ...siteStructureHandlers,
  ...sitePermissionHandlers,
};
