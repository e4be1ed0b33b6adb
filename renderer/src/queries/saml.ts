/**
 * SAML single sign-on of an organization: its identity providers, their changes, and the SSO login info. Keys:
 * `[…org, 'saml', …]` for the providers, `[…org, 'sso-logins']` for the login info (which lists active providers,
 * so every provider change refreshes it too).
 */
import { queryOptions } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import { LIST_LIMIT_MAX } from '../../../shared/contract/constants.ts';
import type {
  CreateSAMLProvider,
  SAMLProvider,
  UpdateSAMLProvider,
} from '../../../shared/contract/resources/saml.ts';
import { clientFor } from '../bridge/api.ts';
import { allPages, pageParam } from './allPages.ts';
import { keys } from './keys.ts';
import { useRefreshingMutation } from './refreshingMutation.ts';

/** The key prefix of everything cached about the SAML providers of an organization. */
export function samlKey(profileId: string, orgId: string) {
  return keys.group(keys.org(profileId, orgId), 'saml');
}

/** The key of the SSO login info of an organization. */
export function ssoLoginsKey(profileId: string, orgId: string) {
  return keys.read(keys.org(profileId, orgId), 'listSSOProviderLoginsInOrganization');
}

/** Every SAML provider of an organization (all pages), oldest first. */
export function samlProvidersQuery(profileId: string, orgId: string) {
  return queryOptions({
    queryKey: keys.read(samlKey(profileId, orgId), 'listSAMLProvidersInOrganizationById'),
    queryFn: (): Promise<SAMLProvider[]> =>
      allPages((page) =>
        clientFor(profileId).call('listSAMLProvidersInOrganizationById', {
          params: { organizationId: orgId },
          query: { limit: LIST_LIMIT_MAX, ...pageParam(page) },
        }),
      ),
  });
}

/** The SSO login options of an organization (active providers: id, label, start URL). */
export function ssoLoginsQuery(profileId: string, orgId: string) {
  return queryOptions({
    queryKey: ssoLoginsKey(profileId, orgId),
    queryFn: async () =>
      (
        await clientFor(profileId).call('listSSOProviderLoginsInOrganization', {
          params: { organizationId: orgId },
        })
      ).items,
  });
}

/** Adds a SAML provider. */
export function useCreateSamlProvider(profileId: string, orgId: string) {
  return useRefreshingMutation(
    [samlKey(profileId, orgId), ssoLoginsKey(profileId, orgId)],
    (body: Static<typeof CreateSAMLProvider>) =>
      clientFor(profileId).call('createOrganizationSAMLProvider', {
        params: { organizationId: orgId },
        body,
      }),
  );
}

/** Changes fields of a SAML provider. */
export function useUpdateSamlProvider(profileId: string, orgId: string) {
  return useRefreshingMutation(
    [samlKey(profileId, orgId), ssoLoginsKey(profileId, orgId)],
    ({ id, body }: { id: string; body: Static<typeof UpdateSAMLProvider> }) =>
      clientFor(profileId).call('updateOrganizationSAMLProvider', {
        params: { organizationId: orgId, samlProviderId: id },
        body,
      }),
  );
}

/** Deletes a SAML provider. */
export function useDeleteSamlProvider(profileId: string, orgId: string) {
  return useRefreshingMutation([samlKey(profileId, orgId), ssoLoginsKey(profileId, orgId)], (id: string) =>
    clientFor(profileId).call('deleteOrganizationSAMLProvider', {
      params: { organizationId: orgId, samlProviderId: id },
    }),
  );
}
