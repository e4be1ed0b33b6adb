/** The organization settings form: validates with the contract's bounds, sends only the changed fields, and keeps
 * the user's input when the server refuses, with its message on the field it names. */
import type { Organization } from '../../../../shared/contract/resources/organizations.ts';
import { Banner } from '../../ui/Feedback.tsx';
import { SaveDiscardActions } from '../../ui/form/SaveDiscardActions.tsx';
import { SettingsFields } from './SettingsFields.tsx';
import { useSettingsForm } from './useSettingsForm.ts';

/** Props of `SettingsForm`; mount it with `key={org.id}` so that it starts from the organization's values. */
export interface SettingsFormProps {
  profileId: string;
  org: Organization;
}

/** The settings form of one organization. */
export function SettingsForm({ profileId, org }: SettingsFormProps) {
  const readOnly = !org.permissions.admin;
  const { values, set, errors, formError, formRef, dirty, pending, onSubmit, onReset } = useSettingsForm(
    profileId,
    org,
    readOnly,
  );

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
      <fieldset className="settings-fieldset" disabled={readOnly || pending}>
        <SettingsFields values={values} errors={errors} set={set} />
      </fieldset>
      {formError !== undefined && (
        <Banner tone="error" title="The settings were not saved" data-testid="settings-error">
          {formError}
        </Banner>
      )}
      {!readOnly && (
        <SaveDiscardActions
          className="settings-actions"
          dirty={dirty}
          pending={pending}
          onDiscard={onReset}
          submitTestId="settings-save"
          discardTestId="settings-discard"
        />
      )}
    </form>
  );
}
