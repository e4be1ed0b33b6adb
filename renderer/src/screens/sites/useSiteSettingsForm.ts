/**
 * The state of a site's settings form: the values against the saved baseline, checked with the contract's bounds
 * before sending, only the changed fields sent (a mutation), the server's refusal shown on the field it names with
 * the input kept; unsaved edits are guarded (tab switches, navigation, window close).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { Site } from '../../../../shared/contract/resources/sites.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { updateSite } from '../../queries/sites.ts';
import { toast } from '../../ui/Toast.tsx';
import { useUnsavedChanges } from '../../ui/unsaved.ts';
import {
  changedSiteBody,
  SITE_SETTINGS_FIELDS,
  siteFieldOfMessage,
  validateSiteBody,
  type SiteSettingsErrors,
  type SiteSettingsValues,
} from './siteSettings.ts';

/** What the form starts from. */
interface SiteSettingsFormOptions {
  profileId: string;
  orgId: string;
  site: Site;
  baseline: SiteSettingsValues;
  readOnly: boolean;
}

/** The form's values, errors and actions. */
export function useSiteSettingsForm({
  profileId,
  orgId,
  site,
  baseline: initial,
  readOnly,
}: SiteSettingsFormOptions) {
  const queryClient = useQueryClient();
  const [baseline, setBaseline] = useState(initial);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<SiteSettingsErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  const changes = changedSiteBody(values, baseline);
  const dirty = Object.keys(changes.body).length > 0 || Object.keys(changes.errors).length > 0;
  const update = useMutation({
    mutationFn: (body: typeof changes.body) => updateSite(queryClient, profileId, orgId, site.id, body),
  });
  const pending = update.isPending;

  const set = <K extends keyof SiteSettingsValues>(field: K, value: SiteSettingsValues[K]) => {
    setValues((old) => ({ ...old, [field]: value }));
    setErrors((old) => ({ ...old, [field]: undefined }));
  };

  const show = (found: SiteSettingsErrors) => {
    setErrors(found);
    const first = SITE_SETTINGS_FIELDS.find((field) => found[field] !== undefined);
    if (first !== undefined) formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  };

  /** Checks and sends the changes; resolves to whether they are saved (a refusal stays on screen). */
  const submit = async (): Promise<boolean> => {
    setFormError(undefined);
    const found = { ...validateSiteBody(changes.body), ...changes.errors };
    show(found);
    if (Object.keys(found).length > 0) return false;
    if (!dirty) return true;
    try {
      await update.mutateAsync(changes.body);
      setBaseline(values);
      toast({ title: 'Site settings saved', tone: 'success' });
      return true;
    } catch (failure) {
      const message = errorMessage(failure);
      const field = siteFieldOfMessage(message);
      if (field !== undefined) show({ [field]: message });
      else setFormError(message);
      return false;
    }
  };
  const discard = () => {
    setValues(baseline);
    setErrors({});
    setFormError(undefined);
  };
  useUnsavedChanges(dirty && !readOnly, { what: 'the site settings', save: submit, discard });

  return { values, setValues, set, errors, baseline, formError, formRef, dirty, pending, submit, discard };
}
