/**
 * The guided form of one SAML provider (new or existing): paste the identity provider's metadata to fill the entity
 * ID, SSO URL and certificate (or type them), see the certificate's subject and expiry as soon as it parses, pick
 * the default team and role. Fields are checked when left and before sending; the server's refusal lands on the
 * field it names; what was typed stays in the form whatever happens.
 */
import { useId } from 'react';
import type { SAMLProvider } from '../../../../shared/contract/resources/saml.ts';
import type { Team } from '../../../../shared/contract/resources/members.ts';
import { Button } from '../../ui/Button.tsx';
import { Banner } from '../../ui/Feedback.tsx';
import { SaveDiscardActions } from '../../ui/form/SaveDiscardActions.tsx';
import { Field } from '../../ui/form/Field.tsx';
import { IdentityProviderFields, NewMemberFields } from './ProviderFields.tsx';
import { LIMITS } from './samlForm.ts';
import { ServiceValues } from './ServiceValues.tsx';
import { useProviderForm } from './useProviderForm.ts';

/** Props of `ProviderForm`; mount it with `key={provider?.id ?? 'new'}`. */
export interface ProviderFormProps {
  profileId: string;
  orgId: string;
  /** The provider to edit; a new one when absent. */
  provider?: SAMLProvider | undefined;
  teams: readonly Team[] | undefined;
  onSaved: (provider: SAMLProvider) => void;
  onClose: () => void;
}

/** The form of one provider. */
export function ProviderForm({ profileId, orgId, provider, teams, onSaved, onClose }: ProviderFormProps) {
  const form = useProviderForm({ profileId, orgId, provider, onSaved });
  const { values, errors, set, leave, formError, formRef, pending, dirty, onSubmit, onDiscard } = form;
  const id = useId();

  return (
    <form
      ref={formRef}
      className="form saml-form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      data-testid="saml-form"
      data-provider-id={provider?.id}
    >
      <div className="saml-form-header">
        <h2 id={`${id}-title`}>{provider ? `Edit “${provider.label}”` : 'New SAML provider'}</h2>
        <Button variant="ghost" size="sm" onClick={onClose} data-testid="saml-form-close">
          Close
        </Button>
      </div>
      <fieldset className="saml-fieldset" disabled={pending}>
        <Field
          name="label"
          label="Label"
          hint="Shown on the sign-in page, e.g. “Okta”. Up to 30 characters."
          error={errors.label}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              value={values.label}
              maxLength={LIMITS.label + 20}
              onChange={(event) => set('label', event.target.value)}
              onBlur={() => leave('label')}
              autoComplete="off"
              data-testid="saml-label"
            />
          )}
        </Field>

        <IdentityProviderFields form={form} />

        <NewMemberFields values={values} errors={errors} set={set} teams={teams} />
      </fieldset>

      {provider ? (
        <ServiceValues service={provider.service} />
      ) : (
        <p className="muted" data-testid="saml-service-pending">
          The service provider values (ACS URL, entity ID, start URL) to copy into the identity provider are
          shown once the provider is saved.
        </p>
      )}

      {formError !== undefined && (
        <Banner tone="error" title="The provider was not saved" data-testid="saml-form-error">
          {formError}
        </Banner>
      )}
      <SaveDiscardActions
        className="saml-actions"
        dirty={dirty}
        pending={pending}
        onDiscard={onDiscard}
        submitDisabled={provider !== undefined && !dirty}
        submitLabel={provider ? 'Save' : 'Add provider'}
        submitTestId="saml-save"
      />
    </form>
  );
}
