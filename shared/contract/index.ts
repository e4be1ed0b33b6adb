/** The API contract: every operation of the spec plus our marked extensions, in one table. */
import type { Operation } from './operation.ts';
import { accessOperations } from './operations/access.ts';
import { auditOperations } from './operations/audit.ts';
import { changeRequestCommentOperations } from './operations/changeRequestComments.ts';
import { changeRequestContentOperations } from './operations/changeRequestContent.ts';
import { changeRequestOperations } from './operations/changeRequests.ts';
import { changeRequestReviewOperations } from './operations/changeRequestReviews.ts';
import { collectionOperations } from './operations/collections.ts';
import { customFieldOperations } from './operations/customFields.ts';
import { memberOperations } from './operations/members.ts';
import { openApiOperations } from './operations/openapi.ts';
import { organizationOperations } from './operations/organizations.ts';
import { permissionOperations, sitePermissionOperations } from './operations/permissions.ts';
import { samlOperations } from './operations/saml.ts';
import { sandboxOperations } from './operations/sandbox.ts';
import { shareLinkOperations } from './operations/shareLinks.ts';
import { siteSectionGroupOperations } from './operations/siteSectionGroups.ts';
import { siteSectionOperations } from './operations/siteSections.ts';
import { siteSpaceOperations } from './operations/siteSpaces.ts';
import { siteOperations } from './operations/sites.ts';
import { spaceCommentOperations } from './operations/spaceComments.ts';
import { spaceOperations } from './operations/spaces.ts';
import { translationOperations } from './operations/translations.ts';
import { userOperations } from './operations/users.ts';

/** All operations, keyed by name (GitBook's operation id). */
export const operations = {
  ...collectionOperations,
  ...spaceOperations,
  ...siteOperations,
  ...siteSectionOperations,
  ...siteSectionGroupOperations,
  ...siteSpaceOperations,
  ...sitePermissionOperations,
  ...shareLinkOperations,
  ...changeRequestOperations,
  ...changeRequestContentOperations,
  ...spaceCommentOperations,
  ...changeRequestCommentOperations,
  ...changeRequestReviewOperations,
  ...customFieldOperations,
  ...organizationOperations,
  ...sandboxOperations,
  ...auditOperations,
  ...permissionOperations,
  ...accessOperations,
  ...memberOperations,
  ...samlOperations,
  ...openApiOperations,
  ...translationOperations,
  ...userOperations,
};

export type Operations = typeof operations;
export type OperationName = keyof Operations;

/** The same table as a list, in a stable order. */
export const operationList: readonly Operation[] = Object.values(operations) as Operation[];

export * from './operation.ts';
export * from './common.ts';
