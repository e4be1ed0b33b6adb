/**
 * The form of one set of merge rules (an organization's or a space's): minimum approvals, no changes requested,
 * required reviewers (all of / one of people and teams), up to date, subject, and who may bypass them. Edits stay
 * in the form until "Save rules" (nothing commits by accident); leaving with unsaved edits asks first. Bounds are
 * the contract's, checked before sending; the server's refusal is shown with every edit kept.
 */
import { useId } from 'react';
import type { MergeRulesSettings } from '../../../../shared/contract/resources/mergeRules.ts';
import { errorMessage } from '../../bridge/errors.ts';
import type { RulesTarget } from '../../queries/reviews.ts';
import { Button } from '../../ui/Button.tsx';
import { PeopleTeamsPicker } from './PeopleTeamsPicker.tsx';
import { MAX_APPROVALS, useRulesForm, type RulesFormState } from './useRulesForm.ts';

const SOURCES: Record<MergeRulesSettings['source'], string> = {
  space: 'This space has its own rules.',
  organization: 'These are the organization’s rules.',
  default: 'No rules are set: any request may merge.',
};

/** Props of `RulesForm`. */
export interface RulesFormProps {
  profileId: string;
  orgId: string;
  target: RulesTarget;
  settings: MergeRulesSettings;
  targetName: string;
}

export function RulesForm(props: RulesFormProps) {
  const { profileId, orgId, target, settings } = props;
  const form = useRulesForm(props);
  const { rules, set } = form;
  return (
    <form
      className="rules-form"
      data-testid="merge-rules-form"
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      <p className="muted" data-testid="merge-rules-source">
        {SOURCES[settings.source]}
      </p>
      <ApprovalsField form={form} />
      <label className="rules-check">
        <input
          type="checkbox"
          checked={rules.noChangesRequested}
          onChange={(event) => set('noChangesRequested', event.target.checked)}
          data-testid="rules-no-changes-requested"
        />
        No review may request changes
      </label>
      <label className="rules-check">
        <input
          type="checkbox"
          checked={rules.upToDate}
          onChange={(event) => set('upToDate', event.target.checked)}
          data-testid="rules-up-to-date"
        />
        The request must be up to date with the main content
      </label>
      <label className="rules-check">
        <input
          type="checkbox"
          checked={rules.subjectRequired}
          onChange={(event) => set('subjectRequired', event.target.checked)}
          data-testid="rules-subject"
        />
        The request must have a subject
      </label>
      <fieldset className="rules-fieldset">
        <legend>Required reviewers</legend>
        <label className="rules-check">
          <input
            type="radio"
            checked={rules.requiredReviewers.mode === 'all'}
            onChange={() => set('requiredReviewers', { ...rules.requiredReviewers, mode: 'all' })}
            data-testid="rules-required-all"
          />
          All of them must approve (a team: one of its members)
        </label>
        <label className="rules-check">
          <input
            type="radio"
            checked={rules.requiredReviewers.mode === 'one'}
            onChange={() => set('requiredReviewers', { ...rules.requiredReviewers, mode: 'one' })}
            data-testid="rules-required-one"
          />
          One of them must approve
        </label>
        <PeopleTeamsPicker
          profileId={profileId}
          orgId={orgId}
          label="Required reviewers"
          value={rules.requiredReviewers}
          onChange={(value) => set('requiredReviewers', { ...rules.requiredReviewers, ...value })}
          testId="rules-required"
        />
      </fieldset>
      <fieldset className="rules-fieldset">
        <legend>Who may merge past unmet rules</legend>
        <PeopleTeamsPicker
          profileId={profileId}
          orgId={orgId}
          label="May bypass the rules"
          value={rules.bypass}
          onChange={(value) => set('bypass', value)}
          testId="rules-bypass"
        />
      </fieldset>
      {form.error !== undefined && (
        <p className="field-error" role="alert" data-testid="merge-rules-error">
          {errorMessage(form.error)}
        </p>
      )}
      <div className="rules-actions">
        <Button
          type="submit"
          variant="primary"
          disabled={!form.dirty || !form.approvalsValid}
          pending={form.saving === 'rules'}
          data-testid="merge-rules-save"
        >
          Save rules
        </Button>
        <Button onClick={form.discard} disabled={!form.dirty}>
          Discard edits
        </Button>
        {target.kind === 'space' && settings.source === 'space' && (
          <Button
            variant="ghost"
            onClick={form.inherit}
            pending={form.saving === 'inherit'}
            data-testid="merge-rules-inherit"
          >
            Use the organization’s rules
          </Button>
        )}
        <span className="muted" aria-live="polite">
          {form.dirty ? 'Unsaved changes' : 'No changes'}
        </span>
      </div>
    </form>
  );
}

/** The minimum approvals, checked against the contract's bounds before anything is sent. */
function ApprovalsField({ form }: { form: RulesFormState }) {
  const id = useId();
  const valid = form.approvalsValid;
  return (
    <div className="rules-field">
      <label htmlFor={id}>Minimum approvals</label>
      <input
        id={id}
        type="number"
        min={0}
        max={MAX_APPROVALS}
        step={1}
        value={Number.isNaN(form.rules.minimumApprovals) ? '' : form.rules.minimumApprovals}
        aria-invalid={!valid}
        aria-describedby={`${id}-hint`}
        onChange={(event) => form.set('minimumApprovals', event.target.valueAsNumber)}
        data-testid="rules-min-approvals"
      />
      <span id={`${id}-hint`} className={valid ? 'muted' : 'field-error'}>
        {valid
          ? 'Current approvals of the request’s latest version. 0: none needed.'
          : `Minimum approvals: a whole number from 0 to ${MAX_APPROVALS}.`}
      </span>
    </div>
  );
}
