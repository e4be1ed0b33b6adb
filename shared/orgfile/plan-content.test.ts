/** The plan of a version 2 file's spaces and grants: each kind of change, its order, its dangers; version 1 files. */
import { describe, expect, it } from 'vitest';
import { exportOrgFile, orgFileYaml } from './export.ts';
import { parseOrgFile } from './parse.ts';
import { planOrgFile, type PlanStep } from './plan.ts';
import type { OrgFile } from './schema.ts';
import type { OrgSnapshot } from './snapshot.ts';

/** Two members, a team, two collections; spaces at the top level and in a collection; grants on both. */
function live(): OrgSnapshot {
  return {
    organization: { id: 'org1', title: 'Acme' },
    members: [
      { id: 'u-ada', email: 'ada@acme.test', name: 'Ada', role: 'admin' },
      { id: 'u-cy', email: 'cy@acme.test', name: 'Cy', role: 'edit' },
    ],
    teams: [{ id: 't-docs', title: 'Docs', members: [{ userId: 'u-cy', role: 'member' }] }],
    collections: [
      { id: 'c-guides', title: 'Guides', description: undefined, parent: undefined, defaultLevel: 'inherit' },
      { id: 'c-old', title: 'Old', description: undefined, parent: undefined, defaultLevel: null },
    ],
    spaces: [
      { id: 's-intro', title: 'Intro', emoji: '', parent: 'c-guides', defaultLevel: 'inherit' },
      { id: 's-faq', title: 'FAQ', emoji: '2753', parent: 'c-guides', defaultLevel: 'read' },
      { id: 's-notes', title: 'Notes', emoji: '', parent: undefined, defaultLevel: null },
      { id: 's-legacy', title: 'Legacy', emoji: '', parent: 'c-old', defaultLevel: 'inherit' },
    ],
    grants: [
      { target: { type: 'collection', id: 'c-guides' }, team: 't-docs', role: 'edit' },
      { target: { type: 'space', id: 's-intro' }, user: 'u-cy', role: 'admin' },
      { target: { type: 'space', id: 's-notes' }, user: 'u-cy', role: 'read' },
    ],
  };
}

const exported = (): OrgFile => structuredClone(exportOrgFile(live()).file);
const labels = (steps: readonly PlanStep[]) => steps.map((step) => step.label);
const guides = (file: OrgFile) => file.collections.find((c) => c.title === 'Guides')!;

