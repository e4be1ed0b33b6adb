/** Adds members to a team, or moves them from one team to another: optimistic, rolled back on failure. */
import type { QueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../bridge/errors.ts';
import { invalidateMembers } from '../../../queries/members.ts';
import { teamKey, teamListsKey, updateTeamMembers } from '../../../queries/teams.ts';
import { toast } from '../../../ui/Toast.tsx';
import {
  cachedTeamMembers,
  editTeamMembers,
  findCachedMembers,
  restore,
  shiftMemberCount,
  snapshot,
} from './teamCache.ts';

/** What to add or move, and where. */
export interface TeamMoveRequest {
  profileId: string;
  orgId: string;
  userIds: readonly string[];
  target: { teamId: string; title: string };
  /** The team they come from: set (and different from the target) means a move. */
  fromTeamId?: string | undefined;
}

/** "1 member" / "3 members". */
export function membersPhrase(count: number): string {
  return `${count} ${count === 1 ? 'member' : 'members'}`;
}

/** Whether a request moves members (rather than adding them). */
export function isMove(request: Pick<TeamMoveRequest, 'fromTeamId' | 'target'>): boolean {
  return request.fromTeamId !== undefined && request.fromTeamId !== request.target.teamId;
}

function applyOptimistic(queryClient: QueryClient, request: TeamMoveRequest, move: boolean): void {
  const { profileId, orgId, userIds, target, fromTeamId } = request;
  const ids = new Set(userIds);
  const targetMembers = cachedTeamMembers(queryClient, profileId, orgId, target.teamId);
  const already = new Set((targetMembers ?? []).map((entry) => entry.organization.id));
  const newIds = userIds.filter((id) => !already.has(id));
  shiftMemberCount(queryClient, profileId, orgId, target.teamId, newIds.length);
  const members = findCachedMembers(queryClient, profileId, orgId, newIds);
  editTeamMembers(queryClient, profileId, orgId, target.teamId, (entries) => [
    ...entries,
    ...newIds.flatMap((id) => {
      const member = members.get(id);
      return member === undefined
        ? []
        : [{ organization: member, team: { role: 'member' as const }, permissions: { view: true } }];
    }),
  ]);
  if (!move || fromTeamId === undefined) return;
  const sourceMembers = cachedTeamMembers(queryClient, profileId, orgId, fromTeamId);
  const leaving = sourceMembers?.filter((entry) => ids.has(entry.organization.id)).length ?? ids.size;
  shiftMemberCount(queryClient, profileId, orgId, fromTeamId, -leaving);
  editTeamMembers(queryClient, profileId, orgId, fromTeamId, (entries) =>
    entries.filter((entry) => !ids.has(entry.organization.id)),
  );
}

/**
 * Adds `userIds` to the target team (one bulk request), or moves them (one bulk add on the target, then one bulk
 * remove on the source). The cache changes at once; on failure it is put back and a toast gives the server's
 * message. Resolves to whether it succeeded.
 */
export async function addOrMoveMembers(queryClient: QueryClient, request: TeamMoveRequest): Promise<boolean> {
  const { profileId, orgId, userIds, target, fromTeamId } = request;
  if (userIds.length === 0) return false;
  if (fromTeamId === target.teamId) {
    toast({ title: `Already in ${target.title}`, description: 'Nothing changed.' });
    return false;
  }
  const move = isMove(request);
  const affected = [teamKey(profileId, orgId, target.teamId)];
  if (move && fromTeamId !== undefined) affected.push(teamKey(profileId, orgId, fromTeamId));
  const prefixes = [teamListsKey(profileId, orgId), ...affected];
  await Promise.all(prefixes.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  const saved = snapshot(queryClient, prefixes);
  applyOptimistic(queryClient, request, move);
  const phrase = membersPhrase(userIds.length);
  let ok = true;
  try {
    await updateTeamMembers(profileId, orgId, target.teamId, { add: [...userIds] });
    if (move && fromTeamId !== undefined) {
      await updateTeamMembers(profileId, orgId, fromTeamId, { remove: [...userIds] });
    }
    toast({ title: `${move ? 'Moved' : 'Added'} ${phrase} to ${target.title}`, tone: 'success' });
  } catch (error) {
    ok = false;
    restore(queryClient, saved);
    toast({
      title: `${phrase} not ${move ? 'moved' : 'added'} to ${target.title}`,
      description: errorMessage(error),
      tone: 'error',
    });
  }
  await Promise.all([
    ...affected.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    queryClient.invalidateQueries({ queryKey: teamListsKey(profileId, orgId) }),
    invalidateMembers(queryClient, profileId, orgId, userIds),
  ]);
  return ok;
}
