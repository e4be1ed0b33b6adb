/** Site spaces: the spaces a site publishes, each at a path. */
import { Type } from '@sinclair/typebox';
import { List, ListQuery } from '../common.ts';
import { AddSpaceToSite, MoveSiteSpace, SiteSpace, UpdateSiteSpace } from '../resources/siteStructure.ts';
import { ShareKey } from '../resources/sites.ts';
import { defineOperation as op } from '../operation.ts';

const group = 'Site spaces';

export const siteSpaceOperations = {
  listSiteSpaces: op({
    name: 'listSiteSpaces',
    group,
    method: 'GET',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/site-spaces',
    summary: 'List the spaces published by a site',
    query: Type.Object({
      shareKey: Type.Optional(ShareKey),
      ...ListQuery,
      default: Type.Optional(
        Type.Boolean({
          description: 'true: only the default site space; false: only the others; absent: all.',
        }),
      ),
    }),
    response: List(SiteSpace),
    success: 200,
  }),
  addSpaceToSite: op({
    name: 'addSpaceToSite',
    group,
    method: 'POST',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/site-spaces',
    summary: 'Add a space to a site',
    body: AddSpaceToSite,
    response: SiteSpace,
    success: 201,
  }),
  deleteSiteSpaceById: op({
    name: 'deleteSiteSpaceById',
    group,
    method: 'DELETE',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}',
    summary: 'Remove a space from a site',
    success: 205,
  }),
  updateSiteSpaceById: op({
    name: 'updateSiteSpaceById',
    group,
    method: 'PATCH',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}',
    summary: "Update a site space's path, condition or space",
    body: UpdateSiteSpace,
    response: SiteSpace,
    success: 200,
  }),
  moveSiteSpace: op({
    name: 'moveSiteSpace',
    group,
    method: 'POST',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/move',
    summary: 'Move a site space before or after another one',
    body: MoveSiteSpace,
    bodyRequired: false,
    response: SiteSpace,
    success: 200,
    deprecated: true,
  }),
};
