/** Adds members to a team, or moves them from one team to another: optimistic, rolled back on failure, undoable. */
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { errorMessage } from '../../../bridge/errors.ts';
import { invalidateMembers } from '../../../queries/members.ts';
import { teamKey, teamListsKey, updateTeamMembers } from '../../../queries/teams.ts';
import { toast, toastUndoable } from '../../../ui/Toast.tsx';
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

/** What a move did, for its Undo: the members the target did not hold before. */
export interface TeamMoveDone {
  request: TeamMoveRequest;
  added: string[];
}

/** What the optimistic change of a move keeps for its rollback, its refetch and its Undo. */
interface TeamMoveContext {
  /** The cached lists and teams as they were, put back if the server refuses. */
  saved: ReturnType<typeof snapshot>;
  /** The members the target held before (as far as the cache knew). */
  holds: ReadonlySet<string>;
  /** The teams whose members change. */
  affected: QueryKey[];
}

/** The optimistic half of a move (a mutation's `onMutate`): the cache changes at once, saved first. */
async function startTeamMove(queryClient: QueryClient, request: TeamMoveRequest): Promise<TeamMoveContext> {
  const { profileId, orgId, target, fromTeamId } = request;
  const move = isMove(request);
  const affected = [teamKey(profileId, orgId, target.teamId)];
  if (move && fromTeamId !== undefined) affected.push(teamKey(profileId, orgId, fromTeamId));
  const prefixes = [teamListsKey(profileId, orgId), ...affected];
  await Promise.all(prefixes.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  const saved = snapshot(queryClient, prefixes);
  const before = cachedTeamMembers(queryClient, profileId, orgId, target.teamId);
  const holds = new Set((before ?? []).map((entry) => entry.organization.id));
  applyOptimistic(queryClient, request, move);
  return { saved, holds, affected };
}

/** Adds `userIds` to the target team (one bulk request), or moves them (then one bulk remove on the source). */
async function sendTeamMove(request: TeamMoveRequest): Promise<void> {
  const { profileId, orgId, userIds, target, fromTeamId } = request;
  await updateTeamMembers(profileId, orgId, target.teamId, { add: [...userIds] });
  if (isMove(request) && fromTeamId !== undefined)
    await updateTeamMembers(profileId, orgId, fromTeamId, { remove: [...userIds] });
}

/** Reverses a move or an add: the members go back to their team, and leave the target if they were not in it. */
export async function undoTeamMove(queryClient: QueryClient, done: TeamMoveDone): Promise<void> {
  const { profileId, orgId, userIds, target, fromTeamId } = done.request;
  const affected = [teamKey(profileId, orgId, target.teamId)];
  try {
    if (isMove(done.request) && fromTeamId !== undefined) {
      affected.push(teamKey(profileId, orgId, fromTeamId));
      await updateTeamMembers(profileId, orgId, fromTeamId, { add: [...userIds] });
    }
    if (done.added.length > 0)
      await updateTeamMembers(profileId, orgId, target.teamId, { remove: done.added });
  } finally {
    await refreshTeams(queryClient, done.request, affected);
  }
}

function refreshTeams(queryClient: QueryClient, request: TeamMoveRequest, affected: QueryKey[]) {
  const { profileId, orgId, userIds } = request;
  return Promise.all([
    ...affected.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    queryClient.invalidateQueries({ queryKey: teamListsKey(profileId, orgId) }),
    invalidateMembers(queryClient, profileId, orgId, userIds),
  ]);
}

/** Adds or moves members to a team (a no-op when they come from it), told in a toast with Undo. */
export function useTeamMoves(profileId: string, orgId: string) {
  const queryClient = useQueryClient();
  const undo = useMutation({
    mutationFn: (done: TeamMoveDone) => undoTeamMove(queryClient, done),
    onSuccess: (_value, { request }) =>
      toast({
        tone: 'success',
        title: `Undone: ${membersPhrase(request.userIds.length)} back where they were`,
      }),
    onError: (error, { request }) =>
      toast({
        tone: 'error',
        title: `Could not undo the change to ${request.target.title}`,
        description: errorMessage(error),
      }),
  });
  const full = (request: Omit<TeamMoveRequest, 'profileId' | 'orgId'>): TeamMoveRequest => ({
    ...request,
    profileId,
    orgId,
  });
  // Optimistic: the cache changes at once (onMutate) and is put back if the server refuses (onError); the teams and
  // members are refetched either way, before the toast.
  const move = useMutation({
    onMutate: (request: Omit<TeamMoveRequest, 'profileId' | 'orgId'>) =>
      startTeamMove(queryClient, full(request)),
    mutationFn: (request: Omit<TeamMoveRequest, 'profileId' | 'orgId'>) => sendTeamMove(full(request)),
    onSuccess: async (_value, request, context) => {
      await refreshTeams(queryClient, full(request), context.affected);
      // Without the target's list in the cache, every member counts as added: removing one who was there is the
      // price of an Undo that never leaves a moved member behind.
      const done: TeamMoveDone = {
        request: full(request),
        added: request.userIds.filter((id) => !context.holds.has(id)),
      };
      const phrase = membersPhrase(done.request.userIds.length);
      toastUndoable({
        title: `${isMove(done.request) ? 'Moved' : 'Added'} ${phrase} to ${done.request.target.title}`,
        undo: () => undo.mutate(done),
      });
    },
    onError: async (error, request, context) => {
      if (context !== undefined) {
        restore(queryClient, context.saved);
        await refreshTeams(queryClient, full(request), context.affected);
      }
      toast({
        title: `${membersPhrase(request.userIds.length)} not ${isMove(request) ? 'moved' : 'added'} to ${request.target.title}`,
        description: errorMessage(error),
        tone: 'error',
      });
    },
  });
  return (request: Omit<TeamMoveRequest, 'profileId' | 'orgId'>) => {
    if (request.userIds.length === 0) return;
    if (request.fromTeamId === request.target.teamId) {
      toast({ title: `Already in ${request.target.title}`, description: 'Nothing changed.' });
      return;
    }
    move.mutate(request);
  };
}
