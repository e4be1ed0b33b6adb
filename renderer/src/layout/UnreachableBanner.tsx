/** The honest offline banner: shown when the active profile's API cannot be reached; Retry probes GET /v1/orgs. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, useSyncExternalStore } from 'react';
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
  const [pending, setPending] = useState(false);
  if (error === undefined) return null;

  const retry = async () => {
    setPending(true);
    try {
      await queryClient.fetchQuery({ ...orgsQuery(profileId), staleTime: 0, retry: false });
      await queryClient.refetchQueries({ queryKey: keys.profile(profileId) });
      toast({ title: `${profileName} is reachable again`, tone: 'success' });
    } catch {
      // The probe's failure is now the latest error: the banner stays and shows it.
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="main-banner">
      <Banner
        tone="error"
        title={`Cannot reach ${profileName}`}
        data-testid="unreachable-banner"
        actions={
          <Button
            variant="secondary"
            onClick={() => void retry()}
            pending={pending}
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
