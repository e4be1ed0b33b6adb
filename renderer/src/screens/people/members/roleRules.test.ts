import { describe, expect, it } from 'vitest';
import type { Member } from '../../../../../shared/contract/resources/members.ts';
import { bulkRoleWarnings } from './bulkRules.ts';
import { checkRoleChange, roleChoices } from '../../../ui/roleRules.ts';

const member = (id: string, role: Member['role'], name = id): Member => ({
  object: 'member',
  id,
  role,
  user: { object: 'user', id, displayName: name, urls: { location: '' } },
  disabled: false,
  joinedAt: '2026-01-01T00:00:00.000Z',
  sso: false,
  spaces: 0,
  teams: 0,
});

describe('checkRoleChange', () => {
  const context = { me: 'me', admins: 2 };

  it('does nothing for the same role, and sends a plain change between non-admin roles at once', () => {
    expect(checkRoleChange(member('ada', 'edit'), 'edit', context)).toEqual({ kind: 'unchanged' });
    expect(checkRoleChange(member('ada', 'edit'), 'read', context)).toEqual({ kind: 'go' });
    expect(checkRoleChange(member('ada', null), 'create', context)).toEqual({ kind: 'go' });
  });

  it('refuses on the spot to take the Admin role from the only admin, oneself or another', () => {
    const last = { me: 'me', admins: 1 };
    expect(checkRoleChange(member('ada', 'admin', 'Ada'), 'read', last)).toEqual({
      kind: 'refused',
      reason: 'Ada is the organization’s only admin: make another member Admin first.',
    });
    expect(checkRoleChange(member('me', 'admin'), 'read', last)).toMatchObject({
      kind: 'refused',
      reason: expect.stringContaining('You are') as unknown,
    });
  });

  it('asks before one demotes oneself, and says that it cannot be undone from here', () => {
    const check = checkRoleChange(member('me', 'admin'), 'read', context);
    expect(check).toMatchObject({ kind: 'confirm', title: 'Make yourself Reader?', undoable: false });
    expect(check.kind === 'confirm' && check.description).toContain(
      'another admin has to make you Admin again',
    );
  });

  it('asks before granting or taking the Admin role, naming the member', () => {
    expect(checkRoleChange(member('ada', 'edit', 'Ada'), 'admin', context)).toMatchObject({
      kind: 'confirm',
      title: 'Make Ada an admin?',
      confirmLabel: 'Make Ada Admin',
      undoable: true,
    });
    expect(checkRoleChange(member('ada', 'admin', 'Ada'), 'comment', context)).toMatchObject({
      kind: 'confirm',
      title: 'Take the Admin role from Ada?',
      confirmLabel: 'Make Ada Commenter',
    });
  });

  it('lets the menu of the only admin offer Admin alone', () => {
    const blocked = roleChoices(member('ada', 'admin'), 1).filter((choice) => choice.blocked !== undefined);
    expect(blocked.map((choice) => choice.value)).toEqual([
      'create',
      'review',
      'edit',
      'comment',
      'read',
      'guest',
    ]);
    expect(roleChoices(member('ada', 'admin'), 2).every((choice) => choice.blocked === undefined)).toBe(true);
    expect(roleChoices(member('ada', 'admin'), 1).map((choice) => choice.label)).toEqual([
      'Admin',
      'Creator',
      'Reviewer',
      'Editor',
      'Commenter',
      'Reader',
      'Guest',
    ]);
  });
});

describe('bulkRoleWarnings', () => {
  const target = (userId: string, role: Member['role']) => ({ userId, name: userId, role });

  it('warns about oneself, new admins, lost admin roles and the last admin', () => {
    const targets = [target('me', 'admin'), target('grace', 'admin'), target('linus', 'create')];
    expect(bulkRoleWarnings(targets, 'read', { me: 'me', admins: 2 })).toEqual([
      'You are selected: you stop being an admin at once, and only another admin can make you Admin again.',
      '1 admin lose the Admin role.',
      'Every admin is selected: the organization keeps at least one, so the last one stays Admin (the server refuses that change).',
    ]);
    expect(bulkRoleWarnings([target('linus', 'create')], 'admin', { me: 'me', admins: 2 })).toEqual([
      '1 member become admins: they manage members, roles, invites, settings and all content.',
    ]);
    expect(bulkRoleWarnings([target('linus', 'create')], 'read', { me: 'me', admins: 2 })).toEqual([]);
  });
});
