/**
 * Sites: the site itself (title, visibility, published), its section groups, sections and variants, its share
 * links; its grants go with the other grants (plan/access.ts). Matching is by id, else by title (a section group, a
 * section, a site), by space (a variant) or by name (a share link). A new section is made with its first variant;
 * a new site without sections is made with its variants. Deleting a site or a section, and revoking a share link,
 * are dangerous. Planned only when the file has its `sites` key.
 */
import type { OrgFileSite, OrgFileVariant } from '../schema-sites.ts';
import type { OrgSnapshot } from '../snapshot.ts';
import type { LiveSite } from '../snapshot-sites.ts';
import { matcher, type Stages } from './common.ts';
import type { GrantsOf } from './access.ts';
import { planNewSection, planShareLinks, planVariants, type SiteScope, type Step } from './site-structure.ts';
import type { ItemRef, SiteRef, VariantWanted } from './steps.ts';

export function planSites(
  sites: readonly OrgFileSite[],
  live: OrgSnapshot,
  stages: Stages,
  spaceByPath: ReadonlyMap<string, ItemRef>,
  gone: Set<string>,
): GrantsOf[] {
  const targets: GrantsOf[] = [];
  const liveSites = matcher(live.sites ?? [], (site) => site.title);
  const byId = sites.map((wanted) => liveSites.reserve(wanted.id));
  const variantOf = (variant: OrgFileVariant): VariantWanted | string => {
    const space = spaceByPath.get(variant.space);
    return space === undefined
      ? `no space “${variant.space}” in the file or the organization`
      : { space, path: variant.path };
  };
  for (const [index, wanted] of sites.entries()) {
    const found = byId[index] ?? liveSites.match(undefined, wanted.title);
    const site: SiteRef = found !== undefined ? { id: found.id, title: wanted.title } : { new: wanted.title };
    targets.push({ on: { type: 'site', ref: site, name: wanted.title }, access: wanted.access });
    if (found === undefined) {
      const root = (wanted.sections ?? []).length === 0 ? (wanted.variants ?? []).map(variantOf) : [];
      const missing = root.find((variant) => typeof variant === 'string');
      stages.build.push({
        resource: 'site',
        action: 'create',
        title: wanted.title,
        visibility: wanted.visibility,
        variants: root.filter((variant) => typeof variant !== 'string'),
        label: `Create site “${wanted.title}” (${wanted.visibility})`,
        ...(missing !== undefined ? { blocked: missing } : {}),
      });
      // A site is published once it holds spaces: after its sections and variants.
      if (wanted.published)
        stages.grant.push({
          resource: 'site',
          action: 'update',
          site,
          title: wanted.title,
          changes: { published: true },
          label: `Publish site “${wanted.title}”`,
        });
    } else {
      const changes: Step<'site', 'update'>['changes'] = {};
      if (found.title !== wanted.title) changes.title = wanted.title;
      if (found.visibility !== wanted.visibility) changes.visibility = wanted.visibility;
      if (found.published !== wanted.published) changes.published = wanted.published;
      if (Object.keys(changes).length > 0)
        stages.build.push({
          resource: 'site',
          action: 'update',
          site,
          title: found.title,
          changes,
          label: `Change site “${found.title}”: ${[
            ...(changes.title !== undefined ? [`title to “${changes.title}”`] : []),
            ...(changes.visibility !== undefined
              ? [`visibility ${found.visibility} → ${changes.visibility}`]
              : []),
            ...(changes.published !== undefined ? [changes.published ? 'publish' : 'unpublish'] : []),
          ].join(', ')}`,
          ...(changes.published === false ? { dangerous: 'its readers lose the published site' } : {}),
        });
    }
    planStructure(wanted, found, site, stages, variantOf);
  }
  for (const goneSite of liveSites.unmatched()) {
    gone.add(goneSite.id);
    stages.delete.push({
      resource: 'site',
      action: 'delete',
      siteId: goneSite.id,
      title: goneSite.title,
      label: `Delete site “${goneSite.title}”`,
      dangerous: `its ${goneSite.sections.length} sections and ${goneSite.shareLinks.length} share links go with it`,
    });
  }
  return targets;
}

