/**
 * Directory sync (issue 19): pick an identity provider's CSV exports, edit the mapping, see the plan per person,
 * apply it with a report per person, and undo it (the organization planned back to how it was before).
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DEFAULT_MAPPING, parseMapping } from '../../../../shared/orgfile/directory/mapping.ts';
import { readDirectory, type DirectoryInput } from '../../../../shared/orgfile/directory/read.ts';
import type { Reconciliation } from '../../../../shared/orgfile/directory/reconcile.ts';
import { dump } from 'js-yaml';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { orgQuery } from '../../queries/orgs.ts';
import { Button } from '../../ui/Button.tsx';
import { Banner } from '../../ui/Feedback.tsx';
import { CheckboxField } from '../../ui/TextField.tsx';
import { DirectoryFiles } from './DirectoryFiles.tsx';
import { MappingField } from './MappingField.tsx';
import { PeopleTable } from './PeopleTable.tsx';
import { useDirectorySync } from './useDirectorySync.ts';
import './directory.css';

const count = (n: number, what: string) =>
  `${n} ${n === 1 ? what : what === 'person' ? 'people' : `${what}s`}`;

export function DirectoryScreen({ profileId, orgId }: { profileId: string; orgId: string }) {
  const org = useQuery(orgQuery(profileId, orgId));
  useDocumentTitle(org.data !== undefined ? `Directory sync · ${org.data.title}` : 'Directory sync');
  const [files, setFiles] = useState<DirectoryInput[]>([]);
  const [mappingText, setMappingText] = useState(() => dump(DEFAULT_MAPPING, { lineWidth: -1 }));
  const [stopOnError, setStopOnError] = useState(true);
  const sync = useDirectorySync(profileId, orgId);
  const { state } = sync;

  const read = useMemo(() => (files.length > 0 ? readDirectory(files) : undefined), [files]);
  const mapping = useMemo(() => parseMapping(mappingText), [mappingText]);
  const busy = state.phase === 'planning' || state.phase === 'applying' || state.phase === 'undoing';
  const ready = read?.ok === true && mapping.ok;
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      if (state.phase === 'planned' || state.phase === 'failed') sync.reset();
    };

  return (
    <section className="screen" data-testid="directory-screen" aria-labelledby="directory-title">
      <header className="screen-header">
        <h1 id="directory-title">Directory sync</h1>
        {org.data !== undefined && <p className="muted">{org.data.title}</p>}
      </header>

      <DirectoryFiles files={files} onChange={edit(setFiles)} disabled={busy} />
      {read?.ok === false && (
        <Banner tone="error" title="The files cannot be used" data-testid="directory-problems">
          <ul className="directory-list">
            {read.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Banner>
      )}
      {read?.ok === true && (
        <p className="muted" role="status" data-testid="directory-summary">
          {count(read.directory.people.length, 'person')} read,{' '}
          {read.directory.people.filter((p) => !p.present).length} of them suspended or disabled
          {read.directory.warnings.length > 0
            ? `; ${count(read.directory.warnings.length, 'row')} not used`
            : ''}
          .
        </p>
      )}

      <MappingField
        text={mappingText}
        problems={mapping.ok ? [] : mapping.problems}
        onChange={edit(setMappingText)}
        disabled={busy}
      />

      <section className="directory-section" aria-labelledby="directory-plan-title">
        <h2 id="directory-plan-title">3. Plan and apply</h2>
        <div className="directory-actions">
          <Button
            disabled={!ready || busy}
            onClick={() => read?.ok === true && mapping.ok && void sync.plan(read.directory, mapping.mapping)}
            data-testid="directory-plan"
          >
            {state.phase === 'planning' ? 'Reading the organization…' : 'Plan'}
          </Button>
          {state.phase === 'planned' && state.reconciliation.plan.steps.length > 0 && (
            <>
              <CheckboxField
                label="Stop at the first error"
                checked={stopOnError}
                onChange={(event) => setStopOnError(event.target.checked)}
              />
              <Button
                variant={state.reconciliation.plan.dangerous > 0 ? 'danger' : 'primary'}
                onClick={() =>
                  read?.ok === true &&
                  mapping.ok &&
                  void sync.apply(read.directory, mapping.mapping, stopOnError)
                }
                data-testid="directory-apply"
              >
                Apply {count(state.reconciliation.plan.steps.length, 'step')}
              </Button>
            </>
          )}
          {state.phase === 'applying' && (
            <>
              <span role="status">
                {/* The second pass (team places of the people invited) may add steps past the plan's count. */}
                Applying: {state.done} steps done (the plan has {state.reconciliation.plan.steps.length})
              </span>
              <Button variant="secondary" onClick={sync.stop}>
                Stop after this step
              </Button>
            </>
          )}
          {state.phase === 'applied' && (
            <Button variant="secondary" onClick={() => void sync.undo()} data-testid="directory-undo">
              Undo: put the organization back as it was
            </Button>
          )}
        </div>
        {state.phase === 'failed' && <Banner tone="error" title={state.message} />}
        {state.phase === 'planned' && <PlanResult reconciliation={state.reconciliation} />}
        {state.phase === 'applied' && (
          <div data-testid="directory-report">
            <Banner
              tone={state.result.report.failed > 0 || state.result.report.stopped ? 'warning' : 'success'}
              title={
                `Applied: ${state.result.report.done + (state.result.followUp?.done ?? 0)} steps done, ` +
                `${state.result.report.failed + (state.result.followUp?.failed ?? 0)} failed` +
                (state.result.report.stopped ? ', stopped before the end' : '')
              }
            />
            <PeopleTable people={state.reconciliation.people} outcomes={state.result.people} />
          </div>
        )}
        {state.phase === 'undoing' && (
          <p role="status">
            Undoing: {state.done} of {state.total} steps
          </p>
        )}
        {state.phase === 'undone' && (
          <Banner
            tone={state.report.failed > 0 ? 'warning' : 'success'}
            title={`Undone: ${state.report.done} of ${state.plan.steps.length} steps back, ${state.report.failed} failed, ${state.report.skipped} waiting for an invite`}
            data-testid="directory-undone"
          >
            {state.plan.steps.some((s) => s.resource === 'member' && s.action === 'create')
              ? 'People who were removed are invited again: they join once they accept.'
              : undefined}
          </Banner>
        )}
      </section>
    </section>
  );
}

