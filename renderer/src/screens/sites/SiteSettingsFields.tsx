/** Groups of fields of a site's settings form: the address (basename with its live preview, proxy) and the defaults. */
import { useQuery } from '@tanstack/react-query';
import type { Dispatch, SetStateAction } from 'react';
import type { Site } from '../../../../shared/contract/resources/sites.ts';
import type { SiteSection, SiteSpace } from '../../../../shared/contract/resources/siteStructure.ts';
import { orgQuery } from '../../queries/orgs.ts';
import { Field } from '../../ui/form/Field.tsx';
import { publishedUrlPreview, type SiteSettingsErrors, type SiteSettingsValues } from './siteSettings.ts';

/** What the default pickers need: the sections, and the site spaces of a section (or of the root). */
export interface SiteStructureChoices {
  sections: SiteSection[];
  siteSpacesOf: (sectionId: string) => SiteSpace[];
}

/** What every group of fields gets from the form. */
interface FieldGroupProps {
  values: SiteSettingsValues;
  baseline: SiteSettingsValues;
  errors: SiteSettingsErrors;
  set: <K extends keyof SiteSettingsValues>(field: K, value: SiteSettingsValues[K]) => void;
}

/** Basename (with the published address it gives, live) and proxy. */
export function SiteAddressFields({
  profileId,
  orgId,
  site,
  values,
  baseline,
  errors,
  set,
}: FieldGroupProps & { profileId: string; orgId: string; site: Site }) {
  const org = useQuery(orgQuery(profileId, orgId));
  const previewUrl =
    values.basename.trim() === ''
      ? undefined
      : publishedUrlPreview(site, orgId, org.data?.hostname, values.basename);
  return (
    <>
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
    </>
  );
}

/** The default section (on a site with sections) and the default site space of the section or of the root. */
export function SiteDefaultFields({
  structure,
  values,
  setValues,
  baseline,
  errors,
  set,
}: FieldGroupProps & {
  structure: SiteStructureChoices;
  setValues: Dispatch<SetStateAction<SiteSettingsValues>>;
}) {
  const sectionSpaces = structure.siteSpacesOf(values.defaultSection);
  const hasSections = structure.sections.length > 0;
  return (
    <>
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
    </>
  );
}
