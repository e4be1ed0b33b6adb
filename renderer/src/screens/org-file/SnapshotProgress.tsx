/** The progress of a read of the live organization, with Stop; its failure, with what the server said. */
import { errorMessage } from '../../bridge/errors.ts';
import { Button } from '../../ui/Button.tsx';
import { Banner } from '../../ui/Feedback.tsx';
import type { SnapshotState } from './useLiveSnapshot.ts';

/** A line while the organization is read (one request per page and per team: minutes at GitBook's pace). */
export function SnapshotProgress({ state, onStop }: { state: SnapshotState; onStop: () => void }) {
  if (state.status === 'loading')
    return (
      <div className="org-file-progress" role="status" data-testid="org-file-reading">
        <span>
          Reading the organization: {state.requests} request{state.requests === 1 ? '' : 's'} answered
          (members, teams, each team’s members, collections; at a hosted API’s pace this takes minutes)…
        </span>
        <Button size="sm" variant="ghost" onClick={onStop}>
          Stop
        </Button>
      </div>
    );
  if (state.status === 'error')
    return (
      <Banner tone="error" title="Could not read the organization" data-testid="org-file-read-error">
        <p>{errorMessage(state.error)}</p>
      </Banner>
    );
  return null;
}