/** The plan: how many steps for how many people (dangerous ones, team places waiting), per person, and for teams. */
function PlanResult({ reconciliation }: { reconciliation: Reconciliation }) {
  const { plan, people } = reconciliation;
  return (
    <div data-testid="directory-plan-result">
      <p role="status">
        {plan.steps.length === 0
          ? 'The organization matches the directory: nothing to do.'
          : `${count(plan.steps.length, 'step')} for ${count(people.filter((p) => p.steps.length > 0).length, 'person')}` +
            (plan.dangerous > 0 ? `, ${plan.dangerous} dangerous` : '') +
            (plan.blocked > 0
              ? `; ${count(plan.blocked, 'team place')} ${plan.blocked === 1 ? 'waits' : 'wait'} for an invite`
              : '') +
            '.'}
      </p>
      <PeopleTable people={people} />
      <TeamSteps labels={plan.steps.filter((s) => s.resource === 'team').map((s) => s.label)} />
    </div>
  );
}

/** The plan's team steps (created, renamed), which are about no one person. */
function TeamSteps({ labels }: { labels: string[] }) {
  if (labels.length === 0) return null;
  return (
    <>
      <h3>Teams</h3>
      <ul className="directory-list" data-testid="directory-team-steps">
        {labels.map((label) => (
          <li key={label}>{label}</li>
        ))}
      </ul>
    </>
  );
}
