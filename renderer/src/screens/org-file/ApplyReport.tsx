/**
 * The report of an apply, running or stored: progress, Stop while it runs, Resume when it stopped before the end
 * (after an error, a Stop, a quit or a reload), and every step with its state: done, skipped with its reason, failed
 * with the API's message, or still to do.
 */
import { Button } from '../../ui/Button.tsx';
import { Banner } from '../../ui/Feedback.tsx';
import { StepList, type StepState } from './StepList.tsx';
import type { ApplyView } from './useApply.ts';

/** Props of `ApplyReport`. */
export interface ApplyReportProps {
  view: ApplyView;
  onStop: () => void;
  onResume: () => void;
  onDismiss: () => void;
  /** Plans the organization as it was before the apply (its export then): the apply's undo, step by step. */
  onPlanBack: (text: string) => void;
}

/** The apply's progress and per-step report. */
export function ApplyReport({ view, onStop, onResume, onDismiss, onPlanBack }: ApplyReportProps) {
  const { stored, records, running, current } = view;
  const total = stored.plan.steps.length;
  const states = [...records.values()].map((record) => record.state);
  const done = states.filter((state) => state === 'done').length;
  const skipped = states.filter((state) => state === 'skipped').length;
  const failed = states.filter((state) => state === 'failed').length;
  const finished = stored.finishedAt !== undefined;
  const stateOf = (index: number): { state: StepState; message?: string | undefined } => {
    if (running && index === current) return { state: 'running' };
    const record = records.get(index);
    // Begun (`started`, `created`) but not recorded done: a resumed apply checks it before sending it again.
    if (record === undefined || record.state === 'created' || record.state === 'started')
      return { state: 'pending' };
    return { state: record.state, message: record.message };
  };
  const counts = `${done} done, ${skipped} skipped, ${failed} failed, of ${total}`;
  return (
    <section
      className="org-file-report"
      aria-labelledby="org-file-report-title"
      data-testid="org-file-report"
    >
      <div className="org-file-section-head">
        <h2 id="org-file-report-title">
          {running ? 'Applying' : finished ? 'Applied' : 'Apply stopped before the end'}
        </h2>
        <div className="org-file-actions">
          {running && (
            <Button variant="danger" onClick={onStop} data-testid="org-file-apply-stop">
              Stop after this step
            </Button>
          )}
          {!running && !finished && (
            <Button variant="primary" onClick={onResume} data-testid="org-file-resume">
              Resume
            </Button>
          )}
          {!running && stored.beforeText !== undefined && done > 0 && (
            <Button onClick={() => onPlanBack(stored.beforeText!)} data-testid="org-file-plan-back">
              Plan the way back
            </Button>
          )}
          {!running && (
            <Button variant="ghost" onClick={onDismiss} data-testid="org-file-report-dismiss">
              {finished ? 'Dismiss the report' : 'Give up this apply'}
            </Button>
          )}
        </div>
      </div>
      <p role="status" data-testid="org-file-report-counts">
        {running ? `Step ${Math.min(done + skipped + failed + 1, total)} of ${total}: ` : ''}
        {counts}.{!running && !finished && ' Resume runs the steps not done yet; nothing done is done twice.'}
      </p>
      <progress
        className="org-file-progress-bar"
        max={total}
        value={done + skipped + failed}
        aria-label="Apply progress"
      />
      {view.error !== undefined && (
        <Banner tone="error" title="The apply stopped">
          <p>{view.error}</p>
        </Banner>
      )}
      <StepList steps={stored.plan.steps} testId="org-file-report-step" stateOf={stateOf} />
    </section>
  );
}
