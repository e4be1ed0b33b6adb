/** The link report of a space: where its content links to, and whether each target still exists. */
import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { List, named, StringEnum, User } from '../common.ts';
import { Collection, Space } from './content.ts';
import { Organization } from './organizations.ts';

export const CONTENT_REFERENCE_STATUSES = ['ok', 'broken', 'in-app'] as const;
/** `ok`: no problem; `broken`: the target is missing in the revision; `in-app`: a URL to an internal app location. */
export const ContentReferenceStatus = named('ContentReferenceStatus', StringEnum(CONTENT_REFERENCE_STATUSES));

/** `reference`: the content soft-references the target; `dependsOn`: the content depends on it. */
export const ContentReferenceRelation = named(
  'ContentReferenceRelation',
  StringEnum(['reference', 'dependsOn'] as const),
);

export const CONTENT_LOCATION_KINDS = [
  'file',
  'url',
  'page',
  'user',
  'collection',
  'space',
  'reusable-content',
  'openapi',
] as const;

/** Objects whose full shape belongs to other resources (revision content, change requests, OpenAPI specs): passed through as they are. */
const Embedded = <T extends TProperties>(fields: T) =>
  Type.Object({ id: Type.String(), ...fields }, { additionalProperties: true });

/** Which revision or change request a location is read in. */
export const ContentLocationVersionContext = Type.Union([
  Type.Object({ type: Type.Literal('revision'), revision: Embedded({}) }),
  Type.Object({ type: Type.Literal('changeRequest'), changeRequest: Embedded({}) }),
]);

/** An absolute reference to content; which keys are present depends on `kind`. */
export const ContentLocation = named(
  'ContentLocation',
  Type.Object({
    kind: StringEnum(CONTENT_LOCATION_KINDS),
    organization: Type.Optional(Organization),
    space: Type.Optional(Space),
    collection: Type.Optional(Collection),
    user: Type.Optional(User),
    url: Type.Optional(Type.String()),
    versionContext: Type.Optional(ContentLocationVersionContext),
    file: Type.Optional(Embedded({ name: Type.String() })),
    page: Type.Optional(Embedded({ title: Type.String() })),
    reusableContent: Type.Optional(Embedded({ title: Type.String() })),
    openAPISpec: Type.Optional(Embedded({ slug: Type.String() })),
    internalLocation: Type.Optional(
      Type.Union([
        Type.Object({ type: Type.Literal('anchor'), anchor: Type.String() }),
        Type.Object({ type: Type.Literal('node'), node: Type.String() }),
      ]),
    ),
  }),
);
export type ContentLocation = Static<typeof ContentLocation>;

/** One link target and the places that point at it. */
export const ContentReferenceUsage = named(
  'ContentReferenceUsage',
  Type.Object({
    status: ContentReferenceStatus,
    relation: ContentReferenceRelation,
    targetReference: Type.Optional(ContentLocation),
    locationReferences: Type.Array(ContentLocation),
  }),
);
export type ContentReferenceUsage = Static<typeof ContentReferenceUsage>;

export const ContentReferencesStats = named(
  'ContentReferencesStats',
  Type.Object({
    total: Type.Number({ description: 'Number of links.' }),
    broken: Type.Object({
      total: Type.Number({ description: 'Number of broken links.' }),
      changeRequest: Type.Optional(
        Type.Number({ description: 'Broken links introduced by the current change request, if any.' }),
      ),
    }),
  }),
);

/** The link report list: the list envelope plus `stats`. */
export const LinkReport = Type.Object({
  ...List(ContentReferenceUsage).properties,
  stats: ContentReferencesStats,
});
export type LinkReport = Static<typeof LinkReport>;
