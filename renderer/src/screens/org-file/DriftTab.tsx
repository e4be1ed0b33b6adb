/**
 * Drift: the last file applied from this app planned against the live organization. Every step is a change made
 * since (through the API, GitBook's app or another tool), said as what re-applying the file would do about it;
 * per item, "Adopt live" takes the live value into the stored file, "Re-apply" applies that step alone.
 */
import { useState } from 'react';
import { applyPlan } from '../../../../shared/orgfile/apply.ts';
import { orgFileYaml } from '../../../../shared/orgfile/export.ts';
import type { Plan } from '../../../../shared/orgfile/plan.ts';
import type { OrgFile } from '../../../../shared/orgfile/schema.ts';
import type { OrgSnapshot } from '../../../../shared/orgfile/snapshot.ts';
import { jobClientFor } from '../../bridge/api.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { Banner, EmptyState } from '../../ui/Feedback.tsx';
import { toast, toastUndoable } from '../../ui/Toast.tsx';
import { adoptLive } from './adopt.ts';
import { SnapshotProgress } from './SnapshotProgress.tsx';
import { StepList } from './StepList.tsx';
import type { SnapshotState } from './useLiveSnapshot.ts';

/** The drift of the stored file against a read of the live organization. */
export interface Drift {
  file: OrgFile;
  plan: Plan;
  snapshot: OrgSnapshot;
  at: Date;
}

/** Props of `DriftTab`. */
export interface DriftTabProps {
  profileId: string;
  orgId: string;
  applied: { text: string; at: string } | undefined;
  /** Undefined until the organization was read; a string when the stored file no longer reads. */
  drift: Drift | string | undefined;
  snapshot: SnapshotState;
  onCheck: () => void;
  onStopReading: () => void;
  /** Replaces the stored file (adopt live, and its undo). */
  onStore: (text: string) => void;
}

/** The drift view. */
export function DriftTab(props: DriftTabProps) {
  const { profileId, orgId, applied, drift, snapshot, onCheck, onStopReading, onStore } = props;
  const [busy, setBusy] = useState<number | undefined>();
  const [confirming, setConfirming] = useState<{ step: Plan['steps'][number]; index: number } | undefined>();
  if (applied === undefined)
    return (
      <div className="org-file-tab">
        <EmptyState title="No file applied yet">
          Drift compares the last file applied from this app with the live organization. Apply a file first.
        </EmptyState>
      </div>
    );

  const adopt = (current: Drift, step: Plan['steps'][number]) => {
    const next = adoptLive(current.file, step, current.snapshot);
    if (next === undefined) return;
    const before = applied.text;
    onStore(orgFileYaml(next));
    toastUndoable({
      title: 'The stored file takes the live value',
      description: step.label,
      undo: () => onStore(before),
    });
  };
  const reapply = (current: Drift, step: Plan['steps'][number], index: number) => {
    setBusy(index);
    const single: Plan = { ...current.plan, steps: [step] };
    applyPlan(jobClientFor(profileId), orgId, single, { stopOnError: true })
      .then((report) => {
        const outcome = report.outcomes[0];
        if (outcome?.state === 'done')
          toast({ tone: 'success', title: 'Re-applied', description: step.label });
        else
          toast({
            tone: 'error',
            title: outcome?.state === 'skipped' ? 'Skipped' : 'Could not re-apply',
            description: outcome?.message ?? step.label,
          });
        onCheck();
      })
      .finally(() => setBusy(undefined));
  };

  return (
    <div className="org-file-tab">
      <div className="org-file-section-head">
        <h2>Drift</h2>
        <Button onClick={onCheck} pending={snapshot.status === 'loading'} data-testid="org-file-drift-check">
          Check now
        </Button>
      </div>
      <p className="muted">
        Against the file applied {new Date(applied.at).toLocaleString()}
        {typeof drift === 'object' && `, the organization as read at ${drift.at.toLocaleTimeString()}`}.
      </p>
      <SnapshotProgress state={snapshot} onStop={onStopReading} />
      {typeof drift === 'string' ? (
        <Banner tone="error" title="The stored file no longer reads">
          <p>{drift}</p>
        </Banner>
      ) : drift === undefined ? null : drift.plan.steps.length === 0 ? (
        <Banner tone="success" title="No drift" data-testid="org-file-no-drift">
          The live organization matches the last applied file.
        </Banner>
      ) : (
        <>
          <p data-testid="org-file-drift-summary">
            {drift.plan.steps.length} difference{drift.plan.steps.length === 1 ? '' : 's'}: each line says
            what re-applying the file would do.
          </p>
          <StepList
            steps={drift.plan.steps}
            testId="org-file-drift-step"
            actions={(step, index) => (
              <>
                <Button
                  size="sm"
                  onClick={() => adopt(drift, step)}
                  disabled={busy !== undefined || adoptLive(drift.file, step, drift.snapshot) === undefined}
                  data-testid="org-file-adopt"
                >
                  Adopt live
                </Button>
                <Button
                  size="sm"
                  onClick={() =>
                    step.dangerous !== undefined
                      ? setConfirming({ step, index })
                      : reapply(drift, step, index)
                  }
                  pending={busy === index}
                  disabled={busy !== undefined || step.blocked !== undefined}
                  data-testid="org-file-reapply"
                >
                  Re-apply
                </Button>
              </>
            )}
          />
        </>
      )}
      <ConfirmDialog
        open={confirming !== undefined}
        onOpenChange={(open) => !open && setConfirming(undefined)}
        title="Re-apply a dangerous step?"
        description={`${confirming?.step.label ?? ''}: ${confirming?.step.dangerous ?? ''}.`}
        confirmLabel="Re-apply"
        onConfirm={() => {
          if (confirming !== undefined && typeof drift === 'object')
            reapply(drift, confirming.step, confirming.index);
          setConfirming(undefined);
        }}
      />
    </div>
  );
}
