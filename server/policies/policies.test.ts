import { describe, expect, it } from 'vitest';
import type { Role, TeamRole } from '../../shared/contract/index.ts';
import { ApiError } from '../errors.ts';
import { ACTIONS, authorize, can, effectiveLevel, type Action, type OrgActor } from './index.ts';

/** Columns of every row below, from the most to the least powerful; `guest` is a member without a role. */
const COLUMNS = ['admin', 'create', 'review', 'edit', 'comment', 'read', 'guest'] as const;
type Column = (typeof COLUMNS)[number];
const roleOf = (column: Column): Role | null => (column === 'guest' ? null : column);

/**
 * The expected answers, written out by hand: one letter per column, `Y` allowed, `.` refused. Organization rows
 * are for a caller who owns no team unless marked `(owns a team)`; team rows are per the caller's role in the
 * team; member rows are about the caller's own membership (`self`) or someone else's (`other`).
 */
const EXPECTED: readonly (readonly [Action, string, string])[] = [
  //                                                          admin create review edit comment read guest
  ['organization.view', '', 'YYYYYYY'],
  ['organization.access', '', 'YYYYYYY'],
  ['organization.admin', '', 'Y......'],
  ['organization.update', '', 'Y......'],
  ['organization.ownTeam', '', '.......'],
  ['organization.ownTeam', 'owns a team', 'YYYYYYY'],
  ['organization.createContent', '', 'YY.....'],
  ['organization.createOpenAPISpec', '', 'YY.....'],
  ['organization.viewOpenAPISpecs', '', 'YYYYYY.'],
  ['organization.viewBilling', '', 'Y......'],
  ['organization.listMembers', '', 'YYYYYY.'],
  ['organization.listTeams', '', 'YYYYYY.'],
  ['organization.listIntegrations', '', 'YYYYYY.'],
  ['organization.createTeam', '', 'Y......'],
  ['organization.manageInvites', '', 'Y......'],
  ['organization.inviteMembers', '', 'Y......'],
  ['organization.transferContent', '', 'Y......'],
  ['organization.viewTrash', '', 'Y......'],
  ['organization.purgeTrash', '', 'Y......'],
  ['organization.manageSAML', '', 'Y......'],
  ['organization.viewSSOLogins', '', 'YYYYYYY'],
  ['organization.viewCustomFields', '', 'YYYYYY.'],
  ['organization.manageCustomFields', '', 'Y......'],
  ['organization.viewTranslations', '', 'YYYYYY.'],
  ['organization.manageTranslations', '', 'Y......'],
  ['organization.viewAuditLog', '', 'Y......'],
  ['organization.inspectAccess', '', 'Y......'],
  ['team.view', 'owner', 'YYYYYYY'],
  ['team.view', 'member', 'YYYYYYY'],
  ['team.view', 'not in team', 'YYYYYY.'],
  ['team.admin', 'owner', 'YYYYYYY'],
  ['team.admin', 'member', 'Y......'],
  ['team.admin', 'not in team', 'Y......'],
  ['team.rename', 'owner', 'Y......'],
  ['team.rename', 'member', 'Y......'],
  ['team.rename', 'not in team', 'Y......'],
  ['team.delete', 'owner', 'Y......'],
  ['team.delete', 'member', 'Y......'],
  ['team.delete', 'not in team', 'Y......'],
  ['member.view', 'self', 'YYYYYYY'],
  ['member.view', 'other', 'YYYYYY.'],
  ['member.updateRole', 'self', 'Y......'],
  ['member.updateRole', 'other', 'Y......'],
  ['member.remove', 'self', 'YYYYYYY'],
  ['member.remove', 'other', 'Y......'],
  ['member.setSSO', 'self', 'Y......'],
  ['member.setSSO', 'other', 'Y......'],
  ['member.viewSpaces', 'self', 'YYYYYYY'],
  ['member.viewSpaces', 'other', 'Y......'],
  ['member.viewTeams', 'self', 'YYYYYYY'],
  ['member.viewTeams', 'other', 'YYYYYY.'],
];

