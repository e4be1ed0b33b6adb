/**
 * The preview of a plan: counts per resource, every step's sentence (dangerous ones flagged with why, blocked ones
 * with their reason), and the file against the live organization's export as the review's line diff (ui/diff).
 */
import { useMemo } from 'react';
import type { Plan } from '../../../../shared/orgfile/plan.ts';
import { computeSourceDiff } from '../../ui/diff/sourceDiff.ts';
import { SourceDiffView } from '../../ui/diff/SourceDiffView.tsx';
import { Badge } from '../../ui/Feedback.tsx';
import { StepList } from './StepList.tsx';

const RESOURCE_NAMES: Record<string, string> = {
  member: 'Members',
  team: 'Teams',
  'team-member': 'Team members',
  collection: 'Collections',
};

/** A resource's name in the counts table ("site-section" → "Site section" for ones this screen does not know). */
export function resourceName(resource: string): string {
  return (
    RESOURCE_NAMES[resource] ?? `${resource[0]?.toUpperCase() ?? ''}${resource.slice(1).replace(/-/g, ' ')}`
  );
}

/** Per resource: created, changed and deleted. */
function PlanCounts({ plan }: { plan: Plan }) {
  const rows = Object.entries(
    plan.counts as Record<string, { create: number; update: number; delete: number }>,
  )
    .filter(([, count]) => count.create + count.update + count.delete > 0)
    .map(([resource, count]) => ({ resource, ...count }));
  return (
    <table className="org-file-counts" data-testid="org-file-counts">
      <caption className="visually-hidden">Changes per resource</caption>
      <thead>
        <tr>
          <th scope="col">Resource</th>
          <th scope="col">Created</th>
          <th scope="col">Changed</th>
          <th scope="col">Deleted</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.resource} data-testid="org-file-count" data-resource={row.resource}>
            <th scope="row">{resourceName(row.resource)}</th>
            <td data-kind="create">{row.create}</td>
            <td data-kind="update">{row.update}</td>
            <td data-kind="delete">{row.delete}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Props of `PlanPreview`. */
export interface PlanPreviewProps {
  plan: Plan;
  /** The live organization's export, and the file as read: the text diff under the steps. */
  liveText: string;
  fileText: string;
}

/** The counts, the steps and the text diff of a plan. */
export function PlanPreview({ plan, liveText, fileText }: PlanPreviewProps) {
  const diff = useMemo(() => computeSourceDiff(liveText, fileText), [liveText, fileText]);
  return (
    <div className="org-file-preview" data-testid="org-file-preview">
      <p className="org-file-summary" data-testid="org-file-summary">
        {plan.steps.length} step{plan.steps.length === 1 ? '' : 's'}
        {plan.dangerous > 0 && (
          <>
            {' '}
            <Badge tone="warning">{plan.dangerous} dangerous</Badge>
          </>
        )}
        {plan.blocked > 0 && (
          <>
            {' '}
            <Badge>{plan.blocked} blocked</Badge>
          </>
        )}
      </p>
      <PlanCounts plan={plan} />
      <h3 className="org-file-subhead">Steps, in the order they run</h3>
      <StepList steps={plan.steps} testId="org-file-step" />
      <details className="org-file-diff">
        <summary data-testid="org-file-diff-toggle">
          The file against the live organization: {diff.stats.removed} line
          {diff.stats.removed === 1 ? '' : 's'} removed, {diff.stats.added} added
        </summary>
        <SourceDiffView
          diff={diff.source}
          caption="The live organization's export against the file"
          emptyText="Both files are empty."
        />
      </details>
    </div>
  );
}
