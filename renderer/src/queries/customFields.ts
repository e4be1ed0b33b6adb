/**
 * Custom fields of an organization (definitions) and their values on spaces. Keys: `[…org, 'custom-fields', …]`.
 * Values are read one space at a time (the API has no bulk read): the grid loads them lazily through
 * `fetchSpaceValues` and keeps them itself (screens/custom-fields/valuesStore.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import { LIST_LIMIT_MAX } from '../../../shared/contract/constants.ts';
import type {
  CreateCustomField,
  CustomField,
  CustomFieldValue,
  UpdateCustomField,
  UpdateCustomFieldValues,
} from '../../../shared/contract/resources/customFields.ts';
import { clientFor } from '../bridge/api.ts';
import { allPages, pageParam } from './allPages.ts';
import { optionalRead } from './capabilities.ts';
import { keys } from './keys.ts';
import { useRefreshingMutation } from './refreshingMutation.ts';

/** The key prefix of the custom fields of an organization. */
export function customFieldsKey(profileId: string, orgId: string) {
  return [...keys.org(profileId, orgId), 'custom-fields'] as const;
}

/** Every custom field of an organization (all pages), by name. */
export function customFieldsQuery(profileId: string, orgId: string) {
  return queryOptions({
    queryKey: [...customFieldsKey(profileId, orgId), 'list'] as const,
    queryFn: ({ client }): Promise<CustomField[]> =>
      optionalRead(client, profileId, 'listOrganizationCustomFields', () =>
        allPages((page) =>
          clientFor(profileId).call('listOrganizationCustomFields', {
            params: { organizationId: orgId },
            query: { limit: LIST_LIMIT_MAX, ...pageParam(page) },
          }),
        ),
      ),
  });
}

/** One space's values by field name (fields without a value are absent). */
export async function fetchSpaceValues(
  profileId: string,
  spaceId: string,
): Promise<Record<string, CustomFieldValue>> {
  const list = await clientFor(profileId).call('getSpaceCustomFields', { params: { spaceId } });
  const values: Record<string, CustomFieldValue> = {};
  for (const entry of list) if (entry.value !== undefined) values[entry.customField.name] = entry.value;
  return values;
}

/** Writes some values of one space (all or none: the server refuses the whole body on one bad value). */
export function patchSpaceValues(
  profileId: string,
  spaceId: string,
  body: Static<typeof UpdateCustomFieldValues>,
): Promise<void> {
  return clientFor(profileId).call('updateSpaceCustomFields', { params: { spaceId }, body });
}

/** Creates a custom field. */
export function useCreateCustomField(profileId: string, orgId: string) {
  return useRefreshingMutation(
    [customFieldsKey(profileId, orgId)],
    (body: Static<typeof CreateCustomField>) =>
      clientFor(profileId).call('createOrganizationCustomField', { params: { organizationId: orgId }, body }),
  );
}

/** Changes a custom field's title or options (the server drops values using removed options). */
export function useUpdateCustomField(profileId: string, orgId: string) {
  return useRefreshingMutation(
    [customFieldsKey(profileId, orgId)],
    ({ name, body }: { name: string; body: Static<typeof UpdateCustomField> }) =>
      clientFor(profileId).call('updateOrganizationCustomField', {
        params: { organizationId: orgId, fieldName: name },
        body,
      }),
  );
}

/** Deletes a custom field and its values on every space. */
export function useDeleteCustomField(profileId: string, orgId: string) {
  return useRefreshingMutation([customFieldsKey(profileId, orgId)], (name: string) =>
    clientFor(profileId).call('deleteOrganizationCustomField', {
      params: { organizationId: orgId, fieldName: name },
    }),
  );
}