/** Groups, sections, variants and share links of one site (`found`: the live site, if it exists). */
function planStructure(
  wanted: OrgFileSite,
  found: LiveSite | undefined,
  site: SiteRef,
  stages: Stages,
  variantOf: (variant: OrgFileVariant) => VariantWanted | string,
) {
  const key = (title: string) => `${wanted.title}\u0000${title}`;
  const at = `site “${wanted.title}”`;

  // Groups are matched first (sections name them) but made after the sections: the API groups only sections that
  // exist, and a new group takes its sections with it.
  const groups = matcher(found?.groups ?? [], (group) => group.title);
  const groupRefs = new Map<string, SiteRef>();
  const groupIds = (wanted.sectionGroups ?? []).map((group) => groups.reserve(group.id));
  const groupLive = (wanted.sectionGroups ?? []).map((group, index) => {
    const live = groupIds[index] ?? groups.match(undefined, group.title);
    groupRefs.set(
      group.title,
      live !== undefined ? { id: live.id, title: group.title } : { new: key(group.title) },
    );
    return live;
  });
  const sectionRefs = new Map<string, SiteRef>();

  const sections = matcher(found?.sections ?? [], (section) => section.title);
  const sectionIds = (wanted.sections ?? []).map((section) => sections.reserve(section.id));
  const scope: SiteScope = { site, at, stages, variantOf };
  for (const [index, section] of (wanted.sections ?? []).entries()) {
    const live = sectionIds[index] ?? sections.match(undefined, section.title);
    const group = section.group !== undefined ? groupRefs.get(section.group) : undefined;
    sectionRefs.set(
      section.title,
      live !== undefined ? { id: live.id, title: section.title } : { new: key(section.title) },
    );
    if (live === undefined) {
      planNewSection(
        section,
        site,
        key(section.title),
        group !== undefined && 'id' in group ? group : undefined,
        at,
        stages,
        variantOf,
      );
      continue;
    }
    const changes: Step<'site-section', 'update'>['changes'] = {};
    if (live.title !== section.title) changes.title = section.title;
    if (live.path !== section.path) changes.path = section.path;
    if ((live.description ?? '') !== (section.description ?? ''))
      changes.description = section.description ?? null;
    if (live.icon !== section.icon) changes.icon = section.icon ?? null;
    const groupId = group !== undefined && 'id' in group ? group.id : group === undefined ? undefined : null;
    // Into a new group: the group's creation takes it (and out of its old one first).
    const groupChanges = groupId !== live.group && !(groupId === null && live.group === undefined);
    if (Object.keys(changes).length > 0 || groupChanges)
      stages.build.push({
        resource: 'site-section',
        action: 'update',
        site,
        sectionId: live.id,
        changes,
        ...(groupChanges
          ? { group: { from: live.group, to: group !== undefined && 'id' in group ? group : undefined } }
          : {}),
        label: `Change section “${live.title}” of ${at}: ${[
          ...Object.keys(changes),
          ...(groupChanges
            ? [section.group !== undefined ? `group “${section.group}”` : 'out of its group']
            : []),
        ].join(', ')}`,
      });
    planVariants(
      scope,
      { id: live.id, title: section.title },
      section.variants,
      (found?.siteSpaces ?? []).filter((siteSpace) => siteSpace.section === live.id),
    );
  }
  if ((wanted.sections ?? []).length === 0)
    if (found !== undefined)
      planVariants(
        scope,
        undefined,
        wanted.variants ?? [],
        found.siteSpaces.filter((siteSpace) => siteSpace.section === undefined),
      );
  for (const [index, group] of (wanted.sectionGroups ?? []).entries()) {
    const live = groupLive[index];
    if (live === undefined) {
      const members = (wanted.sections ?? []).filter((section) => section.group === group.title);
      stages.build.push({
        resource: 'site-section-group',
        action: 'create',
        site,
        key: key(group.title),
        title: group.title,
        ...(group.icon !== undefined ? { icon: group.icon } : {}),
        sections: members.map((section) => sectionRefs.get(section.title)!),
        label: `Create section group “${group.title}” in ${at}${members.length > 0 ? ` with ${members.map((section) => `“${section.title}”`).join(', ')}` : ''}`,
      });
    } else if (live.title !== group.title || live.icon !== group.icon)
      stages.build.push({
        resource: 'site-section-group',
        action: 'update',
        site,
        groupId: live.id,
        changes: {
          ...(live.title !== group.title ? { title: group.title } : {}),
          ...(live.icon !== group.icon ? { icon: group.icon ?? null } : {}),
        },
        label: `Change section group “${live.title}” in ${at}`,
      });
  }
  for (const goneSection of sections.unmatched())
    stages.delete.push({
      resource: 'site-section',
      action: 'delete',
      site,
      sectionId: goneSection.id,
      title: goneSection.title,
      label: `Delete section “${goneSection.title}” of ${at}`,
      dangerous: 'its pages are no longer published there',
    });
  for (const goneGroup of groups.unmatched())
    stages.delete.push({
      resource: 'site-section-group',
      action: 'delete',
      site,
      groupId: goneGroup.id,
      title: goneGroup.title,
      label: `Delete section group “${goneGroup.title}” of ${at}`,
    });

  planShareLinks(scope, wanted, found);
}
