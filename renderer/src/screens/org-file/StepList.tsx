/**
 * A list of plan steps: each step's sentence, why it is dangerous, why it is blocked, and, in a report or the drift
 * view, its state and what can be done with it (`actions`).
 */
import type { ReactNode } from 'react';
import type { Plan } from '../../../../shared/orgfile/plan.ts';
import { Badge } from '../../ui/Feedback.tsx';
import { cx } from '../../ui/cx.ts';

type Step = Plan['steps'][number];

/** A step's state in a report. */
export type StepState = 'pending' | 'running' | 'done' | 'skipped' | 'failed';

const STATE_WORDS: Record<StepState, string> = {
  pending: 'To do',
  running: 'Running',
  done: 'Done',
  skipped: 'Skipped',
  failed: 'Failed',
};

/** Props of `StepList`. */
export interface StepListProps {
  steps: readonly Step[];
  testId: string;
  /** A step's state and message (a report). */
  stateOf?: (index: number) => { state: StepState; message?: string | undefined };
  /** Buttons at a step (drift). */
  actions?: (step: Step, index: number) => ReactNode;
}

/** The steps, in order. */
export function StepList({ steps, testId, stateOf, actions }: StepListProps) {
  return (
    <ol className="org-file-steps">
      {steps.map((step, index) => {
        const state = stateOf?.(index);
        return (
          <li
            key={index}
            className={cx('org-file-step', state !== undefined && `is-${state.state}`)}
            data-testid={testId}
            data-resource={step.resource}
            data-action={step.action}
            data-state={state?.state}
            data-dangerous={step.dangerous !== undefined ? 'true' : undefined}
          >
            <div className="org-file-step-main">
              {state !== undefined && (
                <span className="org-file-step-state" data-testid="org-file-step-state">
                  {STATE_WORDS[state.state]}
                </span>
              )}
              <span className="org-file-step-label">{step.label}</span>
              {step.dangerous !== undefined && <Badge tone="warning">Dangerous</Badge>}
              {step.blocked !== undefined && <Badge>Blocked</Badge>}
              {actions !== undefined && <span className="org-file-step-actions">{actions(step, index)}</span>}
            </div>
            {step.dangerous !== undefined && (
              <p className="org-file-step-note">Dangerous: {step.dangerous}.</p>
            )}
            {step.blocked !== undefined && <p className="org-file-step-note">Blocked: {step.blocked}.</p>}
            {state?.message !== undefined && (
              <p className="org-file-step-note" data-testid="org-file-step-message">
                {state.message}
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
