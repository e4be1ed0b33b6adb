/** Custom fields of an organization and their values on spaces. */
import { Type } from '@sinclair/typebox';
import { List, ListQuery } from '../common.ts';
import {
  CreateCustomField,
  CustomField,
  CustomFieldName,
  CustomFieldValues,
  UpdateCustomField,
  UpdateCustomFieldValues,
} from '../resources/customFields.ts';
import { defineOperation as op } from '../operation.ts';

const group = 'Custom fields';

export const customFieldOperations = {
  getSpaceCustomFields: op({
    name: 'getSpaceCustomFields',
    group,
    method: 'GET',
    path: '/v1/spaces/{spaceId}/custom-fields',
    summary: 'Get the custom field values of a space',
    response: CustomFieldValues,
    success: 200,
  }),
  updateSpaceCustomFields: op({
    name: 'updateSpaceCustomFields',
    group,
    method: 'PATCH',
    path: '/v1/spaces/{spaceId}/custom-fields',
    summary: 'Set custom field values on a space',
    body: UpdateCustomFieldValues,
    success: 204,
  }),
  listOrganizationCustomFields: op({
    name: 'listOrganizationCustomFields',
    group,
    method: 'GET',
    path: '/v1/orgs/{organizationId}/custom-fields',
    summary: 'List the custom fields of an organization',
    query: Type.Object(ListQuery),
    response: List(CustomField),
    success: 200,
  }),
  createOrganizationCustomField: op({
    name: 'createOrganizationCustomField',
    group,
    method: 'POST',
    path: '/v1/orgs/{organizationId}/custom-fields',
    summary: 'Create a custom field',
    body: CreateCustomField,
    response: CustomField,
    success: 201,
  }),
  getOrganizationCustomFieldByName: op({
    name: 'getOrganizationCustomFieldByName',
    group,
    method: 'GET',
    path: '/v1/orgs/{organizationId}/custom-fields/{fieldName}',
    summary: 'Get a custom field',
    response: CustomField,
    success: 200,
    paramSchemas: { fieldName: CustomFieldName },
  }),
  deleteOrganizationCustomField: op({
    name: 'deleteOrganizationCustomField',
    group,
    method: 'DELETE',
    path: '/v1/orgs/{organizationId}/custom-fields/{fieldName}',
    summary: 'Delete a custom field',
    success: 204,
    paramSchemas: { fieldName: CustomFieldName },
  }),
  updateOrganizationCustomField: op({
    name: 'updateOrganizationCustomField',
    group,
    method: 'PATCH',
    path: '/v1/orgs/{organizationId}/custom-fields/{fieldName}',
    summary: 'Update a custom field',
    body: UpdateCustomField,
    response: CustomField,
    success: 200,
    paramSchemas: { fieldName: CustomFieldName },
  }),
};
