/**
 * The state of the organization settings form: the values against the saved baseline, validated with the contract's
 * bounds, only the changed fields sent (`useUpdateOrg`), the user's input kept when the server refuses, with its
 * message on the field it names; unsaved edits guarded.
 */
import { useRef, useState, type FormEvent } from 'react';
import type { Organization } from '../../../../shared/contract/resources/organizations.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { useUpdateOrg } from '../../queries/orgs.ts';
import { toast } from '../../ui/Toast.tsx';
import { useUnsavedChanges } from '../../ui/unsaved.ts';
import {
  changedBody,
  fieldOfMessage,
  SETTINGS_FIELDS,
  validateBody,
  valuesOf,
  type SettingsErrors,
  type SettingsValues,
} from './settingsForm.ts';

/** The form's values, errors and actions for `org`. */
export function useSettingsForm(profileId: string, org: Organization, readOnly: boolean) {
  const [baseline, setBaseline] = useState(() => valuesOf(org));
  const [values, setValues] = useState(baseline);
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  const update = useUpdateOrg(profileId, org.id);
  const changes = changedBody(values, baseline);
  const dirty = Object.keys(changes.body).length > 0 || Object.keys(changes.errors).length > 0;

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
    const found = { ...validateBody(changes.body), ...changes.errors };
    show(found);
    if (Object.keys(found).length > 0) return false;
    if (!dirty) return true;
    try {
      const saved = await update.mutateAsync(changes.body);
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

  return { values, set, errors, formError, formRef, dirty, pending: update.isPending, onSubmit, onReset };
}

/** `emailDomains` → `email-domains`, the test id suffix of a field. */
function kebab(field: string): string {
  return field.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
