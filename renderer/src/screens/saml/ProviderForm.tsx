/**
 * The guided form of one SAML provider (new or existing): paste the identity provider's metadata to fill the entity
 * ID, SSO URL and certificate (or type them), see the certificate's subject and expiry as soon as it parses, pick
 * the default team and role. Fields are checked when left and before sending; the server's refusal lands on the
 * field it names; what was typed stays in the form whatever happens.
 */
import { useId, useRef, useState, type ClipboardEvent, type FormEvent } from 'react';
import type { SAMLProvider } from '../../../../shared/contract/resources/saml.ts';
import type { Team } from '../../../../shared/contract/resources/members.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { useCreateSamlProvider, useUpdateSamlProvider } from '../../queries/saml.ts';
import { Button } from '../../ui/Button.tsx';
import { Banner } from '../../ui/Feedback.tsx';
import { toast } from '../../ui/Toast.tsx';
import { useUnsavedChanges } from '../../ui/unsaved.ts';
import { RoleSelect } from '../../ui/RoleSelect.tsx';
import { Field } from '../../ui/form/Field.tsx';
import { CertificatePreview } from './CertificatePreview.tsx';
import type { MetadataField, MetadataResult } from './metadata.ts';
import { parseMetadataXml } from './parseMetadata.ts';
import {
  changedBody,
  checkField,
  createBody,
  EMPTY_VALUES,
  fieldOfMessage,
  LIMITS,
  SAML_FIELDS,
  validate,
  valuesOf,
  type SamlErrors,
  type SamlField,
  type SamlValues,
} from './samlForm.ts';
import { ServiceValues } from './ServiceValues.tsx';

const METADATA_LABELS: Record<MetadataField, string> = {
  entityID: 'Entity ID',
  ssoURL: 'SSO URL',
  certificate: 'Certificate',
};

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
  const [baseline, setBaseline] = useState(() => (provider ? valuesOf(provider) : EMPTY_VALUES));
  const [values, setValues] = useState(baseline);
  const [errors, setErrors] = useState<SamlErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [metadata, setMetadata] = useState('');
  const [metadataResult, setMetadataResult] = useState<
    (MetadataResult & { filled?: MetadataField[] }) | undefined
  >();
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const create = useCreateSamlProvider(profileId, orgId);
  const update = useUpdateSamlProvider(profileId, orgId);
  const pending = create.isPending || update.isPending;
  const patch = provider ? changedBody(values, baseline) : undefined;
  const dirty = provider
    ? Object.keys(patch!.body).length > 0 || Object.keys(patch!.errors).length > 0
    : SAML_FIELDS.some((field) => values[field] !== EMPTY_VALUES[field]);

  const set = <K extends SamlField>(field: K, value: SamlValues[K]) => {
    setValues((old) => ({ ...old, [field]: value }));
    // A field in error is checked again as it is corrected; the others wait until they are left.
    if (errors[field] !== undefined)
      setErrors((old) => ({ ...old, [field]: checkField(field, { ...values, [field]: value }) }));
  };
  const leave = (field: SamlField) => setErrors((old) => ({ ...old, [field]: checkField(field, values) }));

  /** Shows the errors and focuses the first field in error. */
  const show = (found: SamlErrors) => {
    setErrors(found);
    const first = SAML_FIELDS.find((field) => found[field] !== undefined);
    if (first !== undefined)
      formRef.current?.querySelector<HTMLElement>(`[data-testid="saml-${first}"]`)?.focus();
  };

  const fillFromMetadata = (text: string) => {
    const result = parseMetadataXml(text);
    if (!result.ok) {
      setMetadataResult(result);
      return;
    }
    const filled = Object.keys(result.reading.values) as MetadataField[];
    const next = { ...values, ...result.reading.values };
    setValues(next);
    setErrors((old) => {
      const checked = { ...old };
      for (const field of filled) checked[field] = checkField(field, next);
      return checked;
    });
    setMetadataResult({ ...result, filled });
  };

  const onMetadataPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const text = event.clipboardData.getData('text');
    if (text.trim() === '') return;
    event.preventDefault();
    setMetadata(text);
    fillFromMetadata(text);
  };

  /** Checks and sends the form; resolves to whether it is saved (a refusal stays on screen). */
  const submit = async (): Promise<boolean> => {
    setFormError(undefined);
    const found = { ...validate(values), ...patch?.errors };
    show(found);
    if (Object.values(found).some((message) => message !== undefined)) return false;
    if (provider !== undefined && !dirty) return true;
    try {
      const saved =
        provider === undefined
          ? await create.mutateAsync(createBody(values))
          : await update.mutateAsync({ id: provider.id, body: patch!.body });
      if (provider !== undefined) {
        setBaseline(valuesOf(saved));
        setValues(valuesOf(saved));
      }
      toast({ title: `SAML provider “${saved.label}” ${provider ? 'saved' : 'added'}`, tone: 'success' });
      onSaved(saved);
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

  const onDiscard = () => {
    setValues(baseline);
    setErrors({});
    setFormError(undefined);
  };
  useUnsavedChanges(dirty, { what: 'the SAML provider', save: submit, discard: onDiscard });

  const teamMissing = values.defaultTeam !== '' && teams?.every((team) => team.id !== values.defaultTeam);

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
              Paste the identity provider’s metadata to fill the entity ID, SSO URL and certificate below, or
              type them yourself.
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

        <fieldset className="saml-defaults">
          <legend className="saml-legend">New members</legend>
          <Field
            name="defaultTeam"
            label="Default team"
            hint="People who join through this provider are added to this team."
            error={
              errors.defaultTeam ??
              (teamMissing ? 'This team no longer exists: pick another one.' : undefined)
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
      <div className="form-actions saml-actions">
        <Button
          type="submit"
          variant="primary"
          pending={pending}
          disabled={provider !== undefined && !dirty}
          data-testid="saml-save"
        >
          {provider ? 'Save' : 'Add provider'}
        </Button>
        <Button onClick={onDiscard} disabled={!dirty || pending}>
          Discard changes
        </Button>
        <span className="muted" aria-live="polite">
          {dirty ? 'Unsaved changes' : 'No changes'}
        </span>
      </div>
    </form>
  );
}
