/**
 * A site's settings: title, visibility, basename (with the published address it gives, live), proxy, adaptive
 * content, default section and default site space. Checked with the contract's bounds before sending, only the
 * changed fields sent, the server's refusal shown on the field it names with the input kept; unsaved edits are
 * guarded (tab switches, navigation, window close). Deleting the site asks for its title to be typed.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { SITE_VISIBILITIES, type Site } from '../../../../shared/contract/resources/sites.ts';
import type { SiteSection, SiteSpace } from '../../../../shared/contract/resources/siteStructure.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { orgQuery } from '../../queries/orgs.ts';
import { siteSectionsQuery, siteSpacesQuery, updateSite } from '../../queries/sites.ts';
import { Button } from '../../ui/Button.tsx';
import { Banner, Skeleton } from '../../ui/Feedback.tsx';
import { toast } from '../../ui/Toast.tsx';
import { useUnsavedChanges } from '../../ui/unsaved.ts';
import { DeleteSite } from './DeleteSite.tsx';
import { Field, SwitchField } from '../../ui/form/Field.tsx';
import { siteVisibilityHint, siteVisibilityLabel } from './labels.ts';
import {
  changedSiteBody,
  publishedUrlPreview,
  SITE_SETTINGS_FIELDS,
  siteFieldOfMessage,
  siteValuesOf,
  validateSiteBody,
  type SiteSettingsErrors,
  type SiteSettingsValues,
} from './siteSettings.ts';

/** Props of `SiteSettings`. */
export interface SiteSettingsProps {
  profileId: string;
  orgId: string;
  site: Site;
  readOnly: boolean;
}

/** What the default pickers need: the sections, and the site spaces of a section (or of the root). */
interface Structure {
  sections: SiteSection[];
  siteSpacesOf: (sectionId: string) => SiteSpace[];
}

/** The settings tab: waits for the sections and site spaces (for the defaults), then shows the form. */
export function SiteSettings({ profileId, orgId, site, readOnly }: SiteSettingsProps) {
  const sections = useQuery(siteSectionsQuery(profileId, orgId, site.id));
  const siteSpaces = useQuery(siteSpacesQuery(profileId, orgId, site.id));
  if (sections.isPending || siteSpaces.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading">
        <Skeleton width="20em" height="2rem" />
        <Skeleton width="16em" height="2rem" />
      </div>
    );
  }
  const loaded = sections.data !== undefined && siteSpaces.data !== undefined;
  const structure: Structure | undefined = loaded
    ? {
        sections: sections.data,
        siteSpacesOf: (sectionId) => {
          const section = sections.data.find((item) => item.id === sectionId);
          if (section?.siteSpaces !== undefined) return section.siteSpaces;
          return siteSpaces.data.filter((item) => (item.section ?? '') === sectionId);
        },
      }
    : undefined;
  const defaultSection = structure?.sections.find((section) => section.default === true)?.id;
  const defaultSpace = structure
    ?.siteSpacesOf(defaultSection ?? '')
    .find((item) => item.default === true)?.id;
  const baseline = siteValuesOf(site, { section: defaultSection, space: defaultSpace });
  return (
    <>
      {!loaded && (
        <Banner tone="warning" title="The default section and site space cannot be shown">
          {errorMessage(sections.error ?? siteSpaces.error)}
        </Banner>
      )}
      <SiteSettingsForm
        key={JSON.stringify(baseline)}
        profileId={profileId}
        orgId={orgId}
        site={site}
        baseline={baseline}
        structure={structure}
        readOnly={readOnly}
      />
      {!readOnly && <DeleteSite profileId={profileId} orgId={orgId} site={site} />}
    </>
  );
}

