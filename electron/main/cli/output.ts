/** What the command line prints of a plan and an apply: the screen's plan and report, as text. */
import type { ApplyReport, StepOutcome } from '../../../shared/orgfile/apply.ts';
import type { Plan, PlanResource } from '../../../shared/orgfile/plan.ts';

const RESOURCE_NAMES: Record<string, string> = {
  member: 'members',
  team: 'teams',
  'team-member': 'team members',
  collection: 'collections',
};

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The plan as the preview shows it: counts per resource, then every step, dangerous and blocked ones flagged. */
export function formatPlan(plan: Plan, where: string): string {
  if (plan.steps.length === 0) return `Nothing to do: ${where} matches the file.\n`;
  const lines = [
    `Plan for ${where}: ${plural(plan.steps.length, 'step')}, ${plan.dangerous} dangerous, ${plan.blocked} blocked`,
    '',
  ];
  for (const [resource, counts] of Object.entries(plan.counts) as [
    PlanResource,
    Plan['counts'][PlanResource],
  ][]) {
    if (counts.create + counts.update + counts.delete === 0) continue;
    lines.push(
      `  ${(RESOURCE_NAMES[resource] ?? resource).padEnd(14)} ${counts.create} to add, ${counts.update} to change, ${counts.delete} to remove`,
    );
  }
  lines.push('');
  const width = String(plan.steps.length).length;
  plan.steps.forEach((step, index) => {
    lines.push(`  ${String(index + 1).padStart(width)}. ${step.label}`);
    if (step.dangerous !== undefined) lines.push(`  ${' '.repeat(width)}  ! DANGEROUS: ${step.dangerous}`);
    if (step.blocked !== undefined) lines.push(`  ${' '.repeat(width)}  - blocked: ${step.blocked}`);
  });
  return `${lines.join('\n')}\n`;
}

/** One line of the per-step report. */
export function formatOutcome(outcome: StepOutcome, total: number): string {
  const state = outcome.state === 'done' ? 'done' : outcome.state === 'skipped' ? 'skipped' : 'FAILED';
  const note = outcome.message !== undefined ? ` (${outcome.message})` : '';
  return `[${outcome.index + 1}/${total}] ${state}: ${outcome.step.label}${note}\n`;
}

/** The apply's summary, over the whole plan (a resumed apply counts what the stopped one did). */
export function formatSummary(
  report: ApplyReport,
  totals: { steps: number; settled: number },
  resumeHint: string,
): string {
  const lines = [
    `Applied: ${report.done} done, ${report.skipped} skipped, ${report.failed} failed in this run; ${totals.settled} of ${totals.steps} steps done or skipped in all.`,
  ];
  if (totals.settled < totals.steps)
    lines.push(
      report.stopped || report.failed > 0
        ? `The apply is not finished: ${resumeHint}`
        : `Some steps failed: ${resumeHint}`,
    );
  return `${lines.join('\n')}\n`;
}
