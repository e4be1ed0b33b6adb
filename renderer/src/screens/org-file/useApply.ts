/**
 * Running a plan: `applyPlan` through the profile's job client (its calls go through the main process's pacing and
 * let the user's own requests go first), with a journal stored on every step (storage.ts), so that after a quit or
 * a reload "Resume" runs only what is not done yet. A complete apply without failures records its file as the last
 * applied one (drift is measured against it).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { applyPlan } from '../../../../shared/orgfile/apply.ts';
import type { Plan } from '../../../../shared/orgfile/plan.ts';
import { settledCheck } from '../../../../shared/orgfile/settled.ts';
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

/**
 * Applies running now, by organization: an apply goes on when its screen is left, and the screen opened again shows
 * it running (with Stop) instead of offering to resume it (which would run its steps twice at once).
 */
const running = new Map<
  string,
  { controller: AbortController; view: ApplyView; listeners: Set<() => void> }
>();

/** The view of the stored apply, not running. */
function viewOf(files: OrgFileStore): ApplyView | undefined {
  const stored = files.apply();
  return stored === undefined
    ? undefined
    : { stored, records: new Map(stored.records), running: false, current: undefined };
}

/** The apply of this organization: start, resume, stop, forget. */
export function useApply(profileId: string, orgId: string, files: OrgFileStore, onFinished: () => void) {
  const key = `${profileId}/${orgId}`;
  const [view, setView] = useState<ApplyView | undefined>(() => {
    return running.get(key)?.view ?? viewOf(files);
  });
  const controller = useRef<AbortController | undefined>(running.get(key)?.controller);
  const finished = useRef(onFinished);
  finished.current = onFinished;

  // Follows an apply started by an earlier visit of the screen.
  useEffect(() => {
    const active = running.get(key);
    if (active === undefined) return;
    const listener = () => {
      setView(active.view);
      if (!active.view.running) controller.current = undefined;
    };
    active.listeners.add(listener);
    return () => void active.listeners.delete(listener);
  }, [key]);

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
      let finishedAt: string | undefined;
      const viewNow = (current: number | undefined, isRunning: boolean, error?: string): ApplyView => ({
        stored: {
          ...start,
          stopOnError,
          records: [...journal.records],
          ...(finishedAt !== undefined ? { finishedAt } : {}),
        },
        records: new Map(journal.records),
        running: isRunning,
        current,
        ...(error !== undefined ? { error } : {}),
      });
      const entry = { controller: abort, view: viewNow(undefined, true), listeners: new Set<() => void>() };
      const show = (current: number | undefined, isRunning: boolean, error?: string) => {
        entry.view = viewNow(current, isRunning, error);
        setView(entry.view);
        for (const listener of entry.listeners) listener();
      };
      const firstPending = () =>
        plan.steps.findIndex((_step, index) => {
          const state = journal.get(index)?.state;
          return state !== 'done' && state !== 'skipped';
        });
      show(firstPending(), true);
      running.set(key, entry);
      const client = jobClientFor(profileId);
      applyPlan(client, orgId, plan, {
        journal,
        stopOnError,
        // A step begun before a reload or a quit but not recorded done is checked first: if it holds, it is not sent again.
        settled: settledCheck(client, orgId),
        signal: abort.signal,
        onStep: (outcome) => {
          const next = firstPending();
          show(next === -1 || next <= outcome.index ? undefined : next, true);
        },
      })
        .then((report) => {
          const complete = !report.stopped && firstPending() === -1;
          if (complete) {
            finishedAt = new Date().toISOString();
            files.setApply({ ...start, stopOnError, records: [...journal.records], finishedAt });
            const failed = [...journal.records.values()].some((record) => record.state === 'failed');
            if (!failed) files.setApplied({ text: fileText || start.fileText, at: finishedAt });
          }
          running.delete(key);
          show(undefined, false);
          if (complete) finished.current();
        })
        .catch((error: unknown) => {
          running.delete(key);
          show(undefined, false, errorMessage(error));
        })
        .finally(() => {
          controller.current = undefined;
        });
    },
    [files, profileId, orgId, key],
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
