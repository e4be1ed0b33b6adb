/** SAML providers of an organization and its SSO login information. */
import { Type } from '@sinclair/typebox';
import { List, ListQuery } from '../common.ts';
import {
  CreateSAMLProvider,
  SAMLProvider,
  SSOProviderLogins,
  UpdateSAMLProvider,
} from '../resources/saml.ts';
import { defineOperation as op } from '../operation.ts';

const group = 'SAML and SSO';

export const samlOperations = {
  listSAMLProvidersInOrganizationById: op({
    name: 'listSAMLProvidersInOrganizationById',
    group,
    method: 'GET',
    path: '/v1/orgs/{organizationId}/saml',
    summary: 'List the SAML providers of an organization',
    query: Type.Object(ListQuery),
    response: List(SAMLProvider),
    success: 200,
  }),
  createOrganizationSAMLProvider: op({
    name: 'createOrganizationSAMLProvider',
    group,
    method: 'POST',
    path: '/v1/orgs/{organizationId}/saml',
    summary: 'Add a SAML provider',
    body: CreateSAMLProvider,
    response: SAMLProvider,
    success: 201,
  }),
  getOrganizationSAMLProviderById: op({
    name: 'getOrganizationSAMLProviderById',
    group,
    method: 'GET',
    path: '/v1/orgs/{organizationId}/saml/{samlProviderId}',
    summary: 'Get a SAML provider',
    response: SAMLProvider,
    success: 200,
  }),
  deleteOrganizationSAMLProvider: op({
    name: 'deleteOrganizationSAMLProvider',
    group,
    method: 'DELETE',
    path: '/v1/orgs/{organizationId}/saml/{samlProviderId}',
    summary: 'Delete a SAML provider',
    success: 204,
  }),
  updateOrganizationSAMLProvider: op({
    name: 'updateOrganizationSAMLProvider',
    group,
    method: 'PATCH',
    path: '/v1/orgs/{organizationId}/saml/{samlProviderId}',
    summary: 'Update a SAML provider',
    body: UpdateSAMLProvider,
    response: SAMLProvider,
    success: 200,
  }),
  listSSOProviderLoginsInOrganization: op({
    name: 'listSSOProviderLoginsInOrganization',
    group,
    method: 'GET',
    path: '/v1/orgs/{organizationId}/sso',
    summary: 'List the SSO sign-in options of an organization',
    response: SSOProviderLogins,
    success: 200,
  }),
};
