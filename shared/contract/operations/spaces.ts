/** Spaces: containers of documentation content. */
import { Type } from '@sinclair/typebox';
import { List, ListQuery } from '../common.ts';
import { CreateSpace, MoveContent, Space, TransferContent, UpdateSpace } from '../resources/content.ts';
import { ContentReferenceStatus, LinkReport } from '../resources/links.ts';
import { ShareKey } from '../resources/sites.ts';
import { defineOperation as op } from '../operation.ts';

const group = 'Spaces';

export const spaceOperations = {
  getSpaceById: op({
    name: 'getSpaceById',
    group,
    method: 'GET',
    path: '/v1/spaces/{spaceId}',
    summary: 'Get a space',
    query: Type.Object({ shareKey: Type.Optional(ShareKey) }),
    response: Space,
    success: 200,
  }),
  deleteSpaceById: op({
    name: 'deleteSpaceById',
    group,
    method: 'DELETE',
    path: '/v1/spaces/{spaceId}',
    summary: 'Delete a space (restorable for 7 days)',
    success: 205,
  }),
  updateSpaceById: op({
    name: 'updateSpaceById',
    group,
    method: 'PATCH',
    path: '/v1/spaces/{spaceId}',
    summary: "Update a space's title, emoji, edit mode, default access or merge rules",
    body: UpdateSpace,
    response: Space,
    success: 200,
  }),
  deleteSpacePermanently: op({
    name: 'deleteSpacePermanently',
    group,
    method: 'DELETE',
    path: '/v1/spaces/{spaceId}/permanent',
    summary: 'Delete a space in the trash for good, with its content (organization admins only)',
    success: 204,
    extension: true,
  }),
  duplicateSpace: op({
    name: 'duplicateSpace',
    group,
    method: 'POST',
    path: '/v1/spaces/{spaceId}/duplicate',
    summary: 'Duplicate a space',
    response: Space,
    success: 201,
  }),
  restoreSpace: op({
    name: 'restoreSpace',
    group,
    method: 'POST',
    path: '/v1/spaces/{spaceId}/restore',
    summary: 'Restore a space deleted in the last 7 days',
    response: Space,
    success: 200,
  }),
  moveSpace: op({
    name: 'moveSpace',
    group,
    method: 'POST',
    path: '/v1/spaces/{spaceId}/move',
    summary: 'Move a space to another collection or position',
    body: MoveContent,
    response: Space,
    success: 200,
  }),
  transferSpace: op({
    name: 'transferSpace',
    group,
    method: 'POST',
    path: '/v1/spaces/{spaceId}/transfer',
    summary: 'Transfer a space to another organization',
    body: TransferContent,
    response: Space,
    success: 200,
  }),
  listSpaceLinks: op({
    name: 'listSpaceLinks',
    group,
    method: 'GET',
    path: '/v1/spaces/{spaceId}/links',
    summary: 'List the links in a space and whether they work',
    query: Type.Object({ ...ListQuery, status: Type.Optional(ContentReferenceStatus) }),
    response: LinkReport,
    success: 200,
  }),
  listSpacesInOrganizationById: op({
    name: 'listSpacesInOrganizationById',
    group,
    method: 'GET',
    path: '/v1/orgs/{organizationId}/spaces',
    summary: 'List the spaces of an organization',
    query: Type.Object({
      ...ListQuery,
      deleted: Type.Optional(
        Type.Boolean({
          default: false,
          description:
            'True lists the spaces in the trash (deleted in the last 7 days, restorable) instead of the active ones.',
        }),
      ),
    }),
    response: List(Space),
    success: 200,
    extension: true,
  }),
  createSpace: op({
    name: 'createSpace',
    group,
    method: 'POST',
    path: '/v1/orgs/{organizationId}/spaces',
    summary: 'Create a space',
    body: CreateSpace,
    bodyRequired: false,
    response: Space,
    success: 201,
    extension: true,
  }),
};
