/**
 * Demo data for the local sandbox: a realistic organization (users in every role including a guest, teams with
 * owners, invite links) and a second, smaller organization that the demo admin also administers. Later issues
 * add their areas' data here. Deterministic: the same names, roles and dates on every machine.
 */
import type { Role, TeamRole } from '../../shared/contract/index.ts';
import { newId } from '../ids.ts';
import type { Database } from '../storage/database.ts';
import { addMember, createOrganization, ensureUser, issueToken } from '../domain/organizations/commands.ts';
import { createCollectionRecord } from '../domain/collections/records.ts';
import { recordEvent } from '../domain/events.ts';
import { recordEmailInviteSync } from '../domain/invites/commands.ts';
import { createSpaceRecord } from '../domain/spaces/records.ts';
import { indexQueuedSpacesNow } from '../domain/search/index.ts';
import { DEMO_CONTENT, demoPages, type DemoItem } from './demo-content.ts';
import { seedDemoSites } from './demo-sites.ts';
import { seedDemoChangeRequests } from './demo-change-requests.ts';
import { seedDemoAdmin } from './demo-admin.ts';
import { seedDemoOpenApi } from './demo-openapi.ts';
import { demoImages } from './demo-images.ts';

export interface DemoToken {
  email: string;
  /** The user's role in the demo organization; `null` for the guest. */
  role: Role | null;
  token: string;
}

interface DemoPerson {
  name: string;
  role: Role | null;
}

/** The people of the demo organization, the first being its owner. Every role appears, and one guest. */
const PEOPLE: DemoPerson[] = [
  { name: 'Ada Lovelace', role: 'admin' },
  { name: 'Grace Hopper', role: 'admin' },
  { name: 'Linus Pauling', role: 'create' },
  { name: 'Margaret Hamilton', role: 'review' },
  { name: 'Alan Turing', role: 'edit' },
  { name: 'Barbara Liskov', role: 'comment' },
  { name: 'Dennis Ritchie', role: 'read' },
  { name: 'Ken Thompson', role: null },
  { name: 'Katherine Johnson', role: 'create' },
  { name: 'Edsger Dijkstra', role: 'review' },
  { name: 'Frances Allen', role: 'edit' },
  { name: 'John McCarthy', role: 'edit' },
  { name: 'Radia Perlman', role: 'edit' },
  { name: 'Donald Knuth', role: 'review' },
  { name: 'Hedy Lamarr', role: 'comment' },
  { name: 'Tim Berners-Lee', role: 'read' },
  { name: 'Shafi Goldwasser', role: 'read' },
  { name: 'Leslie Lamport', role: 'edit' },
  { name: 'Sophie Wilson', role: 'create' },
  { name: 'Niklaus Wirth', role: 'read' },
  { name: 'Annie Easley', role: 'comment' },
  { name: 'Vint Cerf', role: 'read' },
  { name: 'Jean Bartik', role: 'edit' },
  { name: 'Ivan Sutherland', role: 'read' },
  { name: 'Evelyn Berezin', role: 'review' },
  { name: 'Bjarne Stroustrup', role: 'read' },
  { name: 'Mary Kenneth Keller', role: 'comment' },
  { name: 'Guido van Rossum', role: 'edit' },
  { name: 'Adele Goldberg', role: 'create' },
  { name: 'Ward Cunningham', role: 'read' },
  { name: 'Carol Shaw', role: null },
  { name: 'Whitfield Diffie', role: 'read' },
];

const TEAMS: { title: string; members: Record<string, TeamRole> }[] = [
  {
    title: 'Engineering',
    members: {
      'Grace Hopper': 'owner',
      'Alan Turing': 'member',
      'Linus Pauling': 'member',
      'Leslie Lamport': 'member',
      'Guido van Rossum': 'member',
      'John McCarthy': 'member',
    },
  },
  {
    title: 'Design',
    members: {
      'Margaret Hamilton': 'owner',
      'Sophie Wilson': 'member',
      'Adele Goldberg': 'member',
      'Ivan Sutherland': 'member',
    },
  },
  {
    title: 'Docs Writers',
    members: {
      'Alan Turing': 'owner',
      'Barbara Liskov': 'member',
      'Frances Allen': 'member',
      'Jean Bartik': 'member',
      'Katherine Johnson': 'member',
    },
  },
  {
    title: 'Support',
    members: {
      'Dennis Ritchie': 'member',
      'Hedy Lamarr': 'owner',
      'Annie Easley': 'member',
      'Tim Berners-Lee': 'member',
    },
  },
  {
    title: 'Security',
    members: { 'Radia Perlman': 'owner', 'Whitfield Diffie': 'member', 'Shafi Goldwasser': 'member' },
  },
  {
    title: 'Leadership',
    members: { 'Ada Lovelace': 'owner', 'Grace Hopper': 'member', 'Edsger Dijkstra': 'member' },
  },
];

