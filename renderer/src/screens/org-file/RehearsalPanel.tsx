/**
 * Which organization plans and applies go to, said plainly, and the rehearsal: "Rehearse in the sandbox" copies
 * this organization's configuration and people into a new organization of the local sandbox; plans can then target
 * the copy, and the copy can be opened and looked at before the file is applied to the organization itself.
 */
import { Link } from '@tanstack/react-router';
import type { RehearsalCopy, RehearsalPhase } from '../../../../shared/orgfile/rehearse.ts';
import { LOCAL_PROFILE_ID } from '../../layout/pickProfile.ts';
import { Button } from '../../ui/Button.tsx';
import { Banner } from '../../ui/Feedback.tsx';
import type { RehearsalState } from './useRehearsal.ts';

/** Where plans go: the organization itself, or its copy in the local sandbox. */
export type PlanTarget = 'org' | 'copy';

const PHASES: Record<RehearsalPhase, string> = {
  reading: 'Reading this organization',
  creating: 'Creating the copy in the local sandbox',
  applying: 'Copying the configuration and people',
  checking: 'Reading the copy back',
};

/** Props of `RehearsalPanel`. */
export interface RehearsalPanelProps {
  orgTitle: string;
  profileName: string;
  copy: RehearsalCopy | undefined;
  state: RehearsalState;
  target: PlanTarget;
  onTarget: (target: PlanTarget) => void;
  onRehearse: () => void;
  /** Why plans cannot switch now (an apply running). */
  busy: boolean;
}

/** The plan's target and the rehearsal. */
export function RehearsalPanel(props: RehearsalPanelProps) {
  const { orgTitle, profileName, copy, state, target, onTarget, onRehearse, busy } = props;
  const running = state.status === 'running';
  return (
    <section
      className="org-file-target"
      aria-labelledby="org-file-target-title"
      data-testid="org-file-target"
    >
      <div className="org-file-section-head">
        <h2 id="org-file-target-title">Plans and applies go to</h2>
        <Button onClick={onRehearse} pending={running} disabled={busy} data-testid="org-file-rehearse">
          {copy === undefined ? 'Rehearse in the sandbox' : 'Rehearse again (a new copy)'}
        </Button>
      </div>
      <div className="org-file-target-choices" role="radiogroup" aria-labelledby="org-file-target-title">
        <label className="org-file-check">
          <input
            type="radio"
            name="org-file-target"
            checked={target === 'org'}
            disabled={busy}
            onChange={() => onTarget('org')}
            data-testid="org-file-target-org"
          />
          This organization, “{orgTitle}”, through the profile “{profileName}”
        </label>
        <label className="org-file-check">
          <input
            type="radio"
            name="org-file-target"
            checked={target === 'copy'}
            disabled={busy || copy === undefined}
            onChange={() => onTarget('copy')}
            data-testid="org-file-target-copy"
          />
          {copy === undefined
            ? 'Its copy in the local sandbox (rehearse first)'
            : `Its copy in the local sandbox, “${copy.title}”, made ${new Date(copy.at).toLocaleString()}`}
        </label>
      </div>
      <p className="muted" id="org-file-target-now" data-testid="org-file-target-now" aria-live="polite">
        {target === 'copy' && copy !== undefined
          ? `Plans are made against the sandbox copy “${copy.title}”: applying changes the copy, not “${orgTitle}”.`
          : `Plans are made against “${orgTitle}” itself: applying changes it.`}
        {copy !== undefined && (
          <>
            {' '}
            <Link
              to="/p/$profileId/orgs/$orgId"
              params={{ profileId: LOCAL_PROFILE_ID, orgId: copy.organizationId }}
              data-testid="org-file-open-copy"
            >
              Open the copy
            </Link>
          </>
        )}
      </p>
      {running && (
        <p className="muted" role="status" data-testid="org-file-rehearsal-progress">
          {PHASES[state.phase]}
          {state.round !== undefined ? ` (round ${state.round})` : ''}…
        </p>
      )}
      {state.status === 'error' && (
        <Banner tone="error" title="The rehearsal failed">
          {state.message}
        </Banner>
      )}
      {copy !== undefined && !running && (
        <p className="muted" data-testid="org-file-rehearsal-summary">
          The copy holds this organization’s configuration and people, not its content ({copy.applied.done}{' '}
          steps, {copy.applied.failed} failed).
          {copy.caller.addedToCopy &&
            ` ${copy.caller.email}, the sandbox’s user, administers it besides; no plan removes them.`}
        </p>
      )}
    </section>
  );
}
