/**
 * Says so when the app restarted the local sandbox (it stopped answering, or it stopped), and refetches what was
 * shown from it: the new server has a new address and token, and what failed meanwhile works again.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { keys } from '../queries/keys.ts';
import { sandboxStatusQuery } from '../queries/profiles.ts';
import { Button } from '../ui/Button.tsx';
import { Banner } from '../ui/Feedback.tsx';
import { useIdle } from '../ui/later.ts';

const TIME = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** The banner, while the local sandbox (`localProfileId`) is the active profile; nothing otherwise. */
export function SandboxRestartBanner({ localProfileId }: { localProfileId: string | undefined }) {
  const queryClient = useQueryClient();
  // Polled from when the first screen left the window idle: a restart is news, not part of that screen.
  const idle = useIdle(3_000);
  const status = useQuery(sandboxStatusQuery(localProfileId !== undefined && idle));
  const restart = status.data?.lastRestart;
  const [dismissed, setDismissed] = useState(0);

  const restartId = restart?.id;
  useEffect(() => {
    if (restartId === undefined || localProfileId === undefined) return;
    void queryClient.invalidateQueries({ queryKey: keys.profiles() });
    void queryClient.invalidateQueries({ queryKey: keys.profile(localProfileId) });
  }, [restartId, localProfileId, queryClient]);

  if (localProfileId === undefined || restart === undefined || restart.id <= dismissed) return null;
  return (
    <div className="main-banner">
      <Banner
        tone="warning"
        title={restart.message}
        data-testid="sandbox-restart-banner"
        actions={
          <Button variant="secondary" onClick={() => setDismissed(restart.id)}>
            Dismiss
          </Button>
        }
      >
        Restarted at {TIME.format(new Date(restart.at))}. A change sent just before it stopped may not have
        been saved: check your last change.
      </Banner>
    </div>
  );
}
