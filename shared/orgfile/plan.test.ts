/** The organization file's plan: matching by id then name, every kind of change, its order, dangers and counts. */
import { describe, expect, it } from 'vitest';
import { exportOrgFile, orgFileYaml } from './export.ts';
import { parseOrgFile } from './parse.ts';
import { planOrgFile, type PlanStep } from './plan.ts';
import type { OrgFile } from './schema.ts';
import type { OrgSnapshot } from './snapshot.ts';

/** A live organization: two admins, an editor and a reader; two teams; a small collection tree. */
function live(): OrgSnapshot {
  return {
    organization: { id: 'org1', title: 'Acme' },
    members: [
      { id: 'u-ada', email: 'ada@acme.test', name: 'Ada', role: 'admin' },
      { id: 'u-bob', email: 'bob@acme.test', name: 'Bob', role: 'admin' },
      { id: 'u-cy', email: 'cy@acme.test', name: 'Cy', role: 'edit' },
      { id: 'u-di', email: 'di@acme.test', name: 'Di', role: 'read' },
    ],
    teams: [
      {
        id: 't-docs',
        title: 'Docs',
        members: [
          { userId: 'u-ada', role: 'owner' },
          { userId: 'u-cy', role: 'member' },
        ],
      },
      { id: 't-ops', title: 'Ops', members: [{ userId: 'u-bob', role: 'owner' }] },
    ],
    collections: [
      { id: 'c-guides', title: 'Guides', description: 'How to', parent: undefined, defaultLevel: 'inherit' },
      { id: 'c-api', title: 'API', description: undefined, parent: 'c-guides', defaultLevel: 'read' },
      { id: 'c-old', title: 'Old', description: undefined, parent: undefined, defaultLevel: null },
      { id: 'c-old-sub', title: 'Sub', description: undefined, parent: 'c-old', defaultLevel: 'inherit' },
    ],
  };
}

const exported = (): OrgFile => structuredClone(exportOrgFile(live()).file);
const labels = (steps: readonly PlanStep[]) => steps.map((step) => step.label);

