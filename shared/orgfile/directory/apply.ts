/**
 * Applying a directory reconciliation: the plan through `applyPlan` (its journal, order, stop-on-error), then a
 * second pass for the team places of the people just invited, and a report per person.
 *
 * The plan marks adding an invitee to a team as blocked: they are not yet a member. Where an invite makes them a
 * member at once (this app's server), the second pass reads the organization again and adds them; where it stays
 * pending (GitBook, until they accept), their team places stay skipped, with the reason, and the next
 * reconciliation adds them once they have joined. The second pass sends only those team adds: never an invite
 * again.
 */
import type { ApiClient } from '../../client.ts';
import { applyPlan, memoryJournal, type ApplyOptions, type ApplyReport, type StepOutcome } from '../apply.ts';
import { loadSnapshot } from '../snapshot.ts';
import type { DirectoryMapping } from './mapping.ts';
import { personReport, type PersonOutcome } from './people.ts';
import type { Directory } from './read.ts';
import { planOf, reconcileDirectory, type Reconciliation } from './reconcile.ts';

export interface DirectoryApplyReport {
  report: ApplyReport;
  /** The second pass (team places of the people invited), when there was one to run. */
  followUp?: ApplyReport;
  people: PersonOutcome[];
}

/** Applies a reconciliation made from `directory` and `mapping`, and reports per person. */
export async function applyDirectory(
  client: ApiClient,
  organizationId: string,
  reconciliation: Reconciliation,
  inputs: { directory: Directory; mapping: DirectoryMapping; callerId?: string },
  options: ApplyOptions = {},
): Promise<DirectoryApplyReport> {
  const { plan } = reconciliation;
  const journal = options.journal ?? memoryJournal();
  const report = await applyPlan(client, organizationId, plan, { ...options, journal });
  // Steps an earlier, stopped run did count for the people too.
  const ranNow = new Set(report.outcomes.map((o) => o.index));
  const outcomes: StepOutcome[] = [];
  plan.steps.forEach((step, index) => {
    const record = journal.get(index);
    if (ranNow.has(index) || (record?.state !== 'done' && record?.state !== 'skipped')) return;
    outcomes.push({ index, step, state: record.state, message: 'in an earlier run' });
  });
  outcomes.push(...report.outcomes);
  // Everyone the plan invites (now or in an earlier run): those the invite made members get their teams.
  const invited = new Set(
    plan.steps.flatMap((step) =>
      step.resource === 'member' && step.action === 'create' ? [step.email.toLowerCase()] : [],
    ),
  );
  let followUp: ApplyReport | undefined;
  if (!report.stopped && invited.size > 0 && plan.blocked > 0 && options.signal?.aborted !== true) {
    const again = reconcileDirectory(
      await loadSnapshot(client, organizationId),
      inputs.directory,
      inputs.mapping,
      {
        ...(inputs.callerId !== undefined ? { callerId: inputs.callerId } : {}),
      },
    );
    const steps = again.plan.steps.filter(
      (step) =>
        step.resource === 'team-member' &&
        step.action === 'create' &&
        step.blocked === undefined &&
        invited.has(step.email.toLowerCase()),
    );
    if (steps.length > 0) {
      // Its own journal: a resumed apply plans this pass again from the organization as it then is.
      followUp = await applyPlan(client, organizationId, planOf(steps), {
        ...options,
        journal: memoryJournal(),
      });
      outcomes.push(...followUp.outcomes);
    }
  }
  return {
    report,
    ...(followUp !== undefined ? { followUp } : {}),
    people: personReport(reconciliation.people, outcomes),
  };
}
