/** Sites (published docs sites), their adaptive schema, their published view and their share links. */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, DisplayText, named, Nullable, StringEnum } from '../common.ts';
import { BodyId, Emoji } from './content.ts';
import { SiteSection, SiteSectionGroup, SiteSpace } from './siteStructure.ts';

export const SITE_TYPES = [
  'basic',
  'premium',
  'ultimate',
  'sponsored',
  'legacy-basic',
  'legacy-premium',
] as const;
export const SiteType = named('SiteType', StringEnum(SITE_TYPES, { description: 'Plan of the site.' }));

export const SITE_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth'] as const;
/** `public`: indexed by search engines; `unlisted`: open, not indexed; `share-link`: secret token in the URL; `visitor-auth`: JWT. */
export const SiteVisibility = named('SiteVisibility', StringEnum(SITE_VISIBILITIES));

export const SiteTitle = DisplayText({ minLength: 2, maxLength: 128 });
export const SiteHostname = Type.String({
  maxLength: 512,
  pattern: '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$',
  description: 'Custom hostname, e.g. docs.example.com.',
});
export const SiteBasename = Type.String({ minLength: 1, maxLength: 100 });
/** A host name followed by one or more path segments, e.g. example.com/docs. */
export const SiteProxyOrigin = Type.String({
  maxLength: 512,
  pattern: '^([\\w-]+\\.)*[\\w-]+\\.[a-zA-Z]{2,}(\\/[\\w-]+)+$',
  description: 'Host name followed by one or more path segments, e.g. example.com/docs.',
});

/** A light and a dark variant of a URL. */
export const ThemedUrl = Type.Object({ light: Type.String(), dark: Type.String() });

/** Site icon: themed image URLs, an emoji, or nothing. */
export const SiteFavicon = named(
  'CustomizationFavicon',
  Type.Union([
    Type.Object({ icon: ThemedUrl }),
    Type.Object({ emoji: Emoji }),
    Type.Object({}, { additionalProperties: false }),
  ]),
);

export const SiteAdsTopic = StringEnum(['webdev', 'crypto'] as const);
/** Advertising status of a site. */
export const SiteAds = named(
  'SiteAds',
  Type.Union([
    Type.Object({ status: Type.Literal('pending'), submittable: Type.Boolean() }),
    Type.Object({ status: Type.Literal('in-review'), topic: SiteAdsTopic }),
    Type.Object({ status: Type.Literal('rejected'), reason: Type.Optional(Type.String()) }),
    Type.Object({
      status: StringEnum(['live', 'disabled'] as const),
      topic: SiteAdsTopic,
      zoneId: Type.String(),
    }),
  ]),
);

export const SITE_FEATURE_KEYS = [
  'sites-adaptive-content',
  'sites-advanced-customization',
  'sites-advanced-insights',
  'sites-ads',
  'sites-ai-search',
  'sites-ai-assistant',
  'sites-ai-insights',
  'sites-fix-broken-links',
  'sites-connections',
  'sites-content-gaps',
  'sites-channels',
  'sites-embed',
  'sites-api-playground',
  'sites-basic-customization',
  'sites-broken-links',
  'sites-custom-domain',
  'sites-custom-fonts',
  'sites-custom-subdirectory',
  'sites-full-text-search',
  'sites-multivariant-site',
  'sites-no-custom-domain',
  'sites-page-feedback',
  'sites-page-traffic-insights',
  'sites-pdf-export',
  'sites-preview-deployments',
  'sites-public-visibility',
  'sites-redirects',
  'sites-search-insights',
  'sites-sections',
  'sites-seo',
  'sites-share-links',
  'sites-unlisted-visibility',
  'sites-user-contribution',
  'sites-visitor-authentication',
  'sites-visitors',
] as const;

/** A premium feature of a site, the plan it comes with, and whether it is frozen (enabled but unchangeable). */
export const SiteFeature = named(
  'SiteFeature',
  Type.Object({ id: StringEnum(SITE_FEATURE_KEYS), plan: SiteType, frozen: Type.Boolean() }),
);

export const SiteAdaptiveContent = named('SiteAdaptiveContent', Type.Object({ enabled: Type.Boolean() }));

export const Site = named(
  'Site',
  Type.Object({
    object: Type.Literal('site'),
    id: Type.String(),
    type: SiteType,
    title: SiteTitle,
    icon: Type.Optional(Nullable(SiteFavicon)),
    hostname: Type.Optional(SiteHostname),
    basename: Type.Optional(SiteBasename),
    proxy: Type.Optional(Type.Object({ origin: SiteProxyOrigin, target: Type.String() })),
    visibility: SiteVisibility,
    published: Type.Boolean({ description: 'Whether the site is live for its audience.' }),
    siteSpaces: Type.Number(),
    createdAt: DateTime,
    adaptiveContent: Type.Optional(SiteAdaptiveContent),
    ads: Type.Optional(SiteAds),
    features: Type.Array(SiteFeature),
    urls: Type.Object({
      location: Type.String(),
      app: Type.String(),
      published: Type.Optional(Type.String()),
    }),
  }),
);
export type Site = Static<typeof Site>;

/** Body of site creation: `spaces` lists the spaces to add, or `sample`/`empty` creates a new one. */
export const CreateSite = Type.Object(
  {
    type: Type.Optional(StringEnum(SITE_TYPES, { default: 'basic' })),
    title: Type.Optional(SiteTitle),
    visibility: Type.Optional(SiteVisibility),
    spaces: Type.Optional(
      Type.Union([Type.Array(BodyId, { maxItems: 1000 }), StringEnum(['sample', 'empty'] as const)]),
    ),
  },
  { additionalProperties: false },
);

