/**
 * The lists an action opens in the palette, and the changes they make: a member's new role, a team to add them to,
 * where to move a space or collection, the role of an invite. Each choice commits only when picked (Enter or click),
 * through a mutation, and says what it did in a toast; changing one's own role asks first.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '../../../../shared/contract/common.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { contentQuery, invalidateContent, moveContentItem } from '../../queries/content.ts';
import { inviteByEmail, inviteLinksKey } from '../../queries/invites.ts';
import { useUpdateMemberRole } from '../../queries/members.ts';
import { currentUserQuery, invalidateTeamLists, teamsQuery, updateTeamMembers } from '../../queries/teams.ts';
import { toast } from '../../ui/Toast.tsx';
import { ROLE_CHOICES, roleName, type PaletteEntry, type PaletteStep } from './model.ts';

const failed = (what: string) => (error: unknown) =>
  toast({ title: `Could not ${what}`, description: errorMessage(error), tone: 'error' });

/** The entries of `step` (none for the plain `actions` list, which carries its own). */
export function useStepEntries(
  profileId: string,
  orgId: string,
  step: PaletteStep | undefined,
): PaletteEntry[] {
  const queryClient = useQueryClient();
  const me = useQuery({ ...currentUserQuery(profileId), enabled: step?.kind === 'role' });
  const teams = useQuery({ ...teamsQuery(profileId, orgId), enabled: step?.kind === 'team' });
  const content = useQuery({ ...contentQuery(profileId, orgId), enabled: step?.kind === 'move' });
  const role = useUpdateMemberRole(profileId, orgId);
  const addToTeam = useMutation({
    mutationFn: ({ teamId, userId }: { teamId: string; userId: string; label: string }) =>
      updateTeamMembers(profileId, orgId, teamId, { add: [userId] }),
    onSuccess: (_none, { label }) => {
      toast({ title: label, tone: 'success' });
      return invalidateTeamLists(queryClient, profileId, orgId);
    },
    onError: failed('add to the team'),
  });
  const move = useMutation({
    mutationFn: (input: { kind: 'space' | 'collection'; id: string; parent: string | null; label: string }) =>
      moveContentItem(profileId, input.kind, input.id, { parent: input.parent }),
    onSuccess: (_moved, { label }) => {
      toast({ title: label, tone: 'success' });
      return invalidateContent(queryClient, profileId, orgId);
    },
    onError: failed('move it'),
  });
  const invite = useMutation({
    mutationFn: ({ email, role: chosen }: { email: string; role: Role | null; label: string }) =>
      inviteByEmail(profileId, orgId, { emails: [email], role: chosen }),
    onSuccess: (result, { email, label }) => {
      toast({
        title: result.invited > 0 ? label : `${email} was not invited`,
        ...(result.invited > 0 ? {} : { description: 'The address may already belong to a member.' }),
        tone: result.invited > 0 ? 'success' : 'info',
      });
      return queryClient.invalidateQueries({ queryKey: inviteLinksKey(profileId, orgId) });
    },
    onError: failed('send the invite'),
  });

  switch (step?.kind) {
    case undefined:
    case 'actions':
      return [];
    case 'role': {
      const self = me.data?.id === step.userId;
      return ROLE_CHOICES.filter((choice) => choice.role !== step.current).map((choice) => {
        const label = `${step.name} is now ${choice.label}`;
        const commit = () =>
          role.mutate(
            { userId: step.userId, role: choice.role },
            {
              onSuccess: () => toast({ title: label, tone: 'success' }),
              onError: failed(`change the role of ${step.name}`),
            },
          );
        const entry: PaletteEntry = {
          id: `role:${choice.role ?? 'guest'}`,
          kind: 'Action',
          label: choice.label,
          detail: self ? 'Your own role: you will be asked to confirm' : `From ${roleName(step.current)}`,
        };
        if (!self) return { ...entry, run: commit };
        return {
          ...entry,
          next: {
            kind: 'actions',
            title: `Change your own role to ${choice.label}?`,
            entries: [
              {
                id: 'confirm',
                kind: 'Action',
                label: `Yes, make me ${choice.label}`,
                detail: 'You lose what your current role allows at once; another admin must give it back.',
                run: commit,
              },
            ],
          },
        };
      });
    }
    case 'team':
      return (teams.data?.items ?? []).map((team) => ({
        id: `team:${team.id}`,
        kind: 'Team',
        label: team.title,
        run: () =>
          addToTeam.mutate({
            teamId: team.id,
            userId: step.userId,
            label: `${step.name} added to ${team.title}`,
          }),
      }));
    case 'move': {
      const { item } = step;
      const targets = [{ id: null, title: 'Top level' }, ...(content.data?.collections ?? [])].filter(
        (target) => target.id !== item.id,
      );
      return targets.map((target) => ({
        id: `move:${target.id ?? 'top'}`,
        kind: 'Collection',
        label: target.title,
        run: () =>
          move.mutate({ ...item, parent: target.id, label: `${item.title} moved to ${target.title}` }),
      }));
    }
    case 'invite':
      return ROLE_CHOICES.map((choice) => ({
        id: `invite-role:${choice.role ?? 'guest'}`,
        kind: 'Action',
        label: `Invite as ${choice.label}`,
        run: () =>
          invite.mutate({
            email: step.email,
            role: choice.role,
            label: `${step.email} invited as ${choice.label}`,
          }),
      }));
  }
}