const DOMAIN = 'acme.test';
const DAY = 86_400_000;

function emailOf(name: string): string {
  return `${name
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '')}@${DOMAIN}`;
}

/** Seeds the demo on an empty database and answers the tokens of the first organization's users; `undefined` if the database has data. */
export function seedDemo(db: Database, now: Date): { tokens: DemoToken[] } | undefined {
  if (db.first(db.q.selectFrom('organizations').select('id').limit(1))) return undefined;
  return db.transaction(() => {
    const ids = new Map<string, string>();
    for (const person of PEOPLE)
      ids.set(person.name, ensureUser(db, now, emailOf(person.name), person.name).id);
    const idOf = (name: string) => ids.get(name) as string;
    const created = new Date(now.getTime() - 400 * DAY);
    const org = createOrganization(db, created, {
      title: 'Acme Docs',
      ownerId: idOf('Ada Lovelace'),
      emailDomains: [DOMAIN],
      hostname: 'acme-docs',
      defaultRole: 'read',
    });
    PEOPLE.forEach((person, index) => {
      if (index === 0) return;
      const joined = new Date(created.getTime() + index * 9 * DAY);
      addMember(db, joined, org.id, idOf(person.name), person.role);
    });
    // Most members have been seen recently, a few never: those were invited by email and have not come yet.
    PEOPLE.forEach((person, index) => {
      if (index % 7 === 6) {
        const invitedAt = new Date(created.getTime() + index * 9 * DAY);
        const invite = { organizationId: org.id, userId: idOf(person.name), role: person.role };
        recordEmailInviteSync(db, invitedAt, { ...invite, invitedBy: idOf('Ada Lovelace') });
        return;
      }
      db.run(
        db.q
          .updateTable('members')
          .set({
            last_seen_at: new Date(
              now.getTime() - ((index * 37) % 90) * DAY - index * 3_600_000,
            ).toISOString(),
          })
          .where('organization_id', '=', org.id)
          .where('user_id', '=', idOf(person.name)),
      );
    });
    db.run(
      db.q
        .updateTable('members')
        .set({ sso: 1 })
        .where('organization_id', '=', org.id)
        .where('user_id', 'in', [idOf('Radia Perlman'), idOf('Whitfield Diffie')]),
    );

    TEAMS.forEach((team, index) => {
      const teamId = newId();
      const at = new Date(created.getTime() + (20 + index * 11) * DAY).toISOString();
      db.run(
        db.q
          .insertInto('teams')
          .values({ id: teamId, organization_id: org.id, title: team.title, created_at: at }),
      );
      for (const [name, role] of Object.entries(team.members)) {
        db.run(
          db.q
            .insertInto('team_members')
            .values({ team_id: teamId, user_id: idOf(name), organization_id: org.id, role, added_at: at }),
        );
      }
    });

    for (const [index, role] of (['read', 'edit', 'comment'] as const).entries()) {
      db.run(
        db.q.insertInto('invites').values({
          id: newId(),
          organization_id: org.id,
          role,
          created_by: idOf('Ada Lovelace'),
          created_at: new Date(now.getTime() - (30 - index) * DAY).toISOString(),
        }),
      );
    }

    seedContent(db, now, org.id, created, idOf);
    seedDemoChangeRequests(db, now, org.id, idOf);
    seedDemoSites(db, now, org.id, idOf('Ada Lovelace'));
    seedDemoAdmin(db, now, org.id);
    seedDemoOpenApi(db, now, org.id);

    // A second, smaller organization the demo admin also administers (for transfers and the switcher).
    const labs = createOrganization(db, new Date(created.getTime() + 100 * DAY), {
      title: 'Acme Labs',
      ownerId: idOf('Ada Lovelace'),
      emailDomains: [],
      hostname: 'acme-labs',
      defaultRole: 'edit',
    });
    const labsPeople: [string, Role | null][] = [
      ['Grace Hopper', 'edit'],
      ['Linus Pauling', 'admin'],
      ['Ivan Sutherland', 'read'],
    ];
    for (const [name, role] of labsPeople)
      addMember(db, new Date(created.getTime() + 120 * DAY), labs.id, idOf(name), role);
    const labsTeam = newId();
    db.run(
      db.q.insertInto('teams').values({
        id: labsTeam,
        organization_id: labs.id,
        title: 'Prototypes',
        created_at: now.toISOString(),
      }),
    );
    db.run(
      db.q.insertInto('team_members').values({
        team_id: labsTeam,
        user_id: idOf('Linus Pauling'),
        organization_id: labs.id,
        role: 'owner',
        added_at: now.toISOString(),
      }),
    );

    // The merged request queued its space's indexing: done here, so no worker thread starts as the app first loads.
    indexQueuedSpacesNow(db);

    const tokens = PEOPLE.map((person) => ({
      email: emailOf(person.name),
      role: person.role,
      token: issueToken(db, now, idOf(person.name), 'demo'),
    }));
    return { tokens };
  });
}

