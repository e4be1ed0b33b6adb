/**
 * The organization file: an organization's configuration as a file an administrator reads, edits and applies
 * (issue 19). It reads by names (emails, team titles, collection titles); the ids of what exists are kept beside
 * them as references, so that renaming a team in the file renames it rather than replacing it. Version 1 holds the
 * members and their roles, the teams with their members and team roles, and the collection tree with titles,
 * descriptions and default levels.
 *
 * Its JSON Schema is this TypeBox schema, published as `org-file.schema.json` beside it (a test keeps the two
 * equal). Its limits are the contract's (titles, roles), so a file that validates asks nothing the API refuses.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { RoleOrGuest, TeamRoleSchema } from '../contract/common.ts';
import { CollectionDescription, CollectionTitle, DefaultLevel } from '../contract/resources/content.ts';
import { TeamTitle } from '../contract/resources/members.ts';

export const ORG_FILE_VERSION = 1;

/** A reference to what exists: an id of the API, kept by export and never needed to write a new item. */
const Ref = (what: string) =>
  Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 256,
      description: `The ${what}'s id in the API, as exported: it makes a rename a rename. Leave it out for a new one.`,
    }),
  );

const Email = Type.String({ minLength: 3, maxLength: 256, pattern: '^[^@\\s]+@[^@\\s]+$' });

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
        collections: Type.Optional(Type.Array(Self, { maxItems: 10_000 })),
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
  collections?: OrgFileCollection[];
}

export const OrgFile = Type.Object(
  {
    version: Type.Literal(ORG_FILE_VERSION),
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
