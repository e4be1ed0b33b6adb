/**
 * The state of one SAML provider's form: the values against the saved baseline, checked when a field is left and
 * before sending; the metadata that fills the identity provider's fields; create or update through the mutations of
 * `queries/saml.ts`, the server's refusal landing on the field it names; unsaved edits guarded.
 */
import { useRef, useState, type ClipboardEvent, type FormEvent } from 'react';
import type { SAMLProvider } from '../../../../shared/contract/resources/saml.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { useCreateSamlProvider, useUpdateSamlProvider } from '../../queries/saml.ts';
import { toast } from '../../ui/Toast.tsx';
import { useUnsavedChanges } from '../../ui/unsaved.ts';
import type { MetadataField, MetadataResult } from './metadata.ts';
import { parseMetadataXml } from './parseMetadata.ts';
import {
  changedBody,
  checkField,
  createBody,
  EMPTY_VALUES,
  fieldOfMessage,
  SAML_FIELDS,
  validate,
  valuesOf,
  type SamlErrors,
  type SamlField,
  type SamlValues,
} from './samlForm.ts';

/** What the form starts from and tells. */
interface ProviderFormOptions {
  profileId: string;
  orgId: string;
  provider: SAMLProvider | undefined;
  onSaved: (provider: SAMLProvider) => void;
}

/** The form's values, errors, metadata and actions. */
export function useProviderForm({ profileId, orgId, provider, onSaved }: ProviderFormOptions) {
  const [baseline, setBaseline] = useState(() => (provider ? valuesOf(provider) : EMPTY_VALUES));
  const [values, setValues] = useState(baseline);
  const [errors, setErrors] = useState<SamlErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [metadata, setMetadata] = useState('');
  const [metadataResult, setMetadataResult] = useState<
    (MetadataResult & { filled?: MetadataField[] }) | undefined
  >();
  const formRef = useRef<HTMLFormElement>(null);
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

  return {
    values,
    errors,
    set,
    leave,
    formError,
    formRef,
    pending,
    dirty,
    metadata,
    setMetadata,
    metadataResult,
    fillFromMetadata,
    onMetadataPaste,
    onSubmit,
    onDiscard,
  };
}

/** What `useProviderForm` answers. */
export type ProviderFormState = ReturnType<typeof useProviderForm>;