describe('exportOrgFile and parseOrgFile', () => {
  it('export names members by email, teams by title and nests collections, keeping ids as references', () => {
    const file = exported();
    expect(file.members.map((m) => [m.email, m.role, m.id])).toEqual([
      ['ada@acme.test', 'admin', 'u-ada'],
      ['bob@acme.test', 'admin', 'u-bob'],
      ['cy@acme.test', 'edit', 'u-cy'],
      ['di@acme.test', 'read', 'u-di'],
    ]);
    expect(file.teams).toEqual([
      {
        title: 'Docs',
        id: 't-docs',
        members: [
          { email: 'ada@acme.test', role: 'owner' },
          { email: 'cy@acme.test', role: 'member' },
        ],
      },
      { title: 'Ops', id: 't-ops', members: [{ email: 'bob@acme.test', role: 'owner' }] },
    ]);
    expect(file.collections).toEqual([
      {
        title: 'Guides',
        id: 'c-guides',
        description: 'How to',
        defaultLevel: 'inherit',
        collections: [{ title: 'API', id: 'c-api', defaultLevel: 'read' }],
      },
      {
        title: 'Old',
        id: 'c-old',
        defaultLevel: null,
        collections: [{ title: 'Sub', id: 'c-old-sub', defaultLevel: 'inherit' }],
      },
    ]);
  });

  it('leaves out, and names, a member whose email the API hides', () => {
    const snapshot = live();
    snapshot.members.push({ id: 'u-hid', email: undefined, name: 'Hidden', role: 'read' });
    snapshot.teams[1]!.members.push({ userId: 'u-hid', role: 'member' });
    const { file, skipped } = exportOrgFile(snapshot);
    expect(file.members).toHaveLength(4);
    expect(file.teams[1]!.members).toHaveLength(1);
    expect(skipped).toEqual(['member “Hidden” (u-hid): the API shows no email address']);
  });

  it('reads its own YAML back as the same file, and an unchanged file plans nothing', () => {
    const file = exported();
    const text = orgFileYaml(file);
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=org-file.schema.json');
    const read = parseOrgFile(text);
    expect(read).toEqual({ ok: true, file });
    const plan = planOrgFile(file, live());
    expect(plan.steps).toEqual([]);
    expect(plan.dangerous).toBe(0);
  });

  it('refuses what is not YAML, what the schema refuses (naming where) and what contradicts itself', () => {
    expect(parseOrgFile('members: [').ok).toBe(false);
    const bad = parseOrgFile(
      orgFileYaml(exported())
        .replace('role: edit', 'role: boss')
        .replace('email: di@acme.test', 'email: not-an-email'),
    );
    expect(bad.ok).toBe(false);
    const problems = bad.ok ? [] : bad.problems;
    expect(problems.some((p) => p.startsWith('members[2].role:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('members[3].email:'))).toBe(true);

    const twice = exported();
    twice.members.push({ email: 'ADA@acme.test', role: 'read' });
    twice.teams[0]!.members.push({ email: 'zed@acme.test', role: 'member' });
    twice.collections.push({ title: 'Guides', defaultLevel: 'inherit' });
    const contradictions = parseOrgFile(orgFileYaml(twice));
    expect(contradictions).toEqual({
      ok: false,
      problems: [
        'members[4].email: the email “ada@acme.test” is also at members[0].email',
        'teams[0].members[2].email: “zed@acme.test” is not in `members`',
        'collections[2].title: the title “Guides” is also at collections[0].title',
      ],
    });
  });
});

describe('planOrgFile', () => {
  it('invites, promotes before it demotes, and removes members last; demoting or removing an admin is dangerous', () => {
    const file = exported();
    file.members.push({ email: 'eve@acme.test', role: 'comment' });
    file.members[0]!.role = 'edit'; // Ada: admin → edit
    file.members[2]!.role = 'admin'; // Cy: edit → admin
    file.members.splice(1, 1); // Bob (admin) removed
    file.teams[1]!.members = [];
    const plan = planOrgFile(file, live());
    expect(labels(plan.steps)).toEqual([
      "Change cy@acme.test's role from edit to admin",
      'Invite eve@acme.test as comment',
      "Change ada@acme.test's role from admin to edit",
      'Remove bob@acme.test from team “Ops”',
      'Remove bob@acme.test from the organization',
    ]);
    expect(plan.steps.filter((s) => s.dangerous).map((s) => s.dangerous)).toEqual([
      'ada@acme.test is an admin and would no longer be one',
      'bob@acme.test is an admin',
    ]);
    expect(plan.counts.member).toEqual({ create: 1, update: 2, delete: 1 });
    expect(plan.dangerous).toBe(2);
  });

  it('matches a member by email in any case when the file keeps no id', () => {
    const file = exported();
    for (const member of file.members) delete member.id;
    file.members[3]!.email = 'DI@ACME.TEST';
    expect(planOrgFile(file, live()).steps).toEqual([]);
  });

  it('renames a team kept by id, creates a new one with its members, and deletes one the file drops (dangerous)', () => {
    const file = exported();
    file.teams[0]!.title = 'Documentation';
    file.teams[0]!.members = [
      { email: 'ada@acme.test', role: 'member' },
      { email: 'di@acme.test', role: 'member' },
    ];
    file.teams.splice(1, 1);
    file.teams.push({ title: 'Support', members: [{ email: 'cy@acme.test', role: 'owner' }] });
    const plan = planOrgFile(file, live());
    expect(labels(plan.steps)).toEqual([
      'Rename team “Docs” to “Documentation”',
      'Make ada@acme.test member of team “Documentation” (was owner)',
      'Add di@acme.test to team “Documentation” as member',
      'Create team “Support”',
      'Add cy@acme.test to team “Support” as owner',
      'Remove cy@acme.test from team “Documentation”',
      'Delete team “Ops”',
    ]);
    expect(plan.steps[3]).toMatchObject({ resource: 'team', action: 'create', title: 'Support' });
    expect(plan.steps[4]).toMatchObject({ team: { new: 'Support' }, userId: 'u-cy' });
    expect(plan.steps[6]).toMatchObject({ dangerous: 'its 1 members lose the access the team gives' });
    expect(plan.counts.team).toEqual({ create: 1, update: 1, delete: 1 });
    expect(plan.counts['team-member']).toEqual({ create: 2, update: 1, delete: 1 });
  });

  it('without an id, a renamed team is a new team and the old one is deleted', () => {
    const file = exported();
    delete file.teams[1]!.id;
    file.teams[1]!.title = 'Operations';
    expect(labels(planOrgFile(file, live()).steps)).toEqual([
      'Create team “Operations”',
      'Add bob@acme.test to team “Operations” as owner',
      'Delete team “Ops”',
    ]);
  });

  it('says that adding someone invited to a team must wait until they join', () => {
    const file = exported();
    file.members.push({ email: 'new@acme.test', role: 'read' });
    file.teams[0]!.members.push({ email: 'new@acme.test', role: 'member' });
    const plan = planOrgFile(file, live());
    expect(plan.steps[1]).toMatchObject({
      resource: 'team-member',
      action: 'create',
      email: 'new@acme.test',
      blocked: 'new@acme.test is invited, not yet a member',
    });
    expect(plan.steps[1]).not.toHaveProperty('userId');
    expect(plan.blocked).toBe(1);
  });

  it('creates collections parents first, changes, moves (also into a new one) and deletes a subtree in one step', () => {
    const file = exported();
    const guides = file.collections[0]!;
    guides.title = 'Handbooks';
    guides.description = 'How we work';
    guides.defaultLevel = 'read';
    const api = guides.collections!.pop()!;
    file.collections.splice(1, 1); // Old and its Sub go
    file.collections.push({
      title: 'Reference',
      defaultLevel: 'inherit',
      collections: [{ title: 'Web', defaultLevel: 'comment' }, api],
    });
    const plan = planOrgFile(file, live());
    expect(labels(plan.steps)).toEqual([
      'Change collection “Handbooks”: title from “Guides”, description, default access inherit → read',
      'Create collection “Reference”, inherit by default',
      'Create collection “Reference / Web”, comment by default',
      'Move collection “API” into “Reference”',
      'Delete collection “Old” and the 1 collections inside it',
    ]);
    expect(plan.steps[2]).toMatchObject({ parent: { new: 'Reference' } });
    expect(plan.steps[3]).toMatchObject({ collectionId: 'c-api', to: { new: 'Reference' } });
    expect(plan.steps[4]).toMatchObject({ collectionId: 'c-old', inside: 1, dangerous: expect.any(String) });
    expect(plan.counts.collection).toEqual({ create: 2, update: 2, delete: 1 });
  });

  it('moves a collection kept by id to the top level, and matches one without id by title under its parent', () => {
    const file = exported();
    const api = file.collections[0]!.collections!.pop()!;
    file.collections.push(api);
    delete file.collections[1]!.collections![0]!.id; // Old / Sub, by title
    const plan = planOrgFile(file, live());
    expect(labels(plan.steps)).toEqual(['Move collection “API” to the top level']);
    expect(plan.steps[0]).toMatchObject({ collectionId: 'c-api', to: null });
  });
});
