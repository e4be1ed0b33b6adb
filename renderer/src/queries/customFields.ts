/**
 * Custom fields of an organization (definitions) and their values on spaces. Keys: `[…org, 'custom-fields', …]`.
 * Values are read one space at a time (the API has no bulk read): the grid asks for the rows on screen through
 * `spaceValuesQuery`, and its cell edits update them in the cache (screens/custom-fields/useCellEdits.ts).
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
import { limiter } from './limiter.ts';
import { useRefreshingMutation } from './refreshingMutation.ts';

/** The key prefix of the custom fields of an organization. */
export function customFieldsKey(profileId: string, orgId: string) {
  return keys.group(keys.org(profileId, orgId), 'custom-fields');
}

/**
 * The key of the field definitions. A change of a definition refetches only them: the screen trims or resets the
 * spaces' values itself (`dropField`, `clear`), so they are not read again for every field created.
 */
function fieldListKey(profileId: string, orgId: string) {
  return keys.read(customFieldsKey(profileId, orgId), 'listOrganizationCustomFields');
}

/** Every custom field of an organization (all pages), by name. */
export function customFieldsQuery(profileId: string, orgId: string) {
  return queryOptions({
    queryKey: fieldListKey(profileId, orgId),
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

/** A space's values by field name (fields without a value are absent). */
export type SpaceValues = Readonly<Record<string, CustomFieldValue>>;

/** One space's values by field name (fields without a value are absent). */
export async function fetchSpaceValues(profileId: string, spaceId: string): Promise<SpaceValues> {
  const list = await clientFor(profileId).call('getSpaceCustomFields', { params: { spaceId } });
  const values: Record<string, CustomFieldValue> = {};
  for (const entry of list) if (entry.value !== undefined) values[entry.customField.name] = entry.value;
  return values;
}

/** Reads of one space's values running at once (the API has no bulk read: a grid screen asks for dozens). */
export const VALUE_READS_AT_ONCE = 6;
const valueReads = limiter(VALUE_READS_AT_ONCE);

/** The key prefix of the values of every space of an organization (all of them, or one space's). */
export function spaceValuesKey(profileId: string, orgId: string, spaceId?: string) {
  return keys.read(
    customFieldsKey(profileId, orgId),
    'getSpaceCustomFields',
    spaceId === undefined ? undefined : { spaceId },
  );
}

/**
 * One space's values, read once and kept (`staleTime: Infinity`: the grid's own writes update them in place), at
 * most `VALUE_READS_AT_ONCE` reads at a time. A read still waiting its turn when nothing shows the row any more is
 * not sent (the query's signal is aborted); `later` reads wait behind the rows on screen. A failed read stays
 * failed until read again (no retry: the cell says "Not loaded").
 */
export function spaceValuesQuery(profileId: string, orgId: string, spaceId: string, later = false) {
  return queryOptions({
    queryKey: spaceValuesKey(profileId, orgId, spaceId),
    queryFn: ({ signal }): Promise<SpaceValues> =>
      valueReads(() => {
        signal.throwIfAborted();
        return fetchSpaceValues(profileId, spaceId);
      }, later),
    staleTime: Infinity,
    retry: false,
  });
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
  return useRefreshingMutation([fieldListKey(profileId, orgId)], (body: Static<typeof CreateCustomField>) =>
    clientFor(profileId).call('createOrganizationCustomField', { params: { organizationId: orgId }, body }),
  );
}

/** Changes a custom field's title or options (the server drops values using removed options). */
export function useUpdateCustomField(profileId: string, orgId: string) {
  return useRefreshingMutation(
    [fieldListKey(profileId, orgId)],
    ({ name, body }: { name: string; body: Static<typeof UpdateCustomField> }) =>
      clientFor(profileId).call('updateOrganizationCustomField', {
        params: { organizationId: orgId, fieldName: name },
        body,
      }),
  );
}

/** Deletes a custom field and its values on every space. */
export function useDeleteCustomField(profileId: string, orgId: string) {
  return useRefreshingMutation([fieldListKey(profileId, orgId)], (name: string) =>
    clientFor(profileId).call('deleteOrganizationCustomField', {
      params: { organizationId: orgId, fieldName: name },
    }),
  );
}
