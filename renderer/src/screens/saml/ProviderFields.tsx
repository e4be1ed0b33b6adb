/** Groups of fields of the SAML provider form: the identity provider (metadata, entity ID, SSO URL, certificate) and new members' defaults. */
import { useId } from 'react';
import type { Team } from '../../../../shared/contract/resources/members.ts';
import { Button } from '../../ui/Button.tsx';
import { RoleSelect } from '../../ui/RoleSelect.tsx';
import { Field } from '../../ui/form/Field.tsx';
import { CertificatePreview } from './CertificatePreview.tsx';
import type { MetadataField } from './metadata.ts';
import type { SamlErrors, SamlField, SamlValues } from './samlForm.ts';
import type { ProviderFormState } from './useProviderForm.ts';

const METADATA_LABELS: Record<MetadataField, string> = {
  entityID: 'Entity ID',
  ssoURL: 'SSO URL',
  certificate: 'Certificate',
};

/** The identity provider's values, filled from its metadata or typed. */
export function IdentityProviderFields({ form }: { form: ProviderFormState }) {
  const id = useId();
  const {
    values,
    errors,
    set,
    leave,
    metadata,
    setMetadata,
    metadataResult,
    fillFromMetadata,
    onMetadataPaste,
  } = form;
  return (
    <fieldset className="saml-metadata">
      <legend className="saml-legend">Identity provider</legend>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-metadata`}>
          Metadata XML (optional)
        </label>
        <textarea
          id={`${id}-metadata`}
          className="input saml-textarea saml-mono"
          rows={4}
          value={metadata}
          onChange={(event) => setMetadata(event.target.value)}
          onPaste={onMetadataPaste}
          placeholder='<md:EntityDescriptor entityID="…">…'
          spellCheck={false}
          aria-describedby={`${id}-metadata-hint`}
          data-testid="saml-metadata"
        />
        <p id={`${id}-metadata-hint`} className="field-hint">
          Paste the identity provider’s metadata to fill the entity ID, SSO URL and certificate below, or type
          them yourself.
        </p>
        <div className="form-actions">
          <Button
            size="sm"
            onClick={() => fillFromMetadata(metadata)}
            disabled={metadata.trim() === ''}
            data-testid="saml-metadata-fill"
          >
            Fill from metadata
          </Button>
        </div>
        <div aria-live="polite" data-testid="saml-metadata-report">
          {metadataResult?.ok === false && (
            <p className="field-error" data-testid="saml-metadata-error">
              {metadataResult.error}
            </p>
          )}
          {metadataResult?.ok === true && (
            <div className="saml-metadata-report">
              <p data-testid="saml-metadata-filled">
                {metadataResult.filled !== undefined && metadataResult.filled.length > 0
                  ? `Filled from the metadata: ${metadataResult.filled.map((field) => METADATA_LABELS[field]).join(', ')}.`
                  : 'Nothing could be filled from this metadata.'}
              </p>
              {metadataResult.reading.missing.length > 0 && (
                <ul className="saml-missing" data-testid="saml-metadata-missing">
                  {metadataResult.reading.missing.map((item) => (
                    <li key={item.field}>{item.message}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
      </div>

      <Field
        name="entityID"
        label="Entity ID"
        hint="The identity provider’s issuer, e.g. http://www.okta.com/exk…"
        error={errors.entityID}
      >
        {(control) => (
          <input
            {...control}
            className="input saml-mono"
            value={values.entityID}
            onChange={(event) => set('entityID', event.target.value)}
            onBlur={() => leave('entityID')}
            spellCheck={false}
            autoComplete="off"
            data-testid="saml-entityID"
          />
        )}
      </Field>
      <Field
        name="ssoURL"
        label="SSO URL"
        hint="The identity provider’s sign-in address (https)."
        error={errors.ssoURL}
      >
        {(control) => (
          <input
            {...control}
            type="url"
            className="input saml-mono"
            value={values.ssoURL}
            onChange={(event) => set('ssoURL', event.target.value)}
            onBlur={() => leave('ssoURL')}
            spellCheck={false}
            autoComplete="off"
            placeholder="https://"
            data-testid="saml-ssoURL"
          />
        )}
      </Field>
      <Field
        name="certificate"
        label="Certificate"
        hint="The identity provider’s X.509 signing certificate in PEM, BEGIN and END lines included."
        error={errors.certificate}
      >
        {(control) => (
          <textarea
            {...control}
            className="input saml-textarea saml-mono"
            rows={6}
            value={values.certificate}
            onChange={(event) => set('certificate', event.target.value)}
            onBlur={() => leave('certificate')}
            spellCheck={false}
            placeholder="-----BEGIN CERTIFICATE-----"
            data-testid="saml-certificate"
          />
        )}
      </Field>
      <CertificatePreview pem={values.certificate} quiet={errors.certificate !== undefined} />
    </fieldset>
  );
}

/** Props of `NewMemberFields`. */
interface NewMemberFieldsProps {
  values: SamlValues;
  errors: SamlErrors;
  set: <K extends SamlField>(field: K, value: SamlValues[K]) => void;
  teams: readonly Team[] | undefined;
}

/** The default team and role of people who join through the provider. */
export function NewMemberFields({ values, errors, set, teams }: NewMemberFieldsProps) {
  const teamMissing = values.defaultTeam !== '' && teams?.every((team) => team.id !== values.defaultTeam);
  return (
    <fieldset className="saml-defaults">
      <legend className="saml-legend">New members</legend>
      <Field
        name="defaultTeam"
        label="Default team"
        hint="People who join through this provider are added to this team."
        error={
          errors.defaultTeam ?? (teamMissing ? 'This team no longer exists: pick another one.' : undefined)
        }
      >
        {(control) => (
          <select
            {...control}
            className="input select saml-select"
            value={values.defaultTeam}
            onChange={(event) => set('defaultTeam', event.target.value)}
            data-testid="saml-defaultTeam"
          >
            <option value="">{teams === undefined ? 'Loading teams…' : 'No team'}</option>
            {teams?.map((team) => (
              <option key={team.id} value={team.id}>
                {team.title}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        name="defaultRole"
        label="Default role"
        hint="The role of people who join through this provider."
        error={errors.defaultRole}
      >
        {(control) => (
          <RoleSelect
            {...control}
            className="saml-select"
            value={values.defaultRole}
            onRoleChange={(role) => set('defaultRole', role)}
            {...(values.defaultRole === '' ? { emptyLabel: 'Organization default' } : {})}
            data-testid="saml-defaultRole"
          />
        )}
      </Field>
    </fieldset>
  );
}
