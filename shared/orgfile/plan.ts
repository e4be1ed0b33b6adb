/**
 * The plan: what to change in a live organization (snapshot.ts) so that it matches a file (schema.ts), as ordered
 * steps an apply runs one by one, each with a sentence for the preview and, where it can hurt, why. Each resource
 * is planned in its own file under plan/; this one orders their steps and counts them.
 *
 * Rules:
 * - Items are matched by their id where the file keeps one that still exists, else by name: a member by email (any
 *   case), a team by title, a collection or space by title under the same (matched) parent, a custom field by name.
 *   A matched item whose name differs is renamed, never replaced.
 * - Dangerous steps say so: removing or demoting an admin, deleting a team, a collection (and what is inside it), a
 *   space, a site or a section, revoking or deactivating a share link, unpublishing a site, deleting a custom field
 *   or a SAML provider.
 * - A step that cannot run yet says why (`blocked`): adding someone to a team, or giving them a role, before they
 *   joined the organization.
 * - Order (plan/common.ts `Stages`): members invited and promoted first (so an organization never runs out of
 *   admins); then teams, team members, collections parents first, spaces, settings; then moves; then grants, once
 *   what they name exists; then what is taken away; deletions come last, children with their parent, members last.
 *   An empty plan means the organization matches the file.
 */
import type { OrgFile } from './schema.ts';
import type { OrgSnapshot } from './snapshot.ts';
import { planAccess, type GrantsOf } from './plan/access.ts';
import type { PlanContext, Stages } from './plan/common.ts';
import { planContent } from './plan/content.ts';
import { planMembers } from './plan/members.ts';
import { planSettings } from './plan/settings.ts';
import { planSites } from './plan/sites.ts';
import { spacePaths } from './export-sites.ts';
import { PLAN_RESOURCES, type ItemRef, type Plan, type PlanStep } from './plan/steps.ts';
import { planTeams } from './plan/teams.ts';

export type {
  CollectionRef,
  Grantee,
  GrantTarget,
  ItemRef,
  Plan,
  PlanResource,
  PlanStep,
  SiteRef,
  SpaceRef,
  TeamRef,
} from './plan/steps.ts';
export { PLAN_RESOURCES } from './plan/steps.ts';

/** The plan that makes `live` match `file`. */
export function planOrgFile(file: OrgFile, live: OrgSnapshot): Plan {
  const stages: Stages = { members: [], build: [], move: [], grant: [], remove: [], delete: [], last: [] };
  const gone = new Set<string>();
  const people = planMembers(file, live, stages);
  for (const step of stages.last)
    if (step.resource === 'member' && step.action === 'delete') gone.add(step.userId);
  const teams = planTeams(file, live, stages, { ...people, gone });
  const context: PlanContext = { ...people, ...teams, gone };
  const targets: GrantsOf[] = planContent(file, live, stages, gone);
  if (file.sites !== undefined) {
    // Sites name spaces by path: as the file has them, else (a file without spaces) as they are.
    const spaceByPath = new Map<string, ItemRef>();
    for (const [id, path] of spacePaths(live)) spaceByPath.set(path, { id, title: path });
    if (file.spaces !== undefined) {
      spaceByPath.clear();
      for (const target of targets)
        if (target.on.type === 'space') spaceByPath.set(target.on.name, target.on.ref);
    }
    targets.push(...planSites(file.sites, live, stages, spaceByPath, gone));
  }
  planSettings(file, live, stages, context);
  // A version 1 file says nothing of grants: they are left as they are.
  if (file.version >= 2) planAccess(targets, live, stages, context);

  return planOf([
    ...stages.members,
    ...stages.build,
    ...stages.move,
    ...stages.grant,
    ...stages.remove,
    ...stages.delete,
    ...stages.last,
  ]);
}

/** A plan of these steps, in this order, with their counts. */
export function planOf(steps: PlanStep[]): Plan {
  const counts = Object.fromEntries(
    PLAN_RESOURCES.map((resource) => [resource, { create: 0, update: 0, delete: 0 }]),
  ) as Plan['counts'];
  for (const step of steps) counts[step.resource][step.action === 'move' ? 'update' : step.action] += 1;
  return {
    steps,
    counts,
    dangerous: steps.filter((step) => step.dangerous !== undefined).length,
    blocked: steps.filter((step) => step.blocked !== undefined).length,
  };
}
