/**
 * Directory reconciliation, pure: the fixtures of each provider against one live organization give the same plan
 * (the organization file's own steps and sentences), the same per-person view, and the mapping's rules hold.
 */
import { describe, expect, it } from 'vitest';
import type { OrgSnapshot } from '../snapshot.ts';
import { FIXTURES, MAPPING_YAML } from './fixtures/fixtures.ts';
import { parseMapping, type DirectoryMapping } from './mapping.ts';
import { personSummary } from './people.ts';
import { readDirectory, type Directory, type DirectoryInput } from './read.ts';
import { reconcileDirectory } from './reconcile.ts';

const member = (id: string, email: string | undefined, role: OrgSnapshot['members'][number]['role']) => ({
  id,
  email,
  name: email?.split('@')[0] ?? 'Hidden',
  role,
});

/** The live organization: the directory's people as they were, plus a former admin and one the API hides. */
const LIVE: OrgSnapshot = {
  organization: { id: 'org', title: 'Acme' },
  members: [
    member('u1', 'owner@acme.test', 'admin'),
    member('u2', 'ed@acme.test', 'edit'),
    member('u3', 'rita@acme.test', 'comment'),
    member('u4', 'gone@acme.test', 'read'),
    member('u5', 'legacy@acme.test', 'admin'),
    member('u6', undefined, 'read'),
  ],
  teams: [
    {
      id: 't1',
      title: 'Engineering',
      members: [
        { userId: 'u2', role: 'member' },
        { userId: 'u3', role: 'member' },
      ],
    },
    {
      id: 't2',
      title: 'Design',
      members: [
        { userId: 'u2', role: 'member' },
        { userId: 'u4', role: 'member' },
      ],
    },
  ],
  collections: [
    { id: 'c1', title: 'Guides', description: undefined, parent: undefined, defaultLevel: 'read' },
  ],
};

const mappingOf = (text: string) => {
  const result = parseMapping(text);
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.mapping;
};
const MAPPING = mappingOf(MAPPING_YAML);
const directoryOf = (inputs: DirectoryInput[]): Directory => {
  const result = readDirectory(inputs);
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.directory;
};
const google = (text: string) =>
  directoryOf([
    {
      name: 'users.csv',
      text: `First Name [Required],Last Name [Required],Email Address [Required],Org Unit Path [Required],Status [READ ONLY]\n${text}`,
    },
  ]);

