/**
 * Running a plan: `applyPlan` through the profile's job client (its calls go through the main process's pacing and
 * let the user's own requests go first), with a journal stored on every step (storage.ts), so that after a quit or
 * a reload "Resume" runs only what is not done yet. A complete apply without failures records its file as the last
 * applied one (drift is measured against it).
 */
import { useCallback, useRef, useState } from 'react';
import { applyPlan } from '../../../../shared/orgfile/apply.ts';
import type { Plan } from '../../../../shared/orgfile/plan.ts';
import { jobClientFor } from '../../bridge/api.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { planKey, storedJournal, type OrgFileStore, type StepRecord, type StoredApply } from './storage.ts';

/** What the screen shows of an apply: the stored one (running, stopped or finished). */
export interface ApplyView {
  stored: StoredApply;
  /** Step states by index (from the journal). */
  records: ReadonlyMap<number, StepRecord>;
  running: boolean;
  /** The step running now. */
  current: number | undefined;
  /** Why the apply itself failed (not a step: the journal could not be written, the API went away). */
  error?: string;
}

/** The apply of this organization: start, resume, stop, forget. */
export function useApply(profileId: string, orgId: string, files: OrgFileStore, onFinished: () => void) {
  const [view, setView] = useState<ApplyView | undefined>(() => {
    const stored = files.apply();
    return stored === undefined
      ? undefined
      : { stored, records: new Map(stored.records), running: false, current: undefined };
  });
  const controller = useRef<AbortController | undefined>(undefined);

  const run = useCallback(
    (
      plan: Plan,
      fileText: string,
      stopOnError: boolean,
      resume: StoredApply | undefined,
      beforeText?: string,
    ) => {
      if (controller.current !== undefined) return;
      const abort = new AbortController();
      controller.current = abort;
      const start: Omit<StoredApply, 'records'> = resume ?? {
        key: planKey(plan),
        plan,
        fileText,
        ...(beforeText !== undefined ? { beforeText } : {}),
        stopOnError,
        startedAt: new Date().toISOString(),
      };
      // A new apply starts a new journal (the same plan made again after drift runs again); a resume keeps it.
      if (resume === undefined) files.setApply(undefined);
      const journal = storedJournal(files, { ...start, stopOnError });
      const show = (current: number | undefined, running: boolean, error?: string) =>
        setView({
          stored: { ...start, stopOnError, records: [...journal.records] },
          records: new Map(journal.records),
          running,
          current,
          ...(error !== undefined ? { error } : {}),
        });
      const firstPending = () =>
        plan.steps.findIndex((_step, index) => {
          const state = journal.get(index)?.state;
          return state !== 'done' && state !== 'skipped';
        });
      show(firstPending(), true);
      applyPlan(jobClientFor(profileId), orgId, plan, {
        journal,
        stopOnError,
        signal: abort.signal,
        onStep: (outcome) => {
          const next = firstPending();
          show(next === -1 || next <= outcome.index ? undefined : next, true);
        },
      })
        .then((report) => {
          const complete = !report.stopped && firstPending() === -1;
          if (complete) {
            const finishedAt = new Date().toISOString();
            files.setApply({ ...start, stopOnError, records: [...journal.records], finishedAt });
            const failed = [...journal.records.values()].some((record) => record.state === 'failed');
            if (!failed) files.setApplied({ text: fileText || start.fileText, at: finishedAt });
          }
          show(undefined, false);
          if (complete) onFinished();
        })
        .catch((error: unknown) => show(undefined, false, errorMessage(error)))
        .finally(() => {
          controller.current = undefined;
        });
    },
    [files, profileId, orgId, onFinished],
  );

  const start = useCallback(
    (plan: Plan, fileText: string, stopOnError: boolean, beforeText: string) =>
      run(plan, fileText, stopOnError, undefined, beforeText),
    [run],
  );
  const resume = useCallback(
    (stopOnError: boolean) => {
      const stored = files.apply();
      if (stored === undefined) return;
      const { finishedAt: _finished, ...unfinished } = stored;
      run(stored.plan, stored.fileText, stopOnError, { ...unfinished, stopOnError });
    },
    [files, run],
  );
  const stop = useCallback(() => controller.current?.abort(), []);
  /** Forgets the stored apply (its report, or a stopped one the user gives up). */
  const forget = useCallback(() => {
    if (controller.current !== undefined) return;
    files.setApply(undefined);
    setView(undefined);
  }, [files]);

  return { view, start, resume, stop, forget };
}
