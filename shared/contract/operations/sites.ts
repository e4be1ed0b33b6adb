/** Sites: published docs sites built from spaces. */
import { Type } from '@sinclair/typebox';
import { List, ListQuery } from '../common.ts';
import {
  CreateSite,
  PublishedContentSite,
  ShareKey,
  Site,
  SiteAdaptiveSchema,
  UpdateSite,
  UpdateSiteAdaptiveSchema,
} from '../resources/sites.ts';
import { defineOperation as op } from '../operation.ts';

const group = 'Sites';

export const siteOperations = {
  listSites: op({
    name: 'listSites',
    group,
    method: 'GET',
    path: '/v1/orgs/{organizationId}/sites',
    summary: 'List the sites of an organization',
    query: Type.Object({
      ...ListQuery,
      space: Type.Optional(
        Type.String({ minLength: 1, maxLength: 256, description: 'Only sites that publish this space.' }),
      ),
      title: Type.Optional(
        Type.String({ minLength: 1, maxLength: 128, description: 'Only sites with this title.' }),
      ),
      published: Type.Optional(
        Type.Boolean({ description: 'Only published (true) or unpublished (false) sites.' }),
      ),
    }),
    response: List(Site),
    success: 200,
  }),
  createSite: op({
    name: 'createSite',
    group,
    method: 'POST',
    path: '/v1/orgs/{organizationId}/sites',
    summary: 'Create a site',
    body: CreateSite,
    bodyRequired: false,
    response: Site,
    success: 201,
  }),
  getSiteById: op({
    name: 'getSiteById',
    group,
    method: 'GET',
    path: '/v1/orgs/{organizationId}/sites/{siteId}',
    summary: 'Get a site',
    response: Site,
    success: 200,
  }),
  deleteSiteById: op({
    name: 'deleteSiteById',
    group,
    method: 'DELETE',
    path: '/v1/orgs/{organizationId}/sites/{siteId}',
    summary: 'Delete a site',
    success: 205,
  }),
  updateSiteById: op({
    name: 'updateSiteById',
    group,
    method: 'PATCH',
    path: '/v1/orgs/{organizationId}/sites/{siteId}',
    summary: "Update a site's settings",
    body: UpdateSite,
    response: Site,
    success: 200,
  }),
  getSiteAdaptiveSchema: op({
    name: 'getSiteAdaptiveSchema',
    group,
    method: 'GET',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema',
    summary: 'Get the visitor attributes schema of a site',
    response: SiteAdaptiveSchema,
    success: 200,
  }),
  updateSiteAdaptiveSchema: op({
    name: 'updateSiteAdaptiveSchema',
    group,
    method: 'PUT',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema',
    summary: 'Set the visitor attributes schema of a site',
    body: UpdateSiteAdaptiveSchema,
    response: SiteAdaptiveSchema,
    success: 200,
  }),
  getPublishedContentSite: op({
    name: 'getPublishedContentSite',
    group,
    method: 'GET',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/published',
    summary: 'Get the published view of a site: structure and customization',
    query: Type.Object({ shareKey: Type.Optional(ShareKey) }),
    response: PublishedContentSite,
    success: 200,
  }),
};
