/** The organization settings form: validates with the contract's bounds, sends only the changed fields, and keeps
 * the user's input when the server refuses, with its message on the field it names. */
import { useRef, useState, type FormEvent } from 'react';
import type { Organization } from '../../../../shared/contract/resources/organizations.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { useUpdateOrg } from '../../queries/orgs.ts';
import { Button } from '../../ui/Button.tsx';
import { Banner } from '../../ui/Feedback.tsx';
import { toast } from '../../ui/Toast.tsx';
import { useUnsavedChanges } from '../../ui/unsaved.ts';
import { RoleSelect } from '../../ui/RoleSelect.tsx';
import { Field, SwitchField } from '../../ui/form/Field.tsx';
import {
  changedBody,
  fieldOfMessage,
  SETTINGS_FIELDS,
  validateBody,
  valuesOf,
  type SettingsErrors,
  type SettingsValues,
} from './settingsForm.ts';

/** Props of `SettingsForm`; mount it with `key={org.id}` so that it starts from the organization's values. */
export interface SettingsFormProps {
  profileId: string;
  org: Organization;
}

/** The settings form of one organization. */
export function SettingsForm({ profileId, org }: SettingsFormProps) {
  const readOnly = !org.permissions.admin;
  const [baseline, setBaseline] = useState(() => valuesOf(org));
  const [values, setValues] = useState(baseline);
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  const update = useUpdateOrg(profileId, org.id);
  const pending = changedBody(values, baseline);
  const dirty = Object.keys(pending.body).length > 0 || Object.keys(pending.errors).length > 0;

  const set = <K extends keyof SettingsValues>(field: K, value: SettingsValues[K]) =>
    setValues((old) => ({ ...old, [field]: value }));

  /** Shows the errors and focuses the first field in error. */
  const show = (found: SettingsErrors) => {
    setErrors(found);
    const first = SETTINGS_FIELDS.find((field) => found[field] !== undefined);
    if (first !== undefined)
      formRef.current?.querySelector<HTMLElement>(`[data-testid="settings-${kebab(first)}"]`)?.focus();
  };

  /** Checks and sends the changes; resolves to whether they are saved (a refusal stays on screen). */
  const submit = async (): Promise<boolean> => {
    setFormError(undefined);
    const found = { ...validateBody(pending.body), ...pending.errors };
    show(found);
    if (Object.keys(found).length > 0) return false;
    if (!dirty) return true;
    try {
      const saved = await update.mutateAsync(pending.body);
      const next = valuesOf(saved);
      setBaseline(next);
      setValues(next);
      toast({ title: 'Organization settings saved', tone: 'success' });
      return true;
    } catch (error) {
      const message = errorMessage(error);
      const field = fieldOfMessage(message);
      if (field !== undefined) show({ [field]: message });
      else setFormError(message);
      return false;
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };

  const onReset = () => {
    setValues(baseline);
    setErrors({});
    setFormError(undefined);
  };
  useUnsavedChanges(dirty && !readOnly, {
    what: 'the organization settings',
    save: submit,
    discard: onReset,
  });

  return (
    <form
      ref={formRef}
      className="form form-wide"
      onSubmit={onSubmit}
      noValidate
      aria-label="Organization settings"
    >
      {readOnly && (
        <Banner tone="info" title="Read only" data-testid="settings-read-only">
          Only administrators of this organization can change its settings.
        </Banner>
      )}
      <fieldset className="settings-fieldset" disabled={readOnly || update.isPending}>
        <Field name="title" label="Title" error={errors.title}>
          {(control) => (
            <input
              {...control}
              className="input"
              value={values.title}
              onChange={(event) => set('title', event.target.value)}
              autoComplete="off"
              data-testid="settings-title"
            />
          )}
        </Field>
        <Field
          name="emailDomains"
          label="Email domains"
          hint="People with an address at these domains may join. Separate with commas, e.g. example.com, example.org."
          error={errors.emailDomains}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              value={values.emailDomains}
              onChange={(event) => set('emailDomains', event.target.value)}
              spellCheck={false}
              autoComplete="off"
              data-testid="settings-email-domains"
            />
          )}
        </Field>
        <Field
          name="hostname"
          label="Hostname"
          hint="Default hostname of public content: lower-case letters, digits and dashes."
          error={errors.hostname}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              value={values.hostname}
              onChange={(event) => set('hostname', event.target.value)}
              spellCheck={false}
              autoComplete="off"
              data-testid="settings-hostname"
            />
          )}
        </Field>
        <Field
          name="defaultRole"
          label="Default role"
          hint="The role of people who join through an email domain or are invited without one."
          error={errors.defaultRole}
        >
          {(control) => (
            <RoleSelect
              {...control}
              className="settings-select"
              value={values.defaultRole}
              onRoleChange={(role) => set('defaultRole', role)}
              {...(values.defaultRole === '' ? { emptyLabel: 'Not set' } : {})}
              data-testid="settings-default-role"
            />
          )}
        </Field>
        <Field
          name="defaultContent"
          label="Default content"
          hint="The id of the site shown at the organization’s address; leave empty for none."
          error={errors.defaultContent}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              value={values.defaultContent}
              onChange={(event) => set('defaultContent', event.target.value)}
              placeholder="None"
              spellCheck={false}
              autoComplete="off"
              data-testid="settings-default-content"
            />
          )}
        </Field>
        <SwitchField
          name="inviteLinks"
          label="Invite links"
          hint="Let people join with invite links. Turned off, existing links stop working."
          checked={values.inviteLinks}
          onChange={(checked) => set('inviteLinks', checked)}
          error={errors.inviteLinks}
          data-testid="settings-invite-links"
        />
        <SwitchField
          name="sso"
          label="Enforce SSO"
          hint="Members must sign in through the identity provider. Admins can always sign in without SSO, so nobody is locked out."
          checked={values.sso}
          onChange={(checked) => set('sso', checked)}
          error={errors.sso}
          data-testid="settings-sso"
        />
        <SwitchField
          name="ai"
          label="AI"
          hint="AI features (search answers, writing help) for the organization’s content."
          checked={values.ai}
          onChange={(checked) => set('ai', checked)}
          error={errors.ai}
          data-testid="settings-ai"
        />
      </fieldset>
      {formError !== undefined && (
        <Banner tone="error" title="The settings were not saved" data-testid="settings-error">
          {formError}
        </Banner>
      )}
      {!readOnly && (
        <div className="form-actions settings-actions">
          <Button
            type="submit"
            variant="primary"
            pending={update.isPending}
            disabled={!dirty}
            data-testid="settings-save"
          >
            Save
          </Button>
          <Button onClick={onReset} disabled={!dirty || update.isPending} data-testid="settings-discard">
            Discard changes
          </Button>
          <span className="muted" aria-live="polite">
            {dirty ? 'Unsaved changes' : 'No changes'}
          </span>
        </div>
      )}
    </form>
  );
}

/** `emailDomains` → `email-domains`, the test id suffix of a field. */
function kebab(field: string): string {
  return field.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
