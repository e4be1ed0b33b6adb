/** Publishing and unpublishing a site: the mutation, its error (shown until dismissed) and the unpublish confirmation. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../bridge/errors.ts';
import { setSitePublished } from '../../queries/sites.ts';
import { toast } from '../../ui/Toast.tsx';

/** The publish state of one site. */
export function usePublish(profileId: string, orgId: string, siteId: string) {
  const queryClient = useQueryClient();
  const [confirmUnpublish, setConfirmUnpublish] = useState(false);
  const [publishError, setPublishError] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: (published: boolean) => setSitePublished(queryClient, profileId, orgId, siteId, published),
    onMutate: () => setPublishError(undefined),
    onSuccess: (saved, published) =>
      toast({
        title: published ? `“${saved.title}” is published` : `“${saved.title}” is offline`,
        ...(saved.urls.published !== undefined ? { description: saved.urls.published } : {}),
        tone: 'success',
      }),
    onError: (failure) => setPublishError(errorMessage(failure)),
    onSettled: () => setConfirmUnpublish(false),
  });
  return {
    publishing: mutation.isPending,
    publish: (published: boolean) => mutation.mutate(published),
    publishError,
    setPublishError,
    confirmUnpublish,
    setConfirmUnpublish,
  };
}
