/** The honest offline banner: shown when the active profile's API cannot be reached; Retry probes GET /v1/orgs. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { errorMessage } from '../bridge/errors.ts';
import { keys } from '../queries/keys.ts';
import { orgsQuery } from '../queries/orgs.ts';
import { latestUnreachable } from '../queries/unreachable.ts';
import { Button } from '../ui/Button.tsx';
import { Banner } from '../ui/Feedback.tsx';
import { toast } from '../ui/Toast.tsx';

/** Watches the query cache for the latest unreachable error of a profile. */
function useUnreachable(profileId: string): Error | undefined {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  return useSyncExternalStore(subscribe, () => latestUnreachable(cache, profileId));
}

/** "Cannot reach <profile name>", with the reason and a Retry button that refetches once the API answers. */
export function UnreachableBanner({ profileId, profileName }: { profileId: string; profileName: string }) {
  const queryClient = useQueryClient();
  const error = useUnreachable(profileId);
  // Retry probes the API, then refetches the profile's queries once it answers. On failure the probe's error is the
  // latest unreachable one: the banner stays and shows it, so the mutation has nothing more to say.
  const retry = useMutation({
    mutationFn: async () => {
      await queryClient.fetchQuery({ ...orgsQuery(profileId), staleTime: 0, retry: false });
      await queryClient.refetchQueries({ queryKey: keys.profile(profileId) });
    },
    onSuccess: () => toast({ title: `${profileName} is reachable again`, tone: 'success' }),
  });
  if (error === undefined) return null;

  return (
    <div className="main-banner">
      <Banner
        tone="error"
        title={`Cannot reach ${profileName}`}
        data-testid="unreachable-banner"
        actions={
          <Button
            variant="secondary"
            onClick={() => retry.mutate()}
            pending={retry.isPending}
            data-testid="retry-button"
          >
            Retry
          </Button>
        }
      >
        {errorMessage(error)}
      </Banner>
    </div>
  );
}
