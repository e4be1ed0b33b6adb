/** The fields of the organization settings form: title, domains, hostname, defaults and the three switches. */
import { RoleSelect } from '../../ui/RoleSelect.tsx';
import { Field, SwitchField } from '../../ui/form/Field.tsx';
import type { SettingsErrors, SettingsValues } from './settingsForm.ts';

/** Props of `SettingsFields`. */
export interface SettingsFieldsProps {
  values: SettingsValues;
  errors: SettingsErrors;
  set: <K extends keyof SettingsValues>(field: K, value: SettingsValues[K]) => void;
}

/** The fields. */
export function SettingsFields({ values, errors, set }: SettingsFieldsProps) {
  return (
    <>
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
    </>
  );
}