/**
 * Collection and space rows depend on the caller's effective level on the item (variant `level <x>`), which
 * already folds in the role: the minimum level of each action, written out.
 */
const CONTENT_MINIMUMS: readonly [Action, Role][] = [
  ['collection.view', 'read'],
  ['collection.create', 'create'],
  ['collection.admin', 'admin'],
  ['collection.viewInviteLinks', 'admin'],
  ['space.view', 'read'],
  ['space.access', 'read'],
  ['space.comment', 'comment'],
  ['space.edit', 'edit'],
  ['space.requestReview', 'edit'],
  ['space.triggerGitSync', 'edit'],
  ['space.review', 'review'],
  ['space.merge', 'review'],
  ['space.admin', 'admin'],
  ['space.viewInviteLinks', 'admin'],
  ['collection.managePermissions', 'admin'],
  ['space.managePermissions', 'admin'],
  ['site.view', 'read'],
  ['site.admin', 'admin'],
  ['site.managePermissions', 'admin'],
];
const LEVELS: readonly (Role | null)[] = ['admin', 'create', 'review', 'edit', 'comment', 'read', null];
const CONTENT_ROWS: (readonly [Action, string, string])[] = CONTENT_MINIMUMS.flatMap(([action, minimum]) =>
  LEVELS.map((level) => {
    const allowed = LEVELS.indexOf(level) <= LEVELS.indexOf(minimum);
    return [action, `level ${level ?? 'none'}`, (allowed ? 'Y' : '.').repeat(7)] as const;
  }),
);
// Lists of who may access an item: members who see it, never guests (who see no member list).
for (const action of ['collection.viewPermissions', 'space.viewPermissions', 'site.viewPermissions'] as const)
  for (const level of LEVELS)
    CONTENT_ROWS.push([action, `level ${level ?? 'none'}`, level === null ? '.......' : 'YYYYYY.']);
const ALL_ROWS = [...EXPECTED, ...CONTENT_ROWS];

const ME = 'user-me';
const OTHER = 'user-other';
const TEAM_ROLES: Record<string, TeamRole | null> = { owner: 'owner', member: 'member', 'not in team': null };

/** Asks the policy for one cell of the table. */
function ask(action: Action, variant: string, column: Column): boolean {
  const actor: OrgActor = { userId: ME, role: roleOf(column), ownsTeam: variant === 'owns a team' };
  const [kind] = action.split('.');
  if (kind === 'team') {
    const teamRole = TEAM_ROLES[variant];
    if (teamRole === undefined) throw new Error(`unknown team variant ${variant}`);
    return can(actor, action as Extract<Action, `team.${string}`>, {
      teamId: 'team-1',
      actorTeamRole: teamRole,
    });
  }
  if (kind === 'collection' || kind === 'space' || kind === 'site') {
    const name = variant.replace('level ', '');
    const level = name === 'none' ? null : (name as Role);
    return can(
      actor,
      action as Extract<Action, `collection.${string}` | `space.${string}` | `site.${string}`>,
      {
        level,
      },
    );
  }
  if (kind === 'member') {
    return can(actor, action as Extract<Action, `member.${string}`>, {
      userId: variant === 'self' ? ME : OTHER,
    });
  }
  return can(actor, action as Extract<Action, `organization.${string}`>, null);
}

describe('can(actor, action, subject)', () => {
  it('covers every action of the rules, and only those', () => {
    expect(new Set(ALL_ROWS.map(([action]) => action))).toEqual(new Set(ACTIONS));
  });

  describe.each(ALL_ROWS)('%s %s', (action, variant, row) => {
    it.each(COLUMNS.map((column, index) => [column, row[index] === 'Y'] as const))(
      '%s → %s',
      (column, allowed) => {
        expect(ask(action, variant, column)).toBe(allowed);
      },
    );
  });

  it('gives a team owner no organization right beyond ownTeam', () => {
    const owner: OrgActor = { userId: ME, role: 'read', ownsTeam: true };
    expect(can(owner, 'organization.createTeam', null)).toBe(false);
    expect(can(owner, 'organization.update', null)).toBe(false);
    expect(can(owner, 'team.rename', { teamId: 'team-1', actorTeamRole: 'owner' })).toBe(false);
  });
});

