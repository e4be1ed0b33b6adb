/** Collections and spaces: the content tree of an organization. */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, DisplayText, named, Nullable, RoleOrGuest, StringEnum, User } from '../common.ts';
import { MergeRulesSpaceConfiguration } from './mergeRules.ts';

/** `defaultLevel`: a role, `null` (no access by default) or `inherit` (from the parent collection). */
export const DefaultLevel = named('DefaultLevel', Type.Union([RoleOrGuest, Type.Literal('inherit')]));

export const CollectionTitle = DisplayText({ maxLength: 50 });
export const CollectionDescription = DisplayText({ maxLength: 100 });

export const Collection = named(
  'Collection',
  Type.Object({
    object: Type.Literal('collection'),
    id: Type.String(),
    title: Type.String(),
    description: Type.Optional(Type.String()),
    organization: Type.String(),
    parent: Type.Optional(Type.String()),
    defaultLevel: DefaultLevel,
    urls: Type.Object({ location: Type.String(), app: Type.String() }),
    permissions: Type.Object({
      view: Type.Boolean(),
      admin: Type.Boolean(),
      viewInviteLinks: Type.Boolean(),
      create: Type.Boolean(),
    }),
  }),
);
export type Collection = Static<typeof Collection>;

export const SPACE_VISIBILITIES = [
  'public',
  'unlisted',
  'share-link',
  'visitor-auth',
  'in-collection',
  'private',
] as const;
export const SpaceVisibility = named('ContentVisibility', StringEnum(SPACE_VISIBILITIES));
export const SpaceEditMode = named('SpaceEditMode', StringEnum(['live', 'locked'] as const));
export const SpaceTitle = DisplayText({ maxLength: 50 });
export const Emoji = DisplayText({
  maxLength: 50,
  description: 'An emoji, as a character or a code point string.',
});

export const Space = named(
  'Space',
  Type.Object({
    object: Type.Literal('space'),
    id: Type.String(),
    title: Type.String(),
    emoji: Type.String(),
    visibility: SpaceVisibility,
    createdAt: DateTime,
    updatedAt: DateTime,
    deletedAt: Type.Optional(DateTime),
    // Extension (not in GitBook's schema): who sent the space to the trash, while it is there.
    deletedBy: Type.Optional(User),
    editMode: Type.Optional(SpaceEditMode),
    organization: Type.String(),
    parent: Type.Optional(Type.String()),
    gitSync: Type.Optional(
      Type.Object({
        repoName: Type.Optional(Type.String()),
        installationProvider: Type.Optional(StringEnum(['github', 'gitlab', 'github-legacy'] as const)),
        integration: Type.Optional(Type.String()),
        url: Type.Optional(Type.String()),
        updatedAt: Type.Optional(DateTime),
      }),
    ),
    visitorAuth: Type.Optional(
      Type.Union([
        Type.Object({ backend: Type.Literal('custom') }),
        Type.Object({ backend: Type.Literal('integration'), integration: Type.String() }),
      ]),
    ),
    revision: Type.String(),
    defaultLevel: DefaultLevel,
    comments: Type.Number(),
    changeRequests: Type.Number(),
    changeRequestsOpen: Type.Number(),
    changeRequestsDraft: Type.Number(),
    mergeRules: MergeRulesSpaceConfiguration,
    urls: Type.Object({
      location: Type.String(),
      app: Type.String(),
      published: Type.Optional(Type.String()),
      public: Type.Optional(Type.String()),
      icon: Type.Optional(Type.String()),
    }),
    permissions: Type.Object({
      view: Type.Boolean(),
      access: Type.Boolean(),
      admin: Type.Boolean(),
      viewInviteLinks: Type.Boolean(),
      edit: Type.Boolean(),
      triggerGitSync: Type.Boolean(),
      comment: Type.Boolean(),
      merge: Type.Boolean(),
      review: Type.Boolean(),
    }),
  }),
);
export type Space = Static<typeof Space>;

/** An identifier sent in a request body. */
export const BodyId = Type.String({ minLength: 1, maxLength: 256 });

/** Languages a space can be written in (GitBook's `TranslationLanguage`). */
export const TRANSLATION_LANGUAGES = [
  'en',
  'fr',
  'de',
  'es',
  'it',
  'pt',
  'pt-br',
  'ru',
  'ja',
  'zh',
  'zh-tw',
  'yue',
  'ko',
  'ar',
  'hi',
  'nl',
  'pl',
  'tr',
  'sv',
  'no',
  'da',
  'fi',
  'el',
  'cs',
  'hu',
  'ro',
  'th',
  'vi',
  'id',
  'ms',
  'he',
  'uk',
  'sk',
  'bg',
  'hr',
  'lt',
  'lv',
  'et',
  'sl',
] as const;
export type TranslationLanguageCode = (typeof TRANSLATION_LANGUAGES)[number];
/** A language code: of a space's content, or a translation target. */
export const TranslationLanguage = named('TranslationLanguage', StringEnum(TRANSLATION_LANGUAGES));

/** Points at a sibling space in a move. */
export const SpacePointer = named(
  'SpacePointer',
  Type.Object({ type: Type.Literal('space'), space: BodyId }, { additionalProperties: false }),
);
/** Points at a sibling collection in a move. */
export const CollectionPointer = named(
  'CollectionPointer',
  Type.Object({ type: Type.Literal('collection'), collection: BodyId }, { additionalProperties: false }),
);
/** Where to put a moved space or collection among its siblings; the end when absent. */
export const ContentPosition = named(
  'ContentPosition',
  Type.Object(
    {
      before: Type.Optional(Type.Union([SpacePointer, CollectionPointer])),
      after: Type.Optional(Type.Union([SpacePointer, CollectionPointer])),
    },
    { additionalProperties: false },
  ),
);

/** Body of the collection and space moves: a new parent collection (`null`: top level) and/or a position. */
export const MoveContent = Type.Object(
  {
    parent: Type.Optional(Nullable(BodyId)),
    position: Type.Optional(ContentPosition),
  },
  { additionalProperties: false, minProperties: 1 },
);

/** Body of the collection and space transfers. */
export const TransferContent = Type.Object(
  {
    organization: Type.String({
      minLength: 1,
      maxLength: 256,
      description: 'Id of the target organization.',
    }),
  },
  { additionalProperties: false },
);

export const CreateCollection = Type.Object(
  {
    title: Type.Optional(CollectionTitle),
    parent: Type.Optional(BodyId),
  },
  { additionalProperties: false },
);

export const UpdateCollection = Type.Object(
  {
    title: Type.Optional(CollectionTitle),
    description: Type.Optional(CollectionDescription),
    defaultLevel: Type.Optional(DefaultLevel),
  },
  { additionalProperties: false },
);

export const UpdateSpace = Type.Object(
  {
    editMode: Type.Optional(SpaceEditMode),
    title: Type.Optional(SpaceTitle),
    defaultLevel: Type.Optional(DefaultLevel),
    emoji: Type.Optional(Emoji),
    mergeRules: Type.Optional(MergeRulesSpaceConfiguration),
  },
  { additionalProperties: false },
);

/** Body of space creation (GitBook's `CreateSpace`, without templates). */
export const CreateSpace = Type.Object(
  {
    title: Type.Optional(SpaceTitle),
    emoji: Type.Optional(Emoji),
    parent: Type.Optional(BodyId),
    language: Type.Optional(TranslationLanguage),
    editMode: Type.Optional(SpaceEditMode),
  },
  { additionalProperties: false },
);
