/**
 * The form of one merge-rules configuration (GitBook's `mergeRules` of the organization or of a space): none, the
 * organization's (a space only), or rules: the rules without argument as checkboxes, the rules naming people with a
 * people picker each (nobody picked: the rule is off), and any custom rule listed (written elsewhere, removable, kept
 * as it is otherwise). Edits stay in the form until "Save rules" (nothing commits by accident); leaving with unsaved
 * edits asks first. The server's refusal is shown with every edit kept.
 */
import { useId } from 'react';
import {
  PLAIN_RULES,
  USER_LIST_RULES,
  type MergeRulesSpaceConfiguration,
  type MergeRulesStandaloneConfiguration,
} from '../../../../shared/contract/resources/mergeRules.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { MERGE_RULE_LABELS, type RulesTarget } from '../../queries/mergeRules.ts';
import { Button } from '../../ui/Button.tsx';
import { PeoplePicker } from './PeoplePicker.tsx';
import { usersOf, type RulesDraft } from './draft.ts';
import { useRulesForm, type RulesFormState } from './useRulesForm.ts';

/** Props of `RulesForm`. */
export interface RulesFormProps {
  profileId: string;
  orgId: string;
  target: RulesTarget;
  saved: MergeRulesSpaceConfiguration;
  targetName: string;
  /** Whether the caller may change them (organization admins; a space's admins). */
  canEdit: boolean;
  /** For a space: the organization's rules, which it follows with `inherit` (undefined while loading). */
  inherited?: MergeRulesStandaloneConfiguration | undefined;
}

const CHOICES: Record<RulesDraft['type'], string> = {
  inherit: 'Follow the organization’s rules',
  rules: 'These rules',
  none: 'No rules: any change request may merge',
};

export function RulesForm(props: RulesFormProps) {
  const { target, canEdit } = props;
  const form = useRulesForm(props);
  const choices: RulesDraft['type'][] =
    target.kind === 'space' ? ['inherit', 'rules', 'none'] : ['rules', 'none'];
  return (
    <form
      className="rules-form"
      data-testid="merge-rules-form"
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      {!canEdit && (
        <p className="muted" data-testid="merge-rules-read-only">
          {target.kind === 'org'
            ? 'Only admins of the organization may change these rules.'
            : 'Only admins of this space may change its rules.'}
        </p>
      )}
      <fieldset className="rules-fieldset" disabled={!canEdit}>
        <legend>Before a change request merges</legend>
        {choices.map((type) => (
          <label key={type} className="rules-check">
            <input
              type="radio"
              name="merge-rules-type"
              checked={form.draft.type === type}
              onChange={() => form.setType(type)}
              data-testid={`rules-type-${type}`}
            />
            {CHOICES[type]}
          </label>
        ))}
      </fieldset>
      {form.draft.type === 'rules' && <RuleFields {...props} form={form} />}
      {form.draft.type === 'inherit' && props.inherited !== undefined && (
        <InheritedRules configuration={props.inherited} />
      )}
      {form.error !== undefined && (
        <p className="field-error" role="alert" data-testid="merge-rules-error">
          {errorMessage(form.error)}
        </p>
      )}
      <div className="rules-actions">
        <Button
          type="submit"
          variant="primary"
          disabled={!canEdit || !form.dirty}
          pending={form.saving}
          data-testid="merge-rules-save"
        >
          Save rules
        </Button>
        <Button onClick={form.discard} disabled={!form.dirty} data-testid="merge-rules-discard">
          Discard edits
        </Button>
        <span className="muted" aria-live="polite" data-testid="merge-rules-dirty">
          {form.dirty ? 'Unsaved changes' : 'No changes'}
        </span>
      </div>
    </form>
  );
}

/** The rules themselves: checkboxes, people, custom rules. */
function RuleFields({ profileId, orgId, canEdit, form }: RulesFormProps & { form: RulesFormState }) {
  const customId = useId();
  const customs = form.draft.rules.flatMap((rule, index) =>
    rule.rule === 'custom' ? [{ rule, index }] : [],
  );
  return (
    <>
      <fieldset className="rules-fieldset" disabled={!canEdit}>
        <legend>The change request needs</legend>
        {PLAIN_RULES.map((kind) => (
          <label key={kind} className="rules-check">
            <input
              type="checkbox"
              checked={form.has(kind)}
              onChange={(event) => form.toggle(kind, event.target.checked)}
              data-testid={`rule-${kind}`}
            />
            {MERGE_RULE_LABELS[kind]}
          </label>
        ))}
      </fieldset>
      {USER_LIST_RULES.map((kind) => (
        <fieldset key={kind} className="rules-fieldset" disabled={!canEdit}>
          <legend>{MERGE_RULE_LABELS[kind]}</legend>
          <PeoplePicker
            profileId={profileId}
            orgId={orgId}
            label={MERGE_RULE_LABELS[kind]}
            users={usersOf(form.draft.rules, kind)}
            onChange={(users) => form.setUsers(kind, users)}
            disabled={!canEdit}
            testId={`rule-${kind}`}
          />
        </fieldset>
      ))}
      {customs.length > 0 && (
        <fieldset className="rules-fieldset" disabled={!canEdit}>
          <legend id={customId}>Custom rules (written in GitBook’s expression syntax)</legend>
          <ul aria-labelledby={customId} className="rules-customs">
            {customs.map(({ rule, index }) => (
              <li key={index} data-testid="rule-custom">
                <code>{rule.expression}</code>
                {rule.message !== undefined && <span className="muted"> — {rule.message}</span>}
                <Button size="sm" variant="ghost" onClick={() => form.removeAt(index)}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </>
  );
}

/** What a space that follows its organization gets: the organization's rules, in words. */
function InheritedRules({ configuration }: { configuration: MergeRulesStandaloneConfiguration }) {
  const rules = configuration.type === 'rules' ? configuration.rules : [];
  return (
    <div className="rules-inherited" data-testid="merge-rules-inherited">
      {rules.length === 0 ? (
        <p className="muted">The organization asks nothing: any change request may merge.</p>
      ) : (
        <>
          <p className="muted">The organization’s rules (change them on the organization’s merge rules):</p>
          <ul>
            {rules.map((rule, index) => (
              <li key={`${index}:${rule.rule}`}>
                {MERGE_RULE_LABELS[rule.rule]}
                {'users' in rule && (
                  <span className="muted">
                    {' '}
                    ({rule.users.length === 1 ? '1 person' : `${rule.users.length} people`})
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