describe('reconciling a directory with the organization', () => {
  it.each(['okta', 'entra', 'google'] as const)('plans the same changes from the %s exports', (vendor) => {
    const { plan, people, file } = reconcileDirectory(LIVE, directoryOf(FIXTURES[vendor]), MAPPING, {
      callerId: 'u1',
    });
    expect(plan.steps.map((step) => [step.label, step.blocked ?? step.dangerous ?? ''])).toEqual([
      ['Invite sam@acme.test as edit', ''],
      ['Invite nina@acme.test as admin', ''],
      ["Change rita@acme.test's role from comment to read", ''],
      ['Add owner@acme.test to team “Engineering” as owner', ''],
      ['Add sam@acme.test to team “Engineering” as member', 'sam@acme.test is invited, not yet a member'],
      ['Add nina@acme.test to team “Engineering” as owner', 'nina@acme.test is invited, not yet a member'],
      ['Create team “Support”', ''],
      ['Add rita@acme.test to team “Support” as member', ''],
      ['Add nina@acme.test to team “Support” as member', 'nina@acme.test is invited, not yet a member'],
      ['Remove gone@acme.test from team “Design”', ''],
      ['Remove rita@acme.test from team “Engineering”', ''],
      ['Remove gone@acme.test from the organization', ''],
      ['Remove legacy@acme.test from the organization', 'legacy@acme.test is an admin'],
    ]);
    expect(plan).toMatchObject({ dangerous: 1, blocked: 3 });
    expect(plan.counts.member).toEqual({ create: 2, update: 1, delete: 2 });
    expect(people.map((p) => [p.email, personSummary(p)])).toEqual([
      ['sam@acme.test', 'invite as edit; join Engineering'],
      ['nina@acme.test', 'invite as admin; join Engineering (owner), Support'],
      ['rita@acme.test', 'role comment → read; teams Engineering → Support'],
      ['owner@acme.test', 'join Engineering (owner)'],
      ['gone@acme.test', 'remove (was read)'],
      ['legacy@acme.test', 'remove (was admin)'],
    ]);
    // Nothing the directory does not speak of moves: collections, the unmanaged team's other members.
    expect(file.collections.map((c) => c.title)).toEqual(['Guides']);
    expect(file.teams.find((t) => t.title === 'Design')?.members.map((m) => m.email)).toEqual([
      'ed@acme.test',
    ]);
  });

  it('leaves absent members alone, or makes them guests (keeping the teams the mapping does not name)', () => {
    const directory = directoryOf(FIXTURES.okta);
    const leave = reconcileDirectory(LIVE, directory, { ...MAPPING, absent: 'leave' }, { callerId: 'u1' });
    expect(leave.plan.steps.map((s) => s.label).filter((l) => /gone|legacy/.test(l))).toEqual([]);
    const guest = reconcileDirectory(LIVE, directory, { ...MAPPING, absent: 'guest' }, { callerId: 'u1' });
    expect(guest.plan.steps.map((s) => s.label).filter((l) => /gone|legacy/.test(l))).toEqual([
      "Change gone@acme.test's role from read to guest",
      "Change legacy@acme.test's role from admin to guest",
    ]);
    expect(guest.plan.steps.find((s) => s.label.startsWith('Change legacy'))?.dangerous).toBe(
      'legacy@acme.test is an admin and would no longer be one',
    );
  });

  it('never removes nor demotes the caller, nor the last admin, and says why', () => {
    const mapping: DirectoryMapping = {
      version: 1,
      teams: [],
      roles: [],
      defaultRole: 'read',
      absent: 'remove',
    };
    const directory = google('Ed,E,ed@acme.test,/,Active\nOlivia,O,owner@acme.test,/,Suspended\n');
    const asEditor = reconcileDirectory(LIVE, directory, mapping, { callerId: 'u2' });
    const labels = asEditor.plan.steps.map((s) => s.label);
    // The caller (an editor) keeps their role; the organization keeps one admin: the first by email.
    expect(labels).not.toContain("Change ed@acme.test's role from edit to read");
    expect(labels).toContain('Remove owner@acme.test from the organization');
    expect(labels).not.toContain('Remove legacy@acme.test from the organization');
    const notes = new Map(asEditor.people.map((p) => [p.email, p.notes]));
    expect(notes.get('ed@acme.test')).toEqual(['kept as edit rather than read: you are applying the plan']);
    expect(notes.get('legacy@acme.test')).toEqual(['kept: the organization would have no admin']);
    // The caller, if an admin, is the one kept.
    const asOwner = reconcileDirectory(LIVE, directory, mapping, { callerId: 'u1' });
    expect(asOwner.plan.steps.map((s) => s.label)).toContain('Remove legacy@acme.test from the organization');
    expect(asOwner.people.find((p) => p.email === 'owner@acme.test')?.notes).toEqual([
      'kept: you are applying the plan',
    ]);
    // Never a step about the member the API shows without an email.
    expect(asOwner.plan.steps.some((s) => 'userId' in s && s.userId === 'u6')).toBe(false);
  });

  it('maps org units (and the units below them) to teams, and takes the highest role of several groups', () => {
    const directory = google(
      'Ann,A,ann@acme.test,/Engineering/Platform,Active\nBo,B,bo@acme.test,/Engineering,Active\nCy,C,cy@acme.test,/Sales,Active\n',
    );
    const mapping = mappingOf(`
version: 1
teams:
  - { team: Engineering, groups: [/engineering], role: member }
roles:
  - { groups: [/Engineering/Platform], role: create }
  - { groups: [/Engineering], role: review }
  - { groups: [/], role: comment }
defaultRole: read
absent: leave
`);
    const { file } = reconcileDirectory({ ...LIVE, members: [], teams: [] }, directory, mapping);
    expect(file.members.map((m) => [m.email, m.role])).toEqual([
      ['ann@acme.test', 'create'],
      ['bo@acme.test', 'review'],
      ['cy@acme.test', 'comment'],
    ]);
    expect(file.teams).toEqual([
      {
        title: 'Engineering',
        members: [
          { email: 'ann@acme.test', role: 'member' },
          { email: 'bo@acme.test', role: 'member' },
        ],
      },
    ]);
  });

  it('reads the mapping from YAML, naming where a problem is', () => {
    expect(
      parseMapping(
        'version: 1\nteams: []\nroles: [{ groups: [], role: boss }]\ndefaultRole: read\nabsent: drop\n',
      ),
    ).toEqual({
      ok: false,
      problems: expect.arrayContaining([
        expect.stringMatching(/^roles\[0\]\.groups: /),
        expect.stringMatching(/^roles\[0\]\.role: /),
        expect.stringMatching(/^absent: /),
      ]),
    });
    expect(parseMapping('a: [').ok).toBe(false);
  });
});
