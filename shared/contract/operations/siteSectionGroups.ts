/** Section groups of a site. */
import { Type } from '@sinclair/typebox';
import { List, ListQuery } from '../common.ts';
import {
  AddSectionToGroup,
  CreateSiteSectionGroup,
  MoveSiteSectionGroup,
  SiteSectionGroup,
  UpdateSiteSectionGroup,
} from '../resources/siteStructure.ts';
import { defineOperation as op } from '../operation.ts';

const group = 'Site section groups';

export const siteSectionGroupOperations = {
  listSiteSectionGroups: op({
    name: 'listSiteSectionGroups',
    group,
    method: 'GET',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/section-groups',
    summary: 'List the section groups of a site',
    query: Type.Object(ListQuery),
    response: List(SiteSectionGroup),
    success: 200,
  }),
  addSectionGroupToSite: op({
    name: 'addSectionGroupToSite',
    group,
    method: 'POST',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/section-groups',
    summary: 'Add a section group to a site',
    body: CreateSiteSectionGroup,
    response: SiteSectionGroup,
    success: 201,
  }),
  deleteSiteSectionGroupById: op({
    name: 'deleteSiteSectionGroupById',
    group,
    method: 'DELETE',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}',
    summary: 'Delete a section group',
    success: 205,
  }),
  updateSiteSectionGroupById: op({
    name: 'updateSiteSectionGroupById',
    group,
    method: 'PATCH',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}',
    summary: "Update a section group's title or icon",
    body: UpdateSiteSectionGroup,
    response: SiteSectionGroup,
    success: 200,
  }),
  addSectionToGroup: op({
    name: 'addSectionToGroup',
    group,
    method: 'POST',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections',
    summary: 'Add a section to a section group',
    body: AddSectionToGroup,
    response: SiteSectionGroup,
    success: 201,
  }),
  removeSectionFromGroup: op({
    name: 'removeSectionFromGroup',
    group,
    method: 'DELETE',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections/{siteSectionId}',
    summary: 'Remove a section from a section group',
    success: 205,
  }),
  moveSiteSectionGroup: op({
    name: 'moveSiteSectionGroup',
    group,
    method: 'POST',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/move',
    summary: 'Move a section group before or after a sibling',
    body: MoveSiteSectionGroup,
    bodyRequired: false,
    response: SiteSectionGroup,
    success: 200,
  }),
};
