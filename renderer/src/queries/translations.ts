/** Translation settings of an organization: the list and its changes. Keys: `[…org, 'translations', …]`. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import { LIST_LIMIT_MAX } from '../../../shared/contract/index.ts';
import type {
  CreateTranslationSettings,
  TranslationSettings,
  UpdateTranslationSettings,
} from '../../../shared/contract/resources/translations.ts';
import { clientFor } from '../bridge/api.ts';
import { keys } from './keys.ts';

/** The key prefix of the translation settings of an organization. */
export function translationsKey(profileId: string, orgId: string) {
  return [...keys.org(profileId, orgId), 'translations'] as const;
}

/** Every translation setting of an organization (all pages), oldest first. */
export function translationsQuery(profileId: string, orgId: string) {
  return queryOptions({
    queryKey: [...translationsKey(profileId, orgId), 'list'] as const,
    queryFn: async (): Promise<TranslationSettings[]> => {
      const items: TranslationSettings[] = [];
      let page: string | undefined;
      do {
        const answer = await clientFor(profileId).call('listTranslations', {
          params: { organizationId: orgId },
          query: { limit: LIST_LIMIT_MAX, ...(page !== undefined ? { page } : {}) },
        });
        items.push(...answer.items);
        page = answer.next?.page;
      } while (page !== undefined);
      return items;
    },
  });
}

function useRefresh(profileId: string, orgId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: translationsKey(profileId, orgId) });
}

/** Creates translation settings. */
export function useCreateTranslation(profileId: string, orgId: string) {
  const refresh = useRefresh(profileId, orgId);
  return useMutation({
    mutationFn: (body: Static<typeof CreateTranslationSettings>) =>
      clientFor(profileId).call('createTranslation', { params: { organizationId: orgId }, body }),
    onSuccess: () => refresh(),
  });
}

/** Replaces the title (and the languages) of translation settings. */
export function useUpdateTranslation(profileId: string, orgId: string) {
  const refresh = useRefresh(profileId, orgId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Static<typeof UpdateTranslationSettings> }) =>
      clientFor(profileId).call('updateTranslation', {
        params: { organizationId: orgId, translationSettingsId: id },
        body,
      }),
    onSuccess: () => refresh(),
  });
}

/** Deletes translation settings. */
export function useDeleteTranslation(profileId: string, orgId: string) {
  const refresh = useRefresh(profileId, orgId);
  return useMutation({
    mutationFn: (id: string) =>
      clientFor(profileId).call('deleteTranslation', {
        params: { organizationId: orgId, translationSettingsId: id },
      }),
    onSuccess: () => refresh(),
  });
}
