/** Translation settings of an organization: the list and its changes. Keys: `[…org, 'translations', …]`. */
import { queryOptions } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import { LIST_LIMIT_MAX } from '../../../shared/contract/constants.ts';
import type {
  CreateTranslationSettings,
  TranslationSettings,
  UpdateTranslationSettings,
} from '../../../shared/contract/resources/translations.ts';
import { clientFor } from '../bridge/api.ts';
import { allPages, pageParam } from './allPages.ts';
import { keys } from './keys.ts';
import { useRefreshingMutation } from './refreshingMutation.ts';

/** The key prefix of the translation settings of an organization. */
export function translationsKey(profileId: string, orgId: string) {
  return keys.group(keys.org(profileId, orgId), 'translations');
}

/** Every translation setting of an organization (all pages), oldest first. */
export function translationsQuery(profileId: string, orgId: string) {
  return queryOptions({
    queryKey: keys.read(translationsKey(profileId, orgId), 'listTranslations'),
    queryFn: (): Promise<TranslationSettings[]> =>
      allPages((page) =>
        clientFor(profileId).call('listTranslations', {
          params: { organizationId: orgId },
          query: { limit: LIST_LIMIT_MAX, ...pageParam(page) },
        }),
      ),
  });
}

/** Creates translation settings. */
export function useCreateTranslation(profileId: string, orgId: string) {
  return useRefreshingMutation(
    [translationsKey(profileId, orgId)],
    (body: Static<typeof CreateTranslationSettings>) =>
      clientFor(profileId).call('createTranslation', { params: { organizationId: orgId }, body }),
  );
}

/** Replaces the title (and the languages) of translation settings. */
export function useUpdateTranslation(profileId: string, orgId: string) {
  return useRefreshingMutation(
    [translationsKey(profileId, orgId)],
    ({ id, body }: { id: string; body: Static<typeof UpdateTranslationSettings> }) =>
      clientFor(profileId).call('updateTranslation', {
        params: { organizationId: orgId, translationSettingsId: id },
        body,
      }),
  );
}

/** Deletes translation settings. */
export function useDeleteTranslation(profileId: string, orgId: string) {
  return useRefreshingMutation([translationsKey(profileId, orgId)], (id: string) =>
    clientFor(profileId).call('deleteTranslation', {
      params: { organizationId: orgId, translationSettingsId: id },
    }),
  );
}