export const UpdateSite = Type.Object(
  {
    title: Type.Optional(SiteTitle),
    visibility: Type.Optional(SiteVisibility),
    basename: Type.Optional(SiteBasename),
    adaptiveContent: Type.Optional(Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false })),
    defaultSiteSpace: Type.Optional(BodyId),
    defaultSiteSection: Type.Optional(BodyId),
    proxy: Type.Optional(Nullable(SiteProxyOrigin)),
  },
  { additionalProperties: false },
);

// Adaptive schema

/** A boolean visitor claim. */
export const AdaptiveClaim = Type.Object(
  { type: Type.Literal('boolean'), description: DisplayText({ maxLength: 1024 }) },
  { additionalProperties: false },
);

/** JSON Schema (draft-07) of the visitor attributes: boolean claims, plus an `unsigned` object of boolean claims. */
export const SiteAdaptiveJSONSchema = named(
  'SiteAdaptiveJSONSchema',
  Type.Object(
    {
      $schema: Type.Optional(Type.Literal('http://json-schema.org/draft-07/schema#')),
      type: Type.Literal('object'),
      properties: Type.Object(
        {
          unsigned: Type.Optional(
            Type.Object(
              {
                type: Type.Literal('object'),
                description: Type.Optional(DisplayText({ maxLength: 1024 })),
                properties: Type.Record(Type.String({ minLength: 1, maxLength: 256 }), AdaptiveClaim),
                additionalProperties: Type.Literal(false),
              },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: AdaptiveClaim },
      ),
      additionalProperties: Type.Literal(false),
    },
    { additionalProperties: false },
  ),
);

export const SiteAdaptiveSchema = named(
  'SiteAdaptiveSchema',
  Type.Object({
    object: Type.Literal('site-adaptive-schema'),
    jsonSchema: SiteAdaptiveJSONSchema,
    updatedAt: DateTime,
  }),
);
export type SiteAdaptiveSchema = Static<typeof SiteAdaptiveSchema>;

export const UpdateSiteAdaptiveSchema = Type.Object(
  { jsonSchema: SiteAdaptiveJSONSchema },
  { additionalProperties: false },
);

// Published site

/** A light and a dark color. */
const ThemedColor = Type.Object({ light: Type.String(), dark: Type.String() });

/** Customization of a published site (the keys the spec names). */
export const SiteCustomizationSettings = named(
  'SiteCustomizationSettings',
  Type.Object({
    title: Type.Optional(Type.String()),
    styling: Type.Optional(
      Type.Object({
        theme: Type.Optional(StringEnum(['clean', 'muted', 'bold', 'gradient'] as const)),
        primaryColor: Type.Optional(ThemedColor),
        infoColor: Type.Optional(ThemedColor),
        successColor: Type.Optional(ThemedColor),
        warningColor: Type.Optional(ThemedColor),
        dangerColor: Type.Optional(ThemedColor),
        corners: Type.Optional(StringEnum(['straight', 'rounded', 'circular'] as const)),
        links: Type.Optional(StringEnum(['default', 'accent'] as const)),
        font: Type.Optional(Type.String()),
        icons: Type.Optional(StringEnum(['regular', 'solid', 'duotone', 'light', 'thin'] as const)),
        sidebar: Type.Optional(
          Type.Object({
            background: StringEnum(['default', 'filled'] as const),
            list: StringEnum(['default', 'pill', 'line'] as const),
          }),
        ),
        search: Type.Optional(StringEnum(['prominent', 'subtle'] as const)),
      }),
    ),
    internationalization: Type.Optional(
      Type.Object({
        locale: StringEnum(['en', 'fr', 'es', 'zh', 'ja', 'de', 'nl', 'no', 'pt-br', 'ru'] as const),
      }),
    ),
    favicon: Type.Optional(SiteFavicon),
  }),
);

/** How the published site is organized: sections (and groups), or site spaces at the root. */
export const SiteStructure = named(
  'SiteStructure',
  Type.Union([
    Type.Object({
      type: Type.Literal('sections'),
      structure: Type.Array(Type.Union([SiteSection, SiteSectionGroup])),
    }),
    Type.Object({ type: Type.Literal('siteSpaces'), structure: Type.Array(SiteSpace) }),
  ]),
);

export const PublishedContentSite = named(
  'PublishedContentSite',
  Type.Object({
    object: Type.Literal('published-content-site'),
    site: Site,
    structure: SiteStructure,
    customizations: Type.Object({ site: SiteCustomizationSettings }),
  }),
);
export type PublishedContentSite = Static<typeof PublishedContentSite>;

// Share links

export const ShareLinkName = DisplayText({ maxLength: 50 });

/** A secret link giving access to a `share-link` site. */
export const ShareLink = named(
  'ShareLink',
  Type.Object({
    object: Type.Literal('share-link'),
    id: Type.String(),
    createdAt: DateTime,
    name: Type.Optional(ShareLinkName),
    active: Type.Optional(Type.Boolean()),
    urls: Type.Optional(Type.Object({ published: Type.Optional(Type.String()) })),
  }),
);
export type ShareLink = Static<typeof ShareLink>;

export const CreateShareLink = Type.Object({ name: ShareLinkName }, { additionalProperties: false });
export const UpdateShareLink = Type.Object(
  { active: Type.Optional(Type.Boolean()), name: Type.Optional(ShareLinkName) },
  { additionalProperties: false, minProperties: 1 },
);

/** Resolves the published URLs of `share-link` content. */
export const ShareKey = Type.String({
  minLength: 1,
  maxLength: 512,
  description: 'Secret key of a share link.',
});
