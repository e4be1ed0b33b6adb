/**
 * A site's settings: title, visibility, basename (with the published address it gives, live), proxy, adaptive
 * content, default section and default site space. Checked with the contract's bounds before sending, only the
 * changed fields sent, the server's refusal shown on the field it names with the input kept; unsaved edits are
 * guarded (tab switches, navigation, window close). Deleting the site asks for its title to be typed.
 */
import { useQuery } from '@tanstack/react-query';
import type { Site } from '../../../../shared/contract/resources/sites.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { siteSectionsQuery, siteSpacesQuery } from '../../queries/sites.ts';
import { Banner, Skeleton } from '../../ui/Feedback.tsx';
import { DeleteSite } from './DeleteSite.tsx';
import { siteValuesOf } from './siteSettings.ts';
import { SiteSettingsForm } from './SiteSettingsForm.tsx';
import type { SiteStructureChoices } from './SiteSettingsFields.tsx';

/** Props of `SiteSettings`. */
export interface SiteSettingsProps {
  profileId: string;
  orgId: string;
  site: Site;
  readOnly: boolean;
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
  const structure: SiteStructureChoices | undefined = loaded
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
