/**
 * The directory mapping: which groups feed which teams (with a team role), which groups give which organization
 * role, the role of everyone else, and what becomes of members the directory does not list (or lists as
 * suspended). A small typed object, stored and edited as YAML (fixtures/mapping.yaml is an example).
 *
 * A group is named as its provider exports it: Okta and Entra ID by name, Google Workspace by group email. A name
 * starting with `/` is a Google Workspace org unit, and takes the units below it. Groups compare without case.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { load } from 'js-yaml';
import { ROLES, type Role } from '../../contract/constants.ts';
import { RoleOrGuest, StringEnum, TeamRoleSchema } from '../../contract/common.ts';
import { TeamTitle } from '../../contract/resources/members.ts';
import type { DirectoryPerson } from './read.ts';

export const MAPPING_VERSION = 1;

const Groups = Type.Array(Type.String({ minLength: 1, maxLength: 256 }), {
  minItems: 1,
  maxItems: 100,
  description: 'Group names (Okta, Entra ID), group emails (Google Workspace) or org unit paths (`/Sales`).',
});

export const DirectoryMapping = Type.Object(
  {
    version: Type.Literal(MAPPING_VERSION),
    teams: Type.Array(
      Type.Object(
        {
          team: { ...TeamTitle, description: 'The team, by title: created if it does not exist.' },
          groups: Groups,
          role: {
            ...TeamRoleSchema,
            description: 'The team role these groups give (owner wins over member).',
          },
        },
        { additionalProperties: false },
      ),
      {
        maxItems: 1000,
        description:
          'A team named here is managed: its members become the people of its groups. Other teams are left alone.',
      },
    ),
    roles: Type.Array(
      Type.Object(
        {
          groups: Groups,
          role: { ...RoleOrGuest, description: 'The organization role these groups give; null for a guest.' },
        },
        { additionalProperties: false },
      ),
      { maxItems: 1000, description: 'A person in several of these groups takes the highest role.' },
    ),
    defaultRole: { ...RoleOrGuest, description: 'The role of a person whom no group of `roles` names.' },
    absent: StringEnum(['remove', 'leave', 'guest'], {
      description:
        'Members the directory does not list, or lists as suspended or disabled: removed from the organization, ' +
        'left as they are, or made guests (and taken out of the managed teams).',
    }),
  },
  { additionalProperties: false, title: 'Docs Admin directory mapping' },
);
export type DirectoryMapping = Static<typeof DirectoryMapping>;

/** A mapping that invites everyone as a reader and removes no one: the screen's starting point. */
export const DEFAULT_MAPPING: DirectoryMapping = {
  version: MAPPING_VERSION,
  teams: [],
  roles: [],
  defaultRole: 'read',
  absent: 'leave',
};

/** Whether a person is in a group (or in an org unit, or a unit below it). */
export function inGroup(person: DirectoryPerson, group: string): boolean {
  const wanted = group.trim().toLowerCase();
  if (wanted.startsWith('/') && person.orgUnit !== undefined) {
    const unit = person.orgUnit.toLowerCase();
    if (wanted === '/' || unit === wanted || unit.startsWith(`${wanted.replace(/\/$/, '')}/`)) return true;
  }
  return person.groups.some((name) => name.trim().toLowerCase() === wanted);
}

/** Higher first: admin … read, then guest. */
export const roleRank = (role: Role | null) => (role === null ? ROLES.length : ROLES.indexOf(role));

/** The organization role a mapping gives a person: the highest of their groups', else the default. */
export function mappedRole(mapping: DirectoryMapping, person: DirectoryPerson): Role | null {
  let best: { role: Role | null } | undefined;
  for (const entry of mapping.roles)
    if (entry.groups.some((group) => inGroup(person, group)))
      if (best === undefined || roleRank(entry.role) < roleRank(best.role)) best = { role: entry.role };
  return best === undefined ? mapping.defaultRole : best.role;
}

/** `/roles/1/groups/0` as `roles[1].groups[0]`. */
const pathOf = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((part, index) => (/^\d+$/.test(part) ? `[${part}]` : `${index === 0 ? '' : '.'}${part}`))
    .join('') || 'the mapping';

/** The mapping of a YAML (or JSON) text, or its problems, each naming where it is. */
export function parseMapping(
  text: string,
): { ok: true; mapping: DirectoryMapping } | { ok: false; problems: string[] } {
  let value: unknown;
  try {
    value = load(text, { maxAliases: 100, maxDepth: 100 });
  } catch (error) {
    return {
      ok: false,
      problems: [`the mapping is not YAML: ${error instanceof Error ? error.message : String(error)}`],
    };
  }
  const problems = [...Value.Errors(DirectoryMapping, value)]
    .slice(0, 50)
    .map((error) => `${pathOf(error.path)}: ${error.message}`);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, mapping: value as DirectoryMapping };
}
