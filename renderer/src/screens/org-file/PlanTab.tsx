/**
 * Plan and apply: the plan of the file against the live organization (read again for it), its preview, and the
 * apply with its choices (stop at the first error or go on; dangerous steps confirmed one by one in a checkbox),
 * progress, Stop, and the per-step report, which stays (stored) until it is dismissed or another apply starts.
 */
import { useEffect, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Banner, EmptyState } from '../../ui/Feedback.tsx';
import { ApplyReport } from './ApplyReport.tsx';
import { PlanPreview } from './PlanPreview.tsx';
import { SnapshotProgress } from './SnapshotProgress.tsx';
import type { useApply } from './useApply.ts';
import type { Planned } from './targetPlan.ts';
import type { SnapshotState } from './useLiveSnapshot.ts';

/** Props of `PlanTab`. */
export interface PlanTabProps {
  planned: Planned | undefined;
  /** Whether the editor's text is still the one planned. */
  stale: boolean;
  snapshot: SnapshotState;
  onPlan: () => void;
  onStopReading: () => void;
  apply: ReturnType<typeof useApply>;
  /** Puts a file in the editor and plans it (the way back after an apply). */
  onPlanFile: (text: string) => void;
}

/** The plan's preview and its apply. */
export function PlanTab(props: PlanTabProps) {
  const { planned, stale, snapshot, onPlan, onStopReading, apply, onPlanFile } = props;
  const [stopOnError, setStopOnError] = useState(true);
  const [dangerOk, setDangerOk] = useState(false);
  useEffect(() => setDangerOk(false), [planned]);
  const running = apply.view?.running === true;
  const plan = planned?.plan;
  const applicable = plan?.steps.filter((step) => step.blocked === undefined).length ?? 0;

  return (
    <div className="org-file-tab">
      <div className="org-file-section-head">
        <h2>Plan</h2>
        <Button
          onClick={onPlan}
          pending={snapshot.status === 'loading'}
          disabled={running}
          data-testid="org-file-replan"
        >
          {planned === undefined ? 'Plan the file' : 'Plan again'}
        </Button>
      </div>
      <SnapshotProgress state={snapshot} onStop={onStopReading} />
      {apply.view !== undefined && (
        <ApplyReport
          view={apply.view}
          onStop={apply.stop}
          onResume={() => apply.resume(stopOnError)}
          onDismiss={apply.forget}
          onPlanBack={onPlanFile}
        />
      )}
      {planned === undefined || plan === undefined ? (
        snapshot.status !== 'loading' && (
          <EmptyState title="No plan yet">
            Write or open a file on the File tab, then plan it: the plan compares it with the live
            organization.
          </EmptyState>
        )
      ) : plan.steps.length === 0 ? (
        <Banner tone="success" title="Nothing to change" data-testid="org-file-nothing">
          The live organization matches the file (read at {planned.at.toLocaleTimeString()}).
        </Banner>
      ) : (
        <>
          {stale && (
            <Banner tone="warning" title="The file changed since this plan">
              Plan again to see what the file now asks.
            </Banner>
          )}
          <PlanPreview plan={plan} liveText={planned.liveText} fileText={planned.shownText} />
          <fieldset className="org-file-apply" disabled={running}>
            <legend>Apply</legend>
            <label className="org-file-check">
              <input
                type="checkbox"
                checked={stopOnError}
                onChange={(event) => setStopOnError(event.target.checked)}
                data-testid="org-file-stop-on-error"
              />
              Stop at the first step that fails (otherwise report it and go on)
            </label>
            {plan.dangerous > 0 && (
              <label className="org-file-check org-file-danger">
                <input
                  type="checkbox"
                  checked={dangerOk}
                  onChange={(event) => setDangerOk(event.target.checked)}
                  data-testid="org-file-confirm-danger"
                />
                I have read the {plan.dangerous} dangerous step{plan.dangerous === 1 ? '' : 's'} above and
                want {plan.dangerous === 1 ? 'it' : 'them'} applied
              </label>
            )}
            <Button
              variant={plan.dangerous > 0 ? 'danger' : 'primary'}
              disabled={stale || applicable === 0 || (plan.dangerous > 0 && !dangerOk)}
              onClick={() => apply.start(plan, planned.fileText, stopOnError, planned.liveText)}
              data-testid="org-file-apply"
            >
              Apply {applicable} step{applicable === 1 ? '' : 's'}
            </Button>
          </fieldset>
        </>
      )}
    </div>
  );
}