describe('spaces and grants in the organization file', () => {
  it('exports spaces in their collections and at the top level, with grants as access, and reads them back', () => {
    const file = exported();
    expect(guides(file)).toEqual({
      title: 'Guides',
      id: 'c-guides',
      defaultLevel: 'inherit',
      access: { teams: [{ title: 'Docs', role: 'edit' }] },
      spaces: [
        {
          title: 'Intro',
          id: 's-intro',
          defaultLevel: 'inherit',
          access: { users: [{ email: 'cy@acme.test', role: 'admin' }] },
        },
        { title: 'FAQ', id: 's-faq', emoji: '2753', defaultLevel: 'read' },
      ],
    });
    expect(file.spaces).toEqual([
      {
        title: 'Notes',
        id: 's-notes',
        defaultLevel: null,
        access: { users: [{ email: 'cy@acme.test', role: 'read' }] },
      },
    ]);
    expect(parseOrgFile(orgFileYaml(file))).toEqual({ ok: true, file });
    expect(planOrgFile(file, live()).steps).toEqual([]);
  });

  it('creates, changes, moves and deletes spaces; a space created in a new collection waits for it', () => {
    const file = exported();
    const [intro, faq] = guides(file).spaces!;
    intro!.title = 'Introduction';
    intro!.emoji = '1f44b';
    faq!.defaultLevel = 'comment';
    guides(file).spaces = [intro!];
    file.spaces!.push(faq!); // FAQ moves to the top level
    file.spaces = file.spaces!.filter((space) => space.title !== 'Notes');
    file.collections.push({
      title: 'Reference',
      defaultLevel: 'inherit',
      spaces: [{ title: 'API', defaultLevel: 'read' }],
    });
    const plan = planOrgFile(file, live());
    expect(labels(plan.steps)).toEqual([
      'Create collection “Reference”, inherit by default',
      'Change space “Guides / Introduction”: title from “Intro”, emoji',
      'Create space “Reference / API”, read by default',
      'Change space “FAQ”: default access read → comment',
      'Move space “FAQ” to the top level',
      'Delete space “Notes”',
    ]);
    expect(plan.steps[2]).toMatchObject({ resource: 'space', parent: { new: 'Reference' } });
    expect(plan.steps[4]).toMatchObject({ spaceId: 's-faq', to: null });
    expect(plan.steps[5]).toMatchObject({ spaceId: 's-notes', dangerous: expect.any(String) });
    expect(plan.counts.space).toEqual({ create: 1, update: 3, delete: 1 });
    // Notes's grant goes with it: no step takes it back.
    expect(plan.counts.grant).toEqual({ create: 0, update: 0, delete: 0 });
  });

  it('deleting a collection names the spaces it takes with it, and they have no step of their own', () => {
    const file = exported();
    file.collections = file.collections.filter((c) => c.title !== 'Old');
    const plan = planOrgFile(file, live());
    expect(labels(plan.steps)).toEqual(['Delete collection “Old” and the 1 spaces inside it']);
    expect(plan.steps[0]).toMatchObject({ collectionId: 'c-old', inside: 0, spaces: 1 });
  });

  it('gives, changes and takes back grants, after what they name exists; an invitee waits', () => {
    const file = exported();
    file.members.push({ email: 'new@acme.test', role: 'read' });
    file.teams.push({ title: 'Writers', members: [] });
    guides(file).access = {
      teams: [
        { title: 'Docs', role: 'admin' },
        { title: 'Writers', role: 'read' },
      ],
    };
    delete guides(file).spaces![0]!.access; // Cy's admin on Intro goes
    file.spaces![0]!.access = { users: [{ email: 'new@acme.test', role: 'edit' }] }; // and Cy's read on Notes
    const plan = planOrgFile(file, live());
    expect(labels(plan.steps)).toEqual([
      'Invite new@acme.test as read',
      'Create team “Writers”',
      "Change team “Docs”'s role on collection “Guides” from edit to admin",
      'Give team “Writers” read on collection “Guides”',
      'Give new@acme.test edit on space “Notes”',
      "Take back cy@acme.test's admin role on space “Guides / Intro”",
      "Take back cy@acme.test's read role on space “Notes”",
    ]);
    expect(plan.steps[3]).toMatchObject({ to: { team: { new: 'Writers' } } });
    expect(plan.steps[4]!.blocked).toBe('new@acme.test is invited, not yet a member');
    expect(plan.counts.grant).toEqual({ create: 2, update: 1, delete: 2 });
    expect(plan.blocked).toBe(1);
  });

  it('a removed member or team takes its grants with it', () => {
    const file = exported();
    file.members = file.members.filter((member) => member.email !== 'cy@acme.test');
    file.teams = [];
    guides(file).spaces = guides(file).spaces!.map(({ access: _access, ...space }) => space);
    delete guides(file).access;
    delete file.spaces![0]!.access;
    const plan = planOrgFile(file, live());
    expect(labels(plan.steps)).toEqual(['Delete team “Docs”', 'Remove cy@acme.test from the organization']);
  });

  it('refuses access naming someone or a team the file does not hold, and spaces without the top-level key', () => {
    const file = exported();
    guides(file).access = {
      users: [{ email: 'who@acme.test', role: 'read' }],
      teams: [{ title: 'Nope', role: 'read' }],
    };
    delete file.spaces;
    const read = parseOrgFile(orgFileYaml(file));
    expect(read).toEqual({
      ok: false,
      problems: [
        'collections[0].access.users[0].email: “who@acme.test” is not in `members`',
        'collections[0].access.teams[0].title: “Nope” is not in `teams`',
        'collections[0].spaces: the file has no top-level `spaces` (add `spaces: []` for the file to hold spaces)',
        'collections[1].spaces: the file has no top-level `spaces` (add `spaces: []` for the file to hold spaces)',
      ],
    });
  });

  it('a version 1 file leaves spaces, grants and settings as they are', () => {
    const { spaces: _spaces, ...rest } = exported();
    const old: OrgFile = {
      ...rest,
      version: 1,
      collections: rest.collections.map(({ access: _access, spaces: _held, ...collection }) => collection),
    };
    const read = parseOrgFile(orgFileYaml(old));
    expect(read.ok).toBe(true);
    expect(planOrgFile(old, live()).steps).toEqual([]);
  });
});
