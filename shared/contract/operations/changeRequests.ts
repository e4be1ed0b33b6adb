/** Change requests of a space: list, create, read, update, merge, update from main content, PDF export. */
import { Type } from '@sinclair/typebox';
import { List, ListQuery, StringEnum } from '../common.ts';
import {
  CHANGE_REQUEST_STATUSES,
  ChangeRequest,
  ChangeRequestMergeCheck,
  ChangeRequestMergeResult,
  ChangeRequestPDF,
  ChangeRequestUpdateResult,
  CreateChangeRequest,
  UpdateChangeRequest,
} from '../resources/changeRequests.ts';
import { defineOperation as op } from '../operation.ts';

const group = 'Change requests';

export const changeRequestOperations = {
  listChangeRequestsForSpace: op({
    name: 'listChangeRequestsForSpace',
    group,
    method: 'GET',
    path: '/v1/spaces/{spaceId}/change-requests',
    summary: 'List the change requests of a space',
    query: Type.Object({
      ...ListQuery,
      status: Type.Optional(StringEnum(CHANGE_REQUEST_STATUSES, { default: 'open' })),
      contributor: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 256,
          description: 'Only change requests this user contributed to.',
        }),
      ),
    }),
    response: List(ChangeRequest),
    success: 200,
  }),
  createChangeRequest: op({
    name: 'createChangeRequest',
    group,
    method: 'POST',
    path: '/v1/spaces/{spaceId}/change-requests',
    summary: 'Create a change request',
    body: CreateChangeRequest,
    bodyRequired: false,
    response: ChangeRequest,
    success: 201,
  }),
  getChangeRequestById: op({
    name: 'getChangeRequestById',
    group,
    method: 'GET',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}',
    summary: 'Get a change request',
    response: ChangeRequest,
    success: 200,
  }),
  updateChangeRequestById: op({
    name: 'updateChangeRequestById',
    group,
    method: 'PATCH',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}',
    summary: 'Rename a change request or change its status',
    body: UpdateChangeRequest,
    response: ChangeRequest,
    success: 200,
  }),
  mergeChangeRequest: op({
    name: 'mergeChangeRequest',
    group,
    method: 'POST',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge',
    summary: 'Merge a change request into the main content',
    query: Type.Object({
      bypassRules: Type.Optional(
        Type.Boolean({
          description:
            'Extension: merge although merge rules are unmet; only for the people the rules\u2019 `allow_bypass` lists.',
        }),
      ),
    }),
    response: ChangeRequestMergeResult,
    success: 200,
  }),
  updateChangeRequest: op({
    name: 'updateChangeRequest',
    group,
    method: 'POST',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/update',
    summary: 'Bring a change request up to date with the main content',
    response: ChangeRequestUpdateResult,
    success: 200,
  }),
  checkChangeRequestMerge: op({
    name: 'checkChangeRequestMerge',
    group,
    method: 'GET',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge-check',
    summary: 'Tell whether the change request is outdated and would merge cleanly, with its conflicts',
    response: ChangeRequestMergeCheck,
    success: 200,
    extension: true,
  }),
  listChangeRequestsForOrganization: op({
    name: 'listChangeRequestsForOrganization',
    group,
    method: 'GET',
    path: '/v1/orgs/{organizationId}/change-requests',
    summary: 'List the change requests of every space of the organization the caller may read',
    query: Type.Object({
      ...ListQuery,
      status: Type.Optional(StringEnum(CHANGE_REQUEST_STATUSES, { default: 'open' })),
      space: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: 'Only this space.' })),
    }),
    response: List(ChangeRequest),
    success: 200,
    extension: true,
  }),
  getChangeRequestPDF: op({
    name: 'getChangeRequestPDF',
    group,
    method: 'GET',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/pdf',
    summary: 'Get a temporary URL of a PDF of the change request',
    query: Type.Object({
      only: Type.Optional(Type.Boolean({ description: 'PDF of the given page only.' })),
      page: Type.Optional(
        Type.String({ minLength: 1, maxLength: 256, description: 'ID of the page to print.' }),
      ),
    }),
    response: ChangeRequestPDF,
    success: 200,
  }),
};