/**
 * The demo organization's collections and spaces (demo-content.ts), in their order. Spaces are dated by their age;
 * the one marked deleted goes to the trash as a deletion by its creator would.
 */
function seedContent(
  db: Database,
  now: Date,
  organizationId: string,
  orgCreated: Date,
  idOf: (name: string) => string,
): void {
  let collections = 0;
  const place = (items: readonly DemoItem[], parentId: string | null) => {
    for (const item of items) {
      if (item.kind === 'collection') {
        // The collections were set up on the organization's first day, before any space went into them.
        const id = createCollectionRecord(db, new Date(orgCreated.getTime() + ++collections * 3_600_000), {
          organizationId,
          parentId,
          title: item.title,
          ...(item.description !== undefined ? { description: item.description } : {}),
          ...(item.defaultLevel !== undefined ? { defaultLevel: item.defaultLevel } : {}),
          actorId: idOf('Ada Lovelace'),
        });
        place(item.children, id);
        continue;
      }
      const creatorId = idOf(item.creator);
      const id = createSpaceRecord(db, new Date(now.getTime() - item.ageDays * DAY), {
        organizationId,
        parentId,
        title: item.title,
        emoji: item.emoji,
        visibility: item.visibility,
        ...(item.defaultLevel !== undefined ? { defaultLevel: item.defaultLevel } : {}),
        ...(item.editMode !== undefined ? { editMode: item.editMode } : {}),
        language: 'en',
        pages: demoPages(item),
        files: demoImages(item.images ?? []),
        actorId: creatorId,
      });
      // Spaces are edited after they are created; the most recent edit varies from a day to a few weeks ago.
      const updated = new Date(now.getTime() - Math.min(item.ageDays, 1 + (item.ageDays % 23)) * DAY);
      db.run(db.q.updateTable('spaces').set({ updated_at: updated.toISOString() }).where('id', '=', id));
      if (item.deletedDaysAgo !== undefined) {
        const deleted = new Date(now.getTime() - item.deletedDaysAgo * DAY);
        // Its creator sent it to the Trash: the Trash says so ("deleted by").
        db.run(
          db.q
            .updateTable('spaces')
            .set({ deleted_at: deleted.toISOString(), deleted_by: creatorId })
            .where('id', '=', id),
        );
        recordEvent(db, deleted, {
          organizationId,
          actorId: creatorId,
          action: 'space.deleted',
          subjectType: 'space',
          subjectId: id,
          data: { title: item.title },
        });
      }
    }
  };
  place(DEMO_CONTENT, null);
}

/** The demo organization's owner: the user the desktop app's "Local sandbox" profile acts as. */
export const DEMO_OWNER_EMAIL = emailOf(PEOPLE[0]!.name);

/**
 * A fresh token for the demo owner, replacing the previous sandbox token of the same holder: the desktop app mints
 * one at each launch (label `sandbox`), the command line at each command (label `sandbox-cli`), and each keeps it in
 * memory only. Answers `undefined` when the database has no demo owner.
 */
export function mintSandboxToken(db: Database, now: Date, label = 'sandbox'): string | undefined {
  const owner = db.first(db.q.selectFrom('users').select('id').where('email', '=', DEMO_OWNER_EMAIL));
  if (!owner) return undefined;
  return db.transaction(() => {
    db.run(db.q.deleteFrom('tokens').where('user_id', '=', owner.id).where('label', '=', label));
    return issueToken(db, now, owner.id, label);
  });
}
