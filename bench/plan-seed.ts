/**
 * The `plan` bench's organization, in memory (no server): a live snapshot of `members` people, `teams` teams of
 * about 20 members, `spaces` spaces in `collections` collections (a tenth at the top level, the rest one level
 * down), grants on a share of them, custom fields and translation settings; and the edits of a busy week.
 */
import type { Role, TeamRole } from '../shared/contract/constants.ts';
import type { OrgFile, OrgFileCollection } from '../shared/orgfile/schema.ts';
import type { LiveGrant, OrgSnapshot } from '../shared/orgfile/snapshot.ts';

export interface PlanSeedSize {
  members: number;
  teams: number;
  collections: number;
  spaces: number;
}

const ROLES: (Role | null)[] = ['read', 'read', 'read', 'comment', 'edit', 'edit', 'review', 'create', null];
const pad = (n: number) => String(n).padStart(5, '0');

/** A deterministic live organization of that size. */
export function planSnapshot(size: PlanSeedSize): OrgSnapshot {
  const members = Array.from({ length: size.members }, (_, i) => ({
    id: `u${pad(i)}`,
    email: `person${pad(i)}@acme.test`,
    name: `Person ${i}`,
    role: i < 20 ? ('admin' as const) : ROLES[i % ROLES.length]!,
  }));
  const teams = Array.from({ length: size.teams }, (_, t) => ({
    id: `t${pad(t)}`,
    title: `Team ${t}`,
    members: Array.from({ length: 20 }, (_, k) => ({
      userId: `u${pad((t * 20 + k * 7) % size.members)}`,
      role: (k === 0 ? 'owner' : 'member') as TeamRole,
    })).filter((m, k, list) => list.findIndex((other) => other.userId === m.userId) === k),
  }));
  const top = Math.max(1, Math.round(size.collections / 10));
  const collections = Array.from({ length: size.collections }, (_, c) => ({
    id: `c${pad(c)}`,
    title: `Collection ${c}`,
    description: c % 3 === 0 ? `What collection ${c} holds` : undefined,
    parent: c < top ? undefined : `c${pad(c % top)}`,
    defaultLevel: c % 4 === 0 ? ('read' as const) : ('inherit' as const),
  }));
  const spaces = Array.from({ length: size.spaces }, (_, s) => ({
    id: `s${pad(s)}`,
    title: `Space ${s}`,
    emoji: s % 5 === 0 ? '1f4d8' : '',
    // One in twenty at the top level, the rest spread over the collections.
    parent: s % 20 === 0 ? undefined : `c${pad(s % size.collections)}`,
    defaultLevel: s % 7 === 0 ? null : ('inherit' as const),
  }));
  const grants: LiveGrant[] = [];
  for (const [c, collection] of collections.entries())
    grants.push({
      target: { type: 'collection', id: collection.id },
      team: `t${pad(c % size.teams)}`,
      role: 'edit',
    });
  for (const [s, space] of spaces.entries())
    if (s % 4 === 0)
      grants.push({
        target: { type: 'space', id: space.id },
        user: `u${pad((s * 13) % size.members)}`,
        role: 'review',
      });
  return {
    organization: { id: 'org', title: 'Acme' },
    members,
    teams,
    collections,
    spaces,
    grants,
    customFields: [
      { name: 'owner', type: 'text', title: 'Owner', description: '', placeholder: '', options: undefined },
      {
        name: 'tier',
        type: 'select:single',
        title: 'Tier',
        description: '',
        placeholder: '',
        options: ['a', 'b'],
      },
    ],
    translations: [{ id: 'tr1', title: 'Europe', languages: ['fr', 'de'] }],
    saml: [],
    invites: { inviteLinks: true, defaultRole: 'read', emailDomains: ['acme.test'] },
  };
}

/**
 * A week's edits of the exported file: 200 people invited and 50 removed, 100 roles changed, 10 teams renamed, 300
 * team moves, 5 new collections holding 20 new spaces, 50 spaces moved and 20 renamed, 10 deleted, 50 grants
 * changed, a custom field added. Answers how many edits it made.
 */
export function editPlanFile(file: OrgFile): number {
  let edits = 0;
  // Every item's `access`, to keep grants in step with renamed teams and removed people.
  const accesses: NonNullable<OrgFileCollection['access']>[] = [];
  const visit = (list: readonly OrgFileCollection[]) => {
    for (const collection of list) {
      if (collection.access !== undefined) accesses.push(collection.access);
      for (const space of collection.spaces ?? [])
        if (space.access !== undefined) accesses.push(space.access);
      visit(collection.collections ?? []);
    }
  };
  visit(file.collections);
  for (const space of file.spaces ?? []) if (space.access !== undefined) accesses.push(space.access);
  for (let i = 0; i < 200; i++, edits++) file.members.push({ email: `new${pad(i)}@acme.test`, role: 'read' });
  const removed = new Set(file.members.slice(-260, -210).map((member) => member.email));
  file.members = file.members.filter((member) => !removed.has(member.email));
  for (const team of file.teams) team.members = team.members.filter((member) => !removed.has(member.email));
  for (const access of accesses) access.users = access.users?.filter((user) => !removed.has(user.email));
  edits += removed.size;
  for (let i = 0; i < 100; i++, edits++) file.members[100 + i * 50]!.role = 'edit';
  for (let t = 0; t < 10; t++, edits++) {
    const team = file.teams[t * 40]!;
    const title = `Renamed team ${t}`;
    for (const access of accesses)
      for (const grant of access.teams ?? []) if (grant.title === team.title) grant.title = title;
    team.title = title;
  }
  for (let i = 0; i < 300; i++, edits++) {
    const from = file.teams[i % file.teams.length]!;
    const to = file.teams[(i * 7 + 3) % file.teams.length]!;
    const moved = from.members.pop();
    if (moved !== undefined && !to.members.some((member) => member.email === moved.email))
      to.members.push({ email: moved.email, role: 'member' });
  }
  for (let c = 0; c < 5; c++, edits++)
    file.collections.push({
      title: `New collection ${c}`,
      defaultLevel: 'inherit',
      spaces: Array.from({ length: 4 }, (_, s) => ({
        title: `New space ${c}.${s}`,
        defaultLevel: 'inherit',
      })),
    });
  const top = file.spaces!;
  for (let i = 0; i < 50; i++, edits++) {
    const holder = file.collections[i % 20]!.collections?.[0];
    const space = holder?.spaces?.shift();
    if (space !== undefined) top.push(space);
  }
  for (let i = 0; i < 20; i++, edits++) top[i]!.title = `Renamed space ${i}`;
  top.splice(20, 10);
  edits += 10;
  let changed = 0;
  for (const collection of file.collections)
    for (const child of collection.collections ?? [])
      for (const space of child.spaces ?? [])
        if (changed < 50 && space.access?.users?.[0] !== undefined) {
          space.access.users[0].role = 'edit';
          changed++;
        }
  edits += changed;
  file.customFields = [...(file.customFields ?? []), { name: 'region', type: 'text', title: 'Region' }];
  return edits + 1;
}