describe('authorize', () => {
  it('passes silently when allowed', () => {
    expect(() =>
      authorize({ userId: ME, role: 'admin', ownsTeam: false }, 'organization.update', null),
    ).not.toThrow();
  });

  it('throws a 403 with a message for every action refused to a guest who owns nothing', () => {
    const guest: OrgActor = { userId: ME, role: null, ownsTeam: false };
    for (const [action, variant, row] of ALL_ROWS) {
      if (row[COLUMNS.indexOf('guest')] === 'Y') continue;
      let thrown: unknown;
      try {
        if (action.startsWith('team.')) {
          authorize(guest, action as Extract<Action, `team.${string}`>, {
            teamId: 't',
            actorTeamRole: TEAM_ROLES[variant] ?? null,
          });
        } else if (
          action.startsWith('collection.') ||
          action.startsWith('space.') ||
          action.startsWith('site.')
        ) {
          authorize(
            guest,
            action as Extract<Action, `collection.${string}` | `space.${string}` | `site.${string}`>,
            {
              level: null,
            },
          );
        } else if (action.startsWith('member.')) {
          authorize(guest, action as Extract<Action, `member.${string}`>, { userId: OTHER });
        } else {
          authorize(guest, action as Extract<Action, `organization.${string}`>, null);
        }
      } catch (error) {
        thrown = error;
      }
      expect(thrown, `${action} ${variant}`).toBeInstanceOf(ApiError);
      expect((thrown as ApiError).status).toBe(403);
      expect((thrown as ApiError).message.length).toBeGreaterThan(10);
      expect((thrown as ApiError).message).not.toContain(action);
    }
  });
});

describe('effectiveLevel: grant, default level, site, inherited', () => {
  // role, the item's default level, the grant on the item, the site's grant, the parent's level (or the role at the
  // top level), expected level.
  type Case = [Role | null, string | null, Role | undefined, Role | undefined, Role | null, Role | null];
  const CASES: readonly Case[] = [
    ['admin', null, undefined, undefined, null, 'admin'],
    ['admin', 'read', 'read', 'read', 'read', 'admin'],
    [null, 'admin', undefined, undefined, 'admin', null],
    ['edit', 'inherit', undefined, undefined, 'edit', 'edit'],
    ['edit', 'inherit', undefined, undefined, 'read', 'read'],
    ['edit', 'inherit', undefined, undefined, null, null],
    ['edit', 'admin', undefined, undefined, null, 'edit'],
    ['create', 'review', undefined, undefined, 'admin', 'review'],
    ['create', null, undefined, undefined, 'create', null],
    // An inherited level above the role comes from a grant on a parent collection: it flows down.
    ['read', 'inherit', undefined, undefined, 'create', 'create'],
    // A grant on the item wins over everything but the admin role, up or down, whatever the default.
    ['read', null, 'edit', undefined, null, 'edit'],
    ['create', 'inherit', 'read', 'admin', 'create', 'read'],
    [null, null, 'comment', undefined, null, 'comment'],
    // A site's grant wins over the parent and the role for an inheriting item only.
    ['create', 'inherit', undefined, 'comment', 'create', 'comment'],
    [null, 'inherit', undefined, 'read', null, 'read'],
    ['create', 'edit', undefined, 'admin', 'create', 'edit'],
    ['create', null, undefined, 'admin', 'create', null],
  ];
  it.each(CASES)(
    'role %s, default %s, grant %s, site %s, inherited %s → %s',
    (role, defaultLevel, grant, site, inherited, expected) => {
      expect(
        effectiveLevel({ role, defaultLevel, grant, site: () => site, inherited: () => inherited }),
      ).toBe(expected);
    },
  );
});
