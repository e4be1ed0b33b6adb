/** Share links: secret links giving access to share-link sites. */
import { Type } from '@sinclair/typebox';
import { List, ListQuery } from '../common.ts';
import { CreateShareLink, ShareLink, UpdateShareLink } from '../resources/sites.ts';
import { defineOperation as op } from '../operation.ts';

const group = 'Share links';

export const shareLinkOperations = {
  listSiteShareLinks: op({
    name: 'listSiteShareLinks',
    group,
    method: 'GET',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/share-links',
    summary: 'List the share links of a site',
    query: Type.Object(ListQuery),
    response: List(ShareLink),
    success: 200,
  }),
  createSiteShareLink: op({
    name: 'createSiteShareLink',
    group,
    method: 'POST',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/share-links',
    summary: 'Create a share link',
    body: CreateShareLink,
    response: ShareLink,
    success: 201,
  }),
  deleteSiteShareLinkById: op({
    name: 'deleteSiteShareLinkById',
    group,
    method: 'DELETE',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}',
    summary: 'Delete a share link',
    success: 205,
  }),
  updateSiteShareLinkById: op({
    name: 'updateSiteShareLinkById',
    group,
    method: 'PATCH',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}',
    summary: 'Rename, activate or deactivate a share link',
    body: UpdateShareLink,
    response: ShareLink,
    success: 200,
  }),
};
