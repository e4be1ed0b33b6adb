/** Changes to a team's members from its list: a team role (told with Undo) and a removal from the team. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../bridge/errors.ts';
import {
  removeTeamMember,
  setTeamRole,
  type TeamMemberEntry,
  type TeamRole,
} from '../../../queries/teams.ts';
import { toast, toastUndoable } from '../../../ui/Toast.tsx';

const ROLE_NAMES: Record<TeamRole, string> = { owner: 'Owner', member: 'Member' };

/** A team role change: who, from what, to what. */
interface RoleChange {
  userId: string;
  name: string;
  from: TeamRole;
  to: TeamRole;
}

/** The team member mutations of one team; `entries` reads the members shown now (for names and roles). */
export function useTeamMemberChanges(
  profileId: string,
  orgId: string,
  teamId: string,
  entries: () => readonly TeamMemberEntry[],
) {
  const queryClient = useQueryClient();
  const send = ({ userId, to }: RoleChange) => setTeamRole(queryClient, profileId, orgId, teamId, userId, to);
  const revert = useMutation({
    mutationFn: send,
    onSuccess: (_value, { name, to }) =>
      toast({ tone: 'success', title: `${name} is a team ${ROLE_NAMES[to].toLowerCase()} again` }),
    onError: (error, { name }) =>
      toast({
        tone: 'error',
        title: `${name}'s team role was not put back`,
        description: errorMessage(error),
      }),
  });
  const role = useMutation({
    mutationFn: send,
    onSuccess: (_value, change) =>
      toastUndoable({
        title: `${change.name} is now a team ${ROLE_NAMES[change.to].toLowerCase()}`,
        description: `Was ${ROLE_NAMES[change.from].toLowerCase()}.`,
        undo: () => revert.mutate({ ...change, from: change.to, to: change.from }),
      }),
    onError: (error, { name }) =>
      toast({
        tone: 'error',
        title: `${name}'s team role was not changed`,
        description: errorMessage(error),
      }),
  });
  const removal = useMutation({
    mutationFn: ({ userId }: { userId: string; name: string; then: () => void }) =>
      removeTeamMember(queryClient, profileId, orgId, teamId, userId),
    onSuccess: (_value, { name, then }) => {
      then();
      toast({ tone: 'success', title: `${name} removed from the team` });
    },
    onError: (error, { name }) =>
      toast({
        tone: 'error',
        title: `${name} was not removed from the team`,
        description: errorMessage(error),
      }),
  });

  const find = (userId: string) => entries().find((entry) => entry.organization.id === userId);
  return {
    setRole: (userId: string, to: TeamRole) => {
      const entry = find(userId);
      if (entry === undefined || entry.team.role === to) return;
      role.mutate({ userId, name: entry.organization.user.displayName, from: entry.team.role, to });
    },
    remove: (userId: string, then: () => void) =>
      removal.mutate({ userId, name: find(userId)?.organization.user.displayName ?? 'The member', then }),
    busy: (userId: string) =>
      [role, revert].some((m) => m.isPending && m.variables.userId === userId) ||
      (removal.isPending && removal.variables.userId === userId),
  };
}
