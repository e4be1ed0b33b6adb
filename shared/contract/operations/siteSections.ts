/** Sections of a site. */
import { Type } from '@sinclair/typebox';
import { List, ListQuery } from '../common.ts';
import {
  CreateSiteSection,
  MoveSiteSection,
  SiteSection,
  UpdateSiteSection,
} from '../resources/siteStructure.ts';
import { ShareKey } from '../resources/sites.ts';
import { defineOperation as op } from '../operation.ts';

const group = 'Site sections';

export const siteSectionOperations = {
  listSiteSections: op({
    name: 'listSiteSections',
    group,
    method: 'GET',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/sections',
    summary: 'List the sections of a site',
    query: Type.Object({ shareKey: Type.Optional(ShareKey), ...ListQuery }),
    response: List(SiteSection),
    success: 200,
  }),
  addSectionToSite: op({
    name: 'addSectionToSite',
    group,
    method: 'POST',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/sections',
    summary: 'Add a section to a site, with a space as its first variant',
    body: CreateSiteSection,
    response: SiteSection,
    success: 201,
  }),
  deleteSiteSectionById: op({
    name: 'deleteSiteSectionById',
    group,
    method: 'DELETE',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}',
    summary: 'Delete a section',
    success: 205,
  }),
  updateSiteSectionById: op({
    name: 'updateSiteSectionById',
    group,
    method: 'PATCH',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}',
    summary: 'Update a section',
    body: UpdateSiteSection,
    response: SiteSection,
    success: 200,
  }),
  moveSiteSection: op({
    name: 'moveSiteSection',
    group,
    method: 'POST',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}/move',
    summary: 'Move a section before or after another one',
    body: MoveSiteSection,
    bodyRequired: false,
    response: SiteSection,
    success: 200,
  }),
};
