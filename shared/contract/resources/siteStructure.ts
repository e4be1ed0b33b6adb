/** What a site is made of: site spaces (space variants), sections, section groups, and the bodies that change them. */
import { Type, type Static } from '@sinclair/typebox';
import { DisplayText, named, Nullable, StringEnum } from '../common.ts';
import { BodyId, Space } from './content.ts';

/** Published URL of a structure item, defined once the site is published. */
const PublishedUrls = Type.Object({ published: Type.Optional(Type.String()) });

/** Expression deciding whether a visitor sees a section or a site space. */
export const Condition = Type.String({ minLength: 1, maxLength: 1024 });
/** Name of an icon. */
export const IconName = DisplayText({ maxLength: 50 });

export const SiteSectionTitle = DisplayText({ minLength: 2, maxLength: 128 });
export const SiteSectionPath = Type.String({ minLength: 1, maxLength: 100 });
export const SiteSectionDescription = DisplayText({ maxLength: 256 });
export const SiteSectionGroupTitle = DisplayText({ minLength: 1, maxLength: 100 });
export const SiteSpacePath = Type.String({ minLength: 1, maxLength: 100 });

/** A space published in a site, at a path, possibly inside a section. */
export const SiteSpace = named(
  'SiteSpace',
  Type.Object({
    object: Type.Literal('site-space'),
    id: Type.String(),
    path: SiteSpacePath,
    section: Type.Optional(Type.String({ description: 'Id of the section holding the site space.' })),
    space: Type.Optional(Space),
    title: Type.String(),
    default: Type.Optional(Type.Boolean({ description: 'Whether this is the default site space.' })),
    condition: Type.Optional(Condition),
    hasAdvancedCustomizationFeature: Type.Optional(Type.Boolean()),
    urls: Type.Optional(PublishedUrls),
  }),
);
export type SiteSpace = Static<typeof SiteSpace>;

/** A section of a site: one or more site spaces (variants) under a path. */
export const SiteSection = named(
  'SiteSection',
  Type.Object({
    object: Type.Literal('site-section'),
    id: Type.String(),
    title: SiteSectionTitle,
    description: Type.Optional(SiteSectionDescription),
    default: Type.Optional(Type.Boolean({ description: 'Whether this is the default section of the site.' })),
    path: SiteSectionPath,
    condition: Type.Optional(Condition),
    sectionGroup: Type.Optional(Type.String({ description: 'Id of the section group holding the section.' })),
    icon: Type.Optional(IconName),
    siteSpaces: Type.Optional(Type.Array(SiteSpace)),
    urls: Type.Optional(PublishedUrls),
  }),
);
export type SiteSection = Static<typeof SiteSection>;

/** A named group of sections. */
export const SiteSectionGroup = named(
  'SiteSectionGroup',
  Type.Object({
    object: Type.Literal('site-section-group'),
    id: Type.String(),
    title: SiteSectionGroupTitle,
    icon: Type.Optional(IconName),
    sections: Type.Optional(Type.Array(SiteSection)),
  }),
);
export type SiteSectionGroup = Static<typeof SiteSectionGroup>;

// Sections

export const CreateSiteSection = Type.Object(
  {
    spaceId: Type.String({
      minLength: 1,
      maxLength: 256,
      description: 'Space added to the section as a site-space variant.',
    }),
    title: Type.Optional(DisplayText({ minLength: 2, maxLength: 64 })),
  },
  { additionalProperties: false },
);

export const UpdateSiteSection = Type.Object(
  {
    title: Type.Optional(SiteSectionTitle),
    path: Type.Optional(SiteSectionPath),
    defaultSiteSpace: Type.Optional(BodyId),
    condition: Type.Optional(Nullable(Condition)),
    icon: Type.Optional(Nullable(IconName)),
    description: Type.Optional(Nullable(SiteSectionDescription)),
  },
  { additionalProperties: false },
);

export const SiteSectionPointer = named(
  'SiteSectionPointer',
  Type.Object({ type: Type.Literal('site-section'), siteSection: BodyId }, { additionalProperties: false }),
);

