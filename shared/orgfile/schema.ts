/**
 * The organization file: an organization's configuration as a file an administrator reads, edits and applies
 * (issue 19). It reads by names (emails, team titles, collection titles); the ids of what exists are kept beside
 * them as references, so that renaming a team in the file renames it rather than replacing it. Version 1 holds the
 * members and their roles, the teams with their members and team roles, and the collection tree with titles,
 * descriptions and default levels. Version 2 adds the spaces in that tree, who was given access to each collection,
 * space and site, the sites with their sections, groups, variants and share links, and the organization's custom
 * fields, translation settings, SAML providers (without certificates) and invite settings. A section the file leaves
 * out (`sites`, `customFields`...) is left as it is; one it holds, even empty, is applied.
 *
 * Its JSON Schema is this TypeBox schema, published as `org-file.schema.json` beside it (a test keeps the two
 * equal). Its limits are the contract's (titles, roles), so a file that validates asks nothing the API refuses.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { RoleOrGuest, RoleSchema, TeamRoleSchema } from '../contract/common.ts';
import {
  CollectionDescription,
  CollectionTitle,
  DefaultLevel,
  Emoji,
  SpaceTitle,
} from '../contract/resources/content.ts';
import { TeamTitle } from '../contract/resources/members.ts';
import { OrgFileSettings } from './schema-settings.ts';
import { OrgFileSite } from './schema-sites.ts';
import { Email, Ref, access } from './schema-common.ts';

/**
 * Version 2 adds spaces, grants (`access`), sites and the organization's settings. A version 1 file is still read:
 * it says nothing of grants, so a plan of it leaves them as they are (and the sections it lacks too).
 */
export const ORG_FILE_VERSION = 2;

/** Who was given a role on a collection or a space, beside its default level. */
export const ContentAccess = access(RoleSchema);
export type ContentAccess = Static<typeof ContentAccess>;

export const OrgFileSpace = Type.Object(
  {
    title: SpaceTitle,
    id: Ref('space'),
    emoji: Type.Optional(Emoji),
    defaultLevel: DefaultLevel,
    access: Type.Optional(ContentAccess),
  },
  { additionalProperties: false },
);
export type OrgFileSpace = Static<typeof OrgFileSpace>;

export const OrgFileMember = Type.Object(
  {
    email: { ...Email, description: 'The member, by email address.' },
    name: Type.Optional(
      Type.String({ maxLength: 256, description: 'Their display name: for reading, not applied.' }),
    ),
    role: { ...RoleOrGuest, description: 'Their role in the organization; null for a guest.' },
    id: Ref('user'),
  },
  { additionalProperties: false },
);
export type OrgFileMember = Static<typeof OrgFileMember>;

export const OrgFileTeamMember = Type.Object(
  {
    email: { ...Email, description: 'A member of the organization, by email address.' },
    role: TeamRoleSchema,
  },
  { additionalProperties: false },
);
export type OrgFileTeamMember = Static<typeof OrgFileTeamMember>;

export const OrgFileTeam = Type.Object(
  {
    title: TeamTitle,
    id: Ref('team'),
    members: Type.Array(OrgFileTeamMember, { maxItems: 100_000 }),
  },
  { additionalProperties: false },
);
export type OrgFileTeam = Static<typeof OrgFileTeam>;

export const OrgFileCollection = Type.Recursive(
  (Self: TSchema) =>
    Type.Object(
      {
        title: CollectionTitle,
        id: Ref('collection'),
        description: Type.Optional(CollectionDescription),
        defaultLevel: DefaultLevel,
        access: Type.Optional(ContentAccess),
        collections: Type.Optional(Type.Array(Self, { maxItems: 10_000 })),
        spaces: Type.Optional(Type.Array(OrgFileSpace, { maxItems: 100_000 })),
      },
      { additionalProperties: false },
    ),
  { $id: 'OrgFileCollection' },
);
/** A collection and the collections inside it. */
export interface OrgFileCollection {
  title: string;
  id?: string;
  description?: string;
  defaultLevel: Static<typeof DefaultLevel>;
  access?: ContentAccess;
  collections?: OrgFileCollection[];
  spaces?: OrgFileSpace[];
}

export const OrgFile = Type.Object(
  {
    version: Type.Union([Type.Literal(1), Type.Literal(ORG_FILE_VERSION)]),
    organization: Type.Object(
      {
        title: Type.String({ maxLength: 256, description: 'For reading: not applied.' }),
        id: Ref('organization'),
      },
      { additionalProperties: false },
    ),
    members: Type.Array(OrgFileMember, { maxItems: 100_000 }),
    teams: Type.Array(OrgFileTeam, { maxItems: 10_000 }),
    collections: Type.Array(OrgFileCollection, { maxItems: 10_000 }),
    spaces: Type.Optional(
      Type.Array(OrgFileSpace, {
        maxItems: 100_000,
        description:
          'The spaces outside any collection. Without this key the file leaves every space as it is (those in collections too).',
      }),
    ),
    sites: Type.Optional(
      Type.Array(OrgFileSite, {
        maxItems: 10_000,
        description:
          'Sites, with their structure and share links. Without this key the file leaves sites as they are.',
      }),
    ),
    ...OrgFileSettings,
  },
  {
    $id: 'https://docs-admin.local/schemas/org-file.schema.json',
    title: 'Docs Admin organization file',
    additionalProperties: false,
  },
);
/** An organization file (`collections` typed by hand: TypeBox's recursive type is opaque). */
export type OrgFile = Omit<Static<typeof OrgFile>, 'collections'> & { collections: OrgFileCollection[] };

/** The published JSON Schema's text (TypeBox schemas are JSON Schema; their symbols are not written). */
export function orgFileSchemaJson(): string {
  return `${JSON.stringify(OrgFile, null, 2)}\n`;
}
