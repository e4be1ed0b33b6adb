/**
 * The form of a site's settings (the state is `useSiteSettingsForm`): title, visibility, the address fields, adaptive
 * content and the default pickers.
 */
import type { Site } from '../../../../shared/contract/resources/sites.ts';
import { SITE_VISIBILITIES } from '../../../../shared/contract/resources/sites.ts';
import { Banner } from '../../ui/Feedback.tsx';
import { SaveDiscardActions } from '../../ui/form/SaveDiscardActions.tsx';
import { Field, SwitchField } from '../../ui/form/Field.tsx';
import { siteVisibilityHint, siteVisibilityLabel } from './labels.ts';
import { SiteAddressFields, SiteDefaultFields, type SiteStructureChoices } from './SiteSettingsFields.tsx';
import type { SiteSettingsValues } from './siteSettings.ts';
import { useSiteSettingsForm } from './useSiteSettingsForm.ts';

/** Props of `SiteSettingsForm`. */
export interface SiteSettingsFormProps {
  profileId: string;
  orgId: string;
  site: Site;
  readOnly: boolean;
  baseline: SiteSettingsValues;
  structure: SiteStructureChoices | undefined;
}

/** The form; mounted again (by its `key`) whenever the saved values change. */
export function SiteSettingsForm({
  profileId,
  orgId,
  site,
  baseline: initial,
  structure,
  readOnly,
}: SiteSettingsFormProps) {
  const form = useSiteSettingsForm({ profileId, orgId, site, baseline: initial, readOnly });
  const { values, setValues, set, errors, baseline, formError, formRef, dirty, pending, submit, discard } =
    form;

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
        <SiteAddressFields
          profileId={profileId}
          orgId={orgId}
          site={site}
          values={values}
          baseline={baseline}
          errors={errors}
          set={set}
        />
        <SwitchField
          name="adaptive"
          label="Adaptive content"
          hint="Show sections and site spaces to visitors according to their claims (see the Adaptive content tab)."
          checked={values.adaptive}
          onChange={(checked) => set('adaptive', checked)}
          error={errors.adaptive}
          data-testid="site-adaptive-switch"
        />
        {structure !== undefined && (
          <SiteDefaultFields
            structure={structure}
            values={values}
            setValues={setValues}
            baseline={baseline}
            errors={errors}
            set={set}
          />
        )}
      </fieldset>
      {formError !== undefined && (
        <Banner tone="error" title="The settings were not saved" data-testid="site-settings-error">
          {formError}
        </Banner>
      )}
      {!readOnly && (
        <SaveDiscardActions
          className="settings-actions"
          dirty={dirty}
          pending={pending}
          onDiscard={discard}
          submitTestId="site-settings-save"
          discardTestId="site-settings-discard"
        />
      )}
    </form>
  );
}