/** Body of the section move: before or after a sibling section; the end when absent. */
export const MoveSiteSection = Type.Object(
  {
    position: Type.Optional(
      named(
        'SiteSectionMovePosition',
        Type.Object(
          { before: Type.Optional(SiteSectionPointer), after: Type.Optional(SiteSectionPointer) },
          { additionalProperties: false },
        ),
      ),
    ),
  },
  { additionalProperties: false },
);

// Section groups

export const CreateSiteSectionGroup = Type.Object(
  {
    title: SiteSectionGroupTitle,
    icon: Type.Optional(Nullable(IconName)),
    sections: Type.Optional(
      Type.Array(BodyId, { maxItems: 1000, description: 'Ids of the sections to group.' }),
    ),
  },
  { additionalProperties: false },
);

export const UpdateSiteSectionGroup = Type.Object(
  {
    title: Type.Optional(SiteSectionGroupTitle),
    icon: Type.Optional(Nullable(IconName)),
  },
  { additionalProperties: false },
);

export const AddSectionToGroup = Type.Object({ sectionId: BodyId }, { additionalProperties: false });

export const SiteSectionGroupPointer = named(
  'SiteSectionGroupPointer',
  Type.Object(
    {
      type: Type.Union([Type.Literal('site-section'), Type.Literal('site-section-group')]),
      id: BodyId,
    },
    { additionalProperties: false },
  ),
);

/** Body of the section group move: before or after a sibling; the end when absent. */
export const MoveSiteSectionGroup = Type.Object(
  {
    position: Type.Optional(
      named(
        'SiteSectionGroupMovePosition',
        Type.Object(
          { before: Type.Optional(SiteSectionGroupPointer), after: Type.Optional(SiteSectionGroupPointer) },
          { additionalProperties: false },
        ),
      ),
    ),
  },
  { additionalProperties: false },
);

// Site spaces

export const AddSpaceToSite = Type.Object(
  {
    spaceId: BodyId,
    sectionId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 256,
        description:
          'Section to add the space to; by default the default section, or the root without sections.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const UpdateSiteSpace = Type.Object(
  {
    path: Type.Optional(SiteSpacePath),
    condition: Type.Optional(Nullable(Condition)),
    spaceId: Type.Optional(BodyId),
  },
  { additionalProperties: false },
);

export const SiteSpacePointer = named(
  'SiteSpacePointer',
  Type.Object({ type: Type.Literal('site-space'), siteSpace: BodyId }, { additionalProperties: false }),
);

/** Body of the (deprecated) site space move: before or after a sibling; the end when absent. */
export const MoveSiteSpace = Type.Object(
  {
    position: Type.Optional(
      named(
        'SiteSpaceMovePosition',
        Type.Object(
          { before: Type.Optional(SiteSpacePointer), after: Type.Optional(SiteSpacePointer) },
          { additionalProperties: false },
        ),
      ),
    ),
  },
  { additionalProperties: false },
);

// Sorting the structure (GitBook's `sortSiteStructure`, the replacement of the deprecated moves)

export const SITE_STRUCTURE_ITEM_TYPES = ['site-space', 'site-section', 'site-section-group'] as const;

/** Points at an item of a site's structure. */
export const SiteStructureItemPointer = named(
  'SiteStructureItemPointer',
  Type.Object({ type: StringEnum(SITE_STRUCTURE_ITEM_TYPES), id: BodyId }, { additionalProperties: false }),
);

/** Where to put the moved item, relative to a sibling of the same level; the end when empty. */
export const SiteStructureItemMovePosition = named(
  'SiteStructureItemMovePosition',
  Type.Object(
    { before: Type.Optional(SiteStructureItemPointer), after: Type.Optional(SiteStructureItemPointer) },
    { additionalProperties: false },
  ),
);

/** Body of `PATCH …/structure/sort`. */
export const SortSiteStructure = Type.Object(
  { item: SiteStructureItemPointer, position: SiteStructureItemMovePosition },
  { additionalProperties: false },
);

/** The item a sort moved. */
export const SiteStructureItem = named(
  'SiteStructureItem',
  Type.Union([SiteSpace, SiteSection, SiteSectionGroup]),
);
