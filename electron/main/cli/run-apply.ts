/**
 * An apply with its stored journal (core/orgfile/journal.ts): the plan's steps through the paced client, each
 * recorded durably before the next, and a step a stopped apply began checked against the live organization before
 * it is sent again (shared/orgfile/settled.ts). The command line and `bench plan-apply` both apply through here.
 */
import type { ApiClient } from '../../../shared/client.ts';
import {
  applyPlan,
  type ApplyJournal,
  type ApplyReport,
  type StepOutcome,
} from '../../../shared/orgfile/apply.ts';
import { settledCheck } from '../../../shared/orgfile/settled.ts';
import type { StoredJournal } from '../core/orgfile/journal.ts';

/**
 * A test-only pause (`DOCS_ADMIN_TEST_APPLY_PAUSE=<step index>:<before-done|after-done>`): at that step, before or
 * after its "done" is recorded, the process says `paused at step <index>` on stdout and waits for ever, so that a test
 * can kill it there (a kill at a known point, with no timing).
 */
export interface PauseAt {
  index: number;
  when: 'before-done' | 'after-done';
}

/** The pause of the environment variable, if set and well formed. */
export function pauseFromEnv(value: string | undefined): PauseAt | undefined {
  const match = /^(\d+):(before-done|after-done)$/.exec(value ?? '');
  if (match === null) return undefined;
  return { index: Number(match[1]), when: match[2] as PauseAt['when'] };
}

function pausing(journal: ApplyJournal, pause: PauseAt | undefined): ApplyJournal {
  if (pause === undefined) return journal;
  const wait = (): Promise<void> => {
    process.stdout.write(`paused at step ${pause.index}\n`);
    return new Promise<void>(() => undefined);
  };
  return {
    get: (index) => journal.get(index),
    async set(index, record) {
      const hit = index === pause.index && record.state === 'done';
      if (hit && pause.when === 'before-done') return wait();
      await journal.set(index, record);
      if (hit) return wait();
    },
  };
}

/** Options of `applyStored`. */
export interface StoredApplyOptions {
  client: ApiClient;
  journal: StoredJournal;
  /** Stop at the first failure (default), or report it and go on. */
  stopOnError?: boolean;
  onStep?: (outcome: StepOutcome) => void;
  signal?: AbortSignal;
  pause?: PauseAt;
}

/** Applies the journal's plan from where its records stand. */
export function applyStored(options: StoredApplyOptions): Promise<ApplyReport> {
  const { header } = options.journal;
  return applyPlan(options.client, header.organizationId, header.plan, {
    journal: pausing(options.journal, options.pause),
    stopOnError: options.stopOnError ?? true,
    settled: settledCheck(options.client, header.organizationId),
    ...(options.onStep !== undefined ? { onStep: options.onStep } : {}),
    ...(options.signal !== undefined ? { signal: options.signal } : {}),
  });
}
