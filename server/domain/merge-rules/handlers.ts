/**
 * Handlers of the merge rules (extension): an organization's, and a space's own that override them.
 *
 * Rules:
 * - Reading an organization's rules: any member but guests (403); a caller who is not a member gets the
 *   organization's 404. Reading a space's: whoever may view the space (its 404 otherwise); the answer is the rules
 *   that apply, with `source` saying whose they are (`space`, `organization`, or `default` when none are set).
 * - Setting an organization's rules: its admins (403 otherwise). A space's: the `admin` level on the space. Both
 *   replace the whole set; removing a space's own rules (205) makes its organization's apply again.
 * - The people named (required reviewers, bypass) must be members of the organization, the teams its teams: 400
 *   naming the field and the position otherwise (ids of another organization's people or teams included).
 * - Each change records an event.
 */
import type { Static } from '@sinclair/typebox';
import type { MergeRules, MergeRulesSettings } from '../../../shared/contract/resources/mergeRules.ts';
import { badRequest } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { authorize } from '../../policies/index.ts';
import type { Database } from '../../storage/database.ts';
import { loadOrgAccess } from '../access.ts';
import { presentUser } from '../members/present.ts';
import { memberNames, teamTitles } from '../reviews/records.ts';
import { resolveSpaceAccess } from '../spaces/access.ts';
import { deleteSpaceMergeRules, saveMergeRules } from './commands.ts';
import { organizationRules, spaceRules, type AppliedRules } from './records.ts';

type Rules = Static<typeof MergeRules>;

function present(applied: AppliedRules, baseUrl: string): Static<typeof MergeRulesSettings> {
  return {
    object: 'merge-rules',
    source: applied.source,
    rules: applied.rules,
    ...(applied.updatedAt !== undefined ? { updatedAt: applied.updatedAt } : {}),
    ...(applied.updatedBy !== undefined ? { updatedBy: presentUser(baseUrl, applied.updatedBy) } : {}),
  };
}

/** 400 naming the first id that is not a member or a team of the organization. */
function ensureKnownIds(db: Database, organizationId: string, rules: Rules): void {
  const lists = [
    ['requiredReviewers.users', rules.requiredReviewers.users, 'user'],
    ['requiredReviewers.teams', rules.requiredReviewers.teams, 'team'],
    ['bypass.users', rules.bypass.users, 'user'],
    ['bypass.teams', rules.bypass.teams, 'team'],
  ] as const;
  const users = memberNames(db, organizationId, [...rules.requiredReviewers.users, ...rules.bypass.users]);
  const teams = teamTitles(db, organizationId, [...rules.requiredReviewers.teams, ...rules.bypass.teams]);
  for (const [field, ids, kind] of lists) {
    ids.forEach((id, index) => {
      const known = kind === 'user' ? users.has(id) : teams.has(id);
      if (!known)
        throw badRequest(
          `body field \`${field}[${index}]\`: no ${kind === 'user' ? 'member' : 'team'} with id \`${id}\` in this organization`,
        );
    });
  }
}

export const mergeRuleHandlers = {
  getOrganizationMergeRules: ({ params, actor, services: { db }, baseUrl }) => {
    const { org, actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.viewMergeRules', null);
    return present(organizationRules(db, org.id), baseUrl);
  },

  updateOrganizationMergeRules: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const { org, actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageMergeRules', null);
    ensureKnownIds(db, org.id, body);
    saveMergeRules(db, clock.now(), {
      organizationId: org.id,
      spaceId: null,
      rules: body,
      actorId: actor.userId,
    });
    return present(organizationRules(db, org.id), baseUrl);
  },

  getSpaceMergeRules: ({ params, actor, services: { db }, baseUrl }) => {
    const { space } = resolveSpaceAccess(db, params.spaceId, actor);
    return present(spaceRules(db, space), baseUrl);
  },

  updateSpaceMergeRules: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const { space, actor: orgActor, level } = resolveSpaceAccess(db, params.spaceId, actor);
    authorize(orgActor, 'space.admin', { level });
    ensureKnownIds(db, space.organization_id, body);
    saveMergeRules(db, clock.now(), {
      organizationId: space.organization_id,
      spaceId: space.id,
      rules: body,
      actorId: actor.userId,
    });
    return present(spaceRules(db, space), baseUrl);
  },

  deleteSpaceMergeRules: ({ params, actor, services: { db, clock } }) => {
    const { space, actor: orgActor, level } = resolveSpaceAccess(db, params.spaceId, actor);
    authorize(orgActor, 'space.admin', { level });
    deleteSpaceMergeRules(db, clock.now(), {
      organizationId: space.organization_id,
      spaceId: space.id,
      actorId: actor.userId,
    });
    return undefined;
  },
} satisfies Handlers;
