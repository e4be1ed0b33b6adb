/**
 * Sites in the organization file (version 2): each with its sections, section groups, variants (the spaces it
 * publishes, as site spaces) and share links, and who was given a role on it. Spaces are named by their path in
 * the collection tree (`Guides / Introduction`). A share link is kept by name and whether it is active: never its
 * secret (the key of its URL), which the file must not carry. A site's plan (`type`) is not in the file: the API
 * sets it only when the site is made, and not to what a file could ask.
 */
import { Type, type Static } from '@sinclair/typebox';
import { RoleOrGuest } from '../contract/common.ts';
import { ShareLinkName, SiteTitle, SiteVisibility } from '../contract/resources/sites.ts';
import {
  IconName,
  SiteSectionDescription,
  SiteSectionGroupTitle,
  SiteSectionPath,
  SiteSectionTitle,
  SiteSpacePath,
} from '../contract/resources/siteStructure.ts';
import { access, Ref } from './schema-common.ts';

/** Who was given a role on a site (a site's grant may be guest: `null`). */
export const SiteAccess = access(RoleOrGuest);
export type SiteAccess = Static<typeof SiteAccess>;

const SpacePath = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'The space, by its path in the file: collection titles and its title joined by ` / `.',
});

export const OrgFileVariant = Type.Object(
  { space: SpacePath, id: Ref('site space'), path: SiteSpacePath },
  { additionalProperties: false, description: 'A space the site publishes (a variant of its section).' },
);
export type OrgFileVariant = Static<typeof OrgFileVariant>;

export const OrgFileSection = Type.Object(
  {
    title: SiteSectionTitle,
    id: Ref('site section'),
    path: SiteSectionPath,
    description: Type.Optional(SiteSectionDescription),
    icon: Type.Optional(IconName),
    group: Type.Optional({ ...SiteSectionGroupTitle, description: 'Its section group, by title.' }),
    variants: Type.Array(OrgFileVariant, { maxItems: 1000 }),
  },
  { additionalProperties: false },
);
export type OrgFileSection = Static<typeof OrgFileSection>;

export const OrgFileSectionGroup = Type.Object(
  { title: SiteSectionGroupTitle, id: Ref('site section group'), icon: Type.Optional(IconName) },
  { additionalProperties: false },
);
export type OrgFileSectionGroup = Static<typeof OrgFileSectionGroup>;

export const OrgFileShareLink = Type.Object(
  { name: ShareLinkName, id: Ref('share link'), active: Type.Boolean() },
  { additionalProperties: false, description: 'A share link, by name; its secret is never in the file.' },
);
export type OrgFileShareLink = Static<typeof OrgFileShareLink>;

export const OrgFileSite = Type.Object(
  {
    title: SiteTitle,
    id: Ref('site'),
    visibility: SiteVisibility,
    published: Type.Boolean(),
    access: Type.Optional(SiteAccess),
    sectionGroups: Type.Optional(Type.Array(OrgFileSectionGroup, { maxItems: 1000 })),
    sections: Type.Optional(Type.Array(OrgFileSection, { maxItems: 1000 })),
    variants: Type.Optional(
      Type.Array(OrgFileVariant, {
        maxItems: 1000,
        description: 'The spaces a site without sections publishes at its root.',
      }),
    ),
    shareLinks: Type.Optional(Type.Array(OrgFileShareLink, { maxItems: 1000 })),
  },
  { additionalProperties: false },
);
export type OrgFileSite = Static<typeof OrgFileSite>;