/** The form; mounted again (by its `key`) whenever the saved values change. */
function SiteSettingsForm({
  profileId,
  orgId,
  site,
  baseline: initial,
  structure,
  readOnly,
}: SiteSettingsProps & { baseline: SiteSettingsValues; structure: Structure | undefined }) {
  const queryClient = useQueryClient();
  const org = useQuery(orgQuery(profileId, orgId));
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

  const sectionSpaces = structure?.siteSpacesOf(values.defaultSection) ?? [];
  const hasSections = (structure?.sections.length ?? 0) > 0;
  const previewUrl =
    values.basename.trim() === ''
      ? undefined
      : publishedUrlPreview(site, orgId, org.data?.hostname, values.basename);

  return (
    <form
      ref={formRef}
      className="form form-wide site-settings"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
      aria-label="Site settings"
      data-testid="site-settings"
    >
      {readOnly && (
        <Banner tone="info" title="Read only">
          Only administrators of the organization can change its sites.
        </Banner>
      )}
      <fieldset className="settings-fieldset" disabled={readOnly || pending}>
        <Field name="title" label="Title" error={errors.title}>
          {(control) => (
            <input
              {...control}
              className="input"
              value={values.title}
              onChange={(event) => set('title', event.target.value)}
              autoComplete="off"
              data-field="title"
              data-testid="site-title-input"
            />
          )}
        </Field>
        <Field
          name="visibility"
          label="Visibility"
          hint={siteVisibilityHint(values.visibility)}
          error={errors.visibility}
        >
          {(control) => (
            <select
              {...control}
              className="input select settings-select"
              value={values.visibility}
              onChange={(event) => set('visibility', event.target.value as Site['visibility'])}
              data-field="visibility"
              data-testid="site-visibility"
            >
              {SITE_VISIBILITIES.map((value) => (
                <option key={value} value={value}>
                  {siteVisibilityLabel(value)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          name="basename"
          label="Basename"
          hint={
            <>
              The last part of the published address
              {previewUrl !== undefined && (
                <>
                  : <code data-testid="site-url-preview">{previewUrl}</code>
                </>
              )}
              {values.basename.trim() !== baseline.basename &&
                site.published &&
                ' (the old address stops working)'}
            </>
          }
          error={errors.basename}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              value={values.basename}
              onChange={(event) => set('basename', event.target.value)}
              spellCheck={false}
              autoComplete="off"
              data-field="basename"
              data-testid="site-basename-input"
            />
          )}
        </Field>
        <Field
          name="proxy"
          label="Proxy"
          hint="Serve the site under a path of your own domain, e.g. example.com/docs. Leave empty for none."
          error={errors.proxy}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              value={values.proxy}
              onChange={(event) => set('proxy', event.target.value)}
              placeholder="None"
              spellCheck={false}
              autoComplete="off"
              data-field="proxy"
              data-testid="site-proxy-input"
            />
          )}
        </Field>
        <SwitchField
          name="adaptive"
          label="Adaptive content"
          hint="Show sections and site spaces to visitors according to their claims (see the Adaptive content tab)."
          checked={values.adaptive}
          onChange={(checked) => set('adaptive', checked)}
          error={errors.adaptive}
          data-testid="site-adaptive-switch"
        />
        {hasSections && (
          <Field
            name="defaultSection"
            label="Default section"
            hint="The section visitors land on. GitBook shows sections as the site's top tabs."
            error={errors.defaultSection}
          >
            {(control) => (
              <select
                {...control}
                className="input select settings-select"
                value={values.defaultSection}
                onChange={(event) => {
                  const sectionId = event.target.value;
                  const spaces = structure?.siteSpacesOf(sectionId) ?? [];
                  setValues((old) => ({
                    ...old,
                    defaultSection: sectionId,
                    // The section's own default site space, unless the saved one belongs to it.
                    defaultSpace:
                      spaces.find((item) => item.id === baseline.defaultSpace)?.id ??
                      spaces.find((item) => item.default === true)?.id ??
                      '',
                  }));
                }}
                data-field="defaultSection"
                data-testid="site-default-section"
              >
                {structure?.sections.map((section) => (
                  <option key={section.id} value={section.id}>
                    {section.title}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {structure !== undefined && sectionSpaces.length > 0 && (
          <Field
            name="defaultSpace"
            label={hasSections ? 'Default site space of the section' : 'Default site space'}
            hint="The variant visitors get first. GitBook calls site spaces variants."
            error={errors.defaultSpace}
          >
            {(control) => (
              <select
                {...control}
                className="input select settings-select"
                value={values.defaultSpace}
                onChange={(event) => set('defaultSpace', event.target.value)}
                data-field="defaultSpace"
                data-testid="site-default-space"
              >
                {values.defaultSpace === '' && <option value="">Choose…</option>}
                {sectionSpaces.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.title} ({item.path})
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
      </fieldset>
      {formError !== undefined && (
        <Banner tone="error" title="The settings were not saved" data-testid="site-settings-error">
          {formError}
        </Banner>
      )}
      {!readOnly && (
        <div className="form-actions settings-actions">
          <Button
            type="submit"
            variant="primary"
            pending={pending}
            disabled={!dirty}
            data-testid="site-settings-save"
          >
            Save
          </Button>
          <Button onClick={discard} disabled={!dirty || pending} data-testid="site-settings-discard">
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
