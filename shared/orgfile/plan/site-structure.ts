/**
 * The parts of a site's structure that plan/sites.ts `planStructure` plans per section and per site: variants,
 * share links, and a new section with its variants.
 */
import type { OrgFileSection, OrgFileSite, OrgFileVariant } from '../schema-sites.ts';
import type { LiveSite, LiveSiteSpace } from '../snapshot-sites.ts';
import { matcher, type Stages } from './common.ts';
import type { PlanStep, SiteRef, VariantWanted } from './steps.ts';

export type Step<R extends PlanStep['resource'], A extends PlanStep['action']> = Extract<
  PlanStep,
  { resource: R; action: A }
>;

/** The site a part belongs to, as steps name it and as sentences say it, and where the steps go. */
export interface SiteScope {
  site: SiteRef;
  at: string;
  stages: Stages;
  variantOf: (variant: OrgFileVariant) => VariantWanted | string;
}

/** The variants of a section (or of a site without sections): published, changed, unpublished. */
export function planVariants(
  { site, at, stages, variantOf }: SiteScope,
  section: SiteRef | undefined,
  want: readonly OrgFileVariant[],
  have: LiveSiteSpace[],
) {
  const variants = matcher(have, (siteSpace) => siteSpace.space);
  const ids = want.map((variant) => variants.reserve(variant.id));
  for (const [index, variant] of want.entries()) {
    const resolved = variantOf(variant);
    const spaceId = typeof resolved !== 'string' && 'id' in resolved.space ? resolved.space.id : '\u0001';
    const live = ids[index] ?? variants.match(undefined, spaceId);
    if (live === undefined) {
      stages.build.push({
        resource: 'site-variant',
        action: 'create',
        site,
        section,
        variant:
          typeof resolved === 'string' ? { space: { new: variant.space }, path: variant.path } : resolved,
        label: `Publish space “${variant.space}” in ${at} at /${variant.path}`,
        ...(typeof resolved === 'string' ? { blocked: resolved } : {}),
      });
      continue;
    }
    const changes: Step<'site-variant', 'update'>['changes'] = {};
    if (live.path !== variant.path) changes.path = variant.path;
    if (typeof resolved !== 'string' && spaceId !== live.space) changes.space = resolved.space;
    if (Object.keys(changes).length > 0)
      stages.build.push({
        resource: 'site-variant',
        action: 'update',
        site,
        siteSpaceId: live.id,
        changes,
        label: `Change the variant /${live.path} of ${at}: ${[
          ...(changes.path !== undefined ? [`path /${changes.path}`] : []),
          ...(changes.space !== undefined ? [`space “${variant.space}”`] : []),
        ].join(', ')}`,
      });
  }
  for (const goneVariant of variants.unmatched())
    stages.delete.push({
      resource: 'site-variant',
      action: 'delete',
      site,
      siteSpaceId: goneVariant.id,
      label: `Stop publishing /${goneVariant.path} in ${at}`,
    });
}

/** The share links of a site: created, renamed, (de)activated, revoked; the ones taken away are dangerous. */
export function planShareLinks(
  { site, at, stages }: SiteScope,
  wanted: OrgFileSite,
  found: LiveSite | undefined,
) {
  const links = matcher(found?.shareLinks ?? [], (link) => link.name);
  const linkIds = (wanted.shareLinks ?? []).map((link) => links.reserve(link.id));
  for (const [index, link] of (wanted.shareLinks ?? []).entries()) {
    const live = linkIds[index] ?? links.match(undefined, link.name);
    if (live === undefined)
      stages.build.push({
        resource: 'share-link',
        action: 'create',
        site,
        name: link.name,
        active: link.active,
        label: `Create share link “${link.name}” of ${at}${link.active ? '' : ' (inactive)'}`,
      });
    else if (live.name !== link.name || live.active !== link.active)
      stages.build.push({
        resource: 'share-link',
        action: 'update',
        site,
        shareLinkId: live.id,
        changes: {
          ...(live.name !== link.name ? { name: link.name } : {}),
          ...(live.active !== link.active ? { active: link.active } : {}),
        },
        label: `${live.active && !link.active ? 'Deactivate' : 'Change'} share link “${live.name}” of ${at}`,
        ...(live.active && !link.active ? { dangerous: 'whoever holds the link loses access' } : {}),
      });
  }
  for (const goneLink of links.unmatched())
    stages.delete.push({
      resource: 'share-link',
      action: 'delete',
      site,
      shareLinkId: goneLink.id,
      name: goneLink.name,
      label: `Revoke share link “${goneLink.name}” of ${at}`,
      dangerous: 'whoever holds the link loses access',
    });
}

/** A new section: made with its first variant, then its other variants. */
export function planNewSection(
  section: OrgFileSection,
  site: SiteRef,
  key: string,
  group: SiteRef | undefined,
  at: string,
  stages: Stages,
  variantOf: (variant: OrgFileVariant) => VariantWanted | string,
) {
  const [first, ...rest] = section.variants.map((variant) => ({ variant, resolved: variantOf(variant) }));
  const blocked =
    first === undefined
      ? 'a section is made with its first space: give it a variant'
      : typeof first.resolved === 'string'
        ? first.resolved
        : undefined;
  stages.build.push({
    resource: 'site-section',
    action: 'create',
    site,
    key,
    title: section.title,
    path: section.path,
    ...(section.description !== undefined ? { description: section.description } : {}),
    ...(section.icon !== undefined ? { icon: section.icon } : {}),
    ...(group !== undefined ? { group } : {}),
    first: first !== undefined && typeof first.resolved !== 'string' ? first.resolved : undefined,
    label: `Create section “${section.title}” of ${at} at /${section.path}`,
    ...(blocked !== undefined ? { blocked } : {}),
  });
  for (const { variant, resolved } of rest)
    stages.build.push({
      resource: 'site-variant',
      action: 'create',
      site,
      section: { new: key },
      variant:
        typeof resolved === 'string' ? { space: { new: variant.space }, path: variant.path } : resolved,
      label: `Publish space “${variant.space}” in section “${section.title}” of ${at} at /${variant.path}`,
      ...(typeof resolved === 'string' ? { blocked: resolved } : {}),
    });
}
