/**
 * Applying a plan (plan.ts) to an organization through the API, step by step, with a journal of what is done so
 * that an apply stopped half-way (an error, a quit, a killed process) resumes where it was and does nothing twice.
 *
 * Rules:
 * - Steps run in the plan's order. A step the journal records as done is not run again; a created team or
 *   collection's id is recorded as soon as it exists, before anything else is asked of it, so that later steps (and
 *   a resumed apply) refer to it.
 * - A create first looks for what it would create (a team of that title, a collection of that title under that
 *   parent): one found is adopted, not made again. An apply killed between the API's answer and the journal's
 *   write therefore does not make a second one.
 * - A blocked step is skipped with its reason. A failing step stops the apply (`stopOnError`, the default) or is
 *   reported and passed over.
 * - Applying the same file twice changes nothing: the second plan is empty.
 */
import type { ApiClient } from '../client.ts';
import { runGrant } from './apply/access.ts';
import { runCollection, runSpace } from './apply/content.ts';
import { collectionId, teamId, type RunContext } from './apply/context.ts';
import { runPeople } from './apply/people.ts';
import { runCustomField, runInvites, runSaml, runTranslation } from './apply/settings.ts';
import { runSite, runSiteStructure } from './apply/sites.ts';
import type { CollectionRef, Plan, PlanStep, TeamRef } from './plan.ts';

/** What the journal keeps of a step. */
export interface StepRecord {
  /** `started`: recorded before the step is sent, so that a resumed apply knows it may have happened. */
  state: 'started' | 'done' | 'skipped' | 'failed' | 'created';
  /** The id of what the step created (a team, a collection). */
  id?: string;
  message?: string;
}

/** Where an apply's progress is kept: in memory, or stored (the app keeps it with the plan). */
export interface ApplyJournal {
  get(index: number): StepRecord | undefined;
  set(index: number, record: StepRecord): void | Promise<void>;
}

/** A journal in memory (a resumed apply in the same process, tests). */
export function memoryJournal(): ApplyJournal & { records: Map<number, StepRecord> } {
  const records = new Map<number, StepRecord>();
  return {
    records,
    get: (index) => records.get(index),
    set: (index, record) => void records.set(index, record),
  };
}

export interface StepOutcome {
  index: number;
  step: PlanStep;
  state: 'done' | 'skipped' | 'failed';
  message?: string;
}

export interface ApplyReport {
  outcomes: StepOutcome[];
  done: number;
  skipped: number;
  failed: number;
  /** True when the apply stopped before the last step (an error with `stopOnError`, or `signal`). */
  stopped: boolean;
}

export interface ApplyOptions {
  journal?: ApplyJournal;
  /** Stop at the first failing step (default); otherwise report it and go on. */
  stopOnError?: boolean;
  /** Called after each step. */
  onStep?: (outcome: StepOutcome) => void;
  /** Stops the apply between two steps. */
  signal?: AbortSignal;
  /**
   * Whether a step an earlier apply began (recorded started, created or failed) already holds in the live
   * organization; it is then recorded done and not sent again. Without it, such a step is sent again.
   */
  settled?: (step: PlanStep, refs: StepRefs) => Promise<boolean>;
}

/** The ids of the teams and collections a step names, those the plan creates included (from the journal). */
export interface StepRefs {
  teamId(ref: TeamRef): string;
  collectionId(ref: CollectionRef | null): string | null;
}

/** The report's note for a step found done when an apply resumed. */
export const SETTLED_NOTE = 'already done before the apply stopped: not sent again';

/** Runs a plan's steps against the organization. */
export async function applyPlan(
  client: ApiClient,
  organizationId: string,
  plan: Plan,
  options: ApplyOptions = {},
): Promise<ApplyReport> {
  const journal = options.journal ?? memoryJournal();
  const stopOnError = options.stopOnError ?? true;
  const org = { organizationId };

  const context: RunContext = {
    client,
    org,
    journal,
    createdId: (matches) => {
      const index = plan.steps.findIndex(matches);
      const id = index === -1 ? undefined : journal.get(index)?.id;
      if (id === undefined) throw new Error('a step it needs has not run');
      return id;
    },
  };

  /** Runs one step; answers a note when it adopted what existed. */
  async function run(index: number, step: PlanStep): Promise<string | undefined> {
    switch (step.resource) {
      case 'member':
      case 'team':
      case 'team-member':
        return runPeople(context, index, step);
      case 'collection':
        return runCollection(context, index, step);
      case 'space':
        return runSpace(context, index, step);
      case 'grant':
        return runGrant(context, step);
      case 'site':
        return runSite(context, index, step);
      case 'site-section-group':
      case 'site-section':
      case 'site-variant':
      case 'share-link':
        return runSiteStructure(context, index, step);
      case 'custom-field':
        return runCustomField(context, step);
      case 'translation':
        return runTranslation(context, index, step);
      case 'saml':
        return runSaml(context, index, step);
      case 'invites':
        return runInvites(context, step);
    }
  }

  const outcomes: StepOutcome[] = [];
  const report = (outcome: StepOutcome) => {
    outcomes.push(outcome);
    options.onStep?.(outcome);
  };
  let stopped = false;
  for (const [index, step] of plan.steps.entries()) {
    const recorded = journal.get(index);
    if (recorded?.state === 'done' || recorded?.state === 'skipped') continue;
    if (options.signal?.aborted === true) {
      stopped = true;
      break;
    }
    if (step.blocked !== undefined) {
      await journal.set(index, { state: 'skipped', message: step.blocked });
      report({ index, step, state: 'skipped', message: step.blocked });
      continue;
    }
    if (recorded !== undefined && options.settled !== undefined) {
      const refs: StepRefs = {
        teamId: (ref) => teamId(context, ref),
        collectionId: (ref) => collectionId(context, ref),
      };
      const holds = await options.settled(step, refs).catch(() => false);
      if (holds) {
        await journal.set(index, { ...recorded, state: 'done', message: SETTLED_NOTE });
        report({ index, step, state: 'done', message: SETTLED_NOTE });
        continue;
      }
    }
    await journal.set(index, {
      state: 'started',
      ...(recorded?.id !== undefined ? { id: recorded.id } : {}),
    });
    try {
      const note = await run(index, step);
      await journal.set(index, { ...journal.get(index), state: 'done' });
      report({ index, step, state: 'done', ...(note !== undefined ? { message: note } : {}) });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await journal.set(index, { ...journal.get(index), state: 'failed', message });
      report({ index, step, state: 'failed', message });
      if (stopOnError) {
        stopped = index < plan.steps.length - 1;
        break;
      }
    }
  }
  return {
    outcomes,
    done: outcomes.filter((o) => o.state === 'done').length,
    skipped: outcomes.filter((o) => o.state === 'skipped').length,
    failed: outcomes.filter((o) => o.state === 'failed').length,
    stopped,
  };
}
