/**
 * The lists an action opens in the palette, and the changes they make: a member's new role, a team to add them to,
 * where to move a space or collection, the role of an invite. Each choice commits only when picked (Enter or click),
 * through a mutation, and says what it did in a toast (with Undo for a role or a move); a role change follows the members
 * screen's rules: the last admin's lower roles explain the refusal, and oneself or the Admin role ask first.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '../../../../shared/contract/common.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { contentQuery, invalidateContent, moveContentItem, type ContentData } from '../../queries/content.ts';
import { inviteByEmail, inviteLinksKey } from '../../queries/invites.ts';
import { adminCountQuery, useUpdateMemberRole } from '../../queries/members.ts';
import { currentUserQuery, invalidateTeamLists, teamsQuery, updateTeamMembers } from '../../queries/teams.ts';
import type { MoveRequest } from '../../queries/contentTree/moves.ts';
import { buildTree, itemKey } from '../../queries/contentTree/tree.ts';
import { undoRequests } from '../../queries/contentTree/undoMoves.ts';
import { toast, toastUndoable } from '../../ui/Toast.tsx';
import { checkRoleChange } from '../../ui/roleRules.ts';
import { roleName } from '../../ui/roles.ts';
import { ROLE_CHOICES, type PaletteEntry, type PaletteStep } from './model.ts';

const failed = (what: string) => (error: unknown) =>
  toast({ title: `Could not ${what}`, description: errorMessage(error), tone: 'error' });

/** The changes the palette makes, each a mutation that says what it did; `content`: the tree before a move. */
function usePaletteChanges(profileId: string, orgId: string, content: ContentData | undefined) {
  const queryClient = useQueryClient();
  const role = useUpdateMemberRole(profileId, orgId);
  const undo = useMutation({
    mutationFn: ({ userId, current }: { userId: string; name: string; current: Role | null }) =>
      role.mutateAsync({ userId, role: current }),
    onSuccess: (_member, { name, current }) =>
      toast({ title: `${name} is ${roleName(current)} again`, tone: 'success' }),
    onError: (error, { name }) => failed(`undo the role change of ${name}`)(error),
  });
  const addToTeam = useMutation({
    mutationFn: ({ teamId, userId }: { teamId: string; userId: string; label: string }) =>
      updateTeamMembers(profileId, orgId, teamId, { add: [userId] }),
    onSuccess: (_none, { label }) => {
      toast({ title: label, tone: 'success' });
      return invalidateTeamLists(queryClient, profileId, orgId);
    },
    onError: failed('add to the team'),
  });
  // A move's Undo puts the item back in its place, computed as the content tree screen does on the tree before it.
  const moveBack = useMutation({
    mutationFn: async ({ requests }: { requests: MoveRequest[]; title: string }) => {
      for (const request of requests)
        await moveContentItem(profileId, request.kind, request.id, request.body);
    },
    onSuccess: (_none, { title }) => toast({ title: `${title} is back where it was`, tone: 'success' }),
    onError: (error, { title }) => failed(`move ${title} back`)(error),
    onSettled: () => invalidateContent(queryClient, profileId, orgId),
  });
  const move = useMutation({
    mutationFn: (input: { kind: 'space' | 'collection'; id: string; parent: string | null; label: string }) =>
      moveContentItem(profileId, input.kind, input.id, { parent: input.parent }),
    onSuccess: (_moved, { kind, id, label }) => {
      const before = content;
      if (before === undefined) toast({ title: label, tone: 'success' });
      else {
        const requests = undoRequests(buildTree(before.collections, before.spaces), [itemKey(kind, id)]);
        const title = requests[0]?.title ?? 'It';
        toastUndoable({ title: label, undo: () => moveBack.mutate({ requests, title }) });
      }
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
  return { role, undo, addToTeam, move, invite };
}

/** The entries of `step` (none for the plain `actions` list, which carries its own). */
export function useStepEntries(
  profileId: string,
  orgId: string,
  step: PaletteStep | undefined,
): PaletteEntry[] {
  // Each list is followed only while its step shows (a closed palette re-renders on no screen's change).
  const asks = (kind: PaletteStep['kind']) => ({
    enabled: step?.kind === kind,
    subscribed: step?.kind === kind,
  });
  const me = useQuery({ ...currentUserQuery(profileId), ...asks('role') });
  const teams = useQuery({ ...teamsQuery(profileId, orgId), ...asks('team') });
  const content = useQuery({ ...contentQuery(profileId, orgId), ...asks('move') });
  const admins = useQuery({ ...adminCountQuery(profileId, orgId), ...asks('role') });
  const { role, undo, addToTeam, move, invite } = usePaletteChanges(profileId, orgId, content.data);

  switch (step?.kind) {
    case undefined:
    case 'actions':
      return [];
    case 'role': {
      const member = { id: step.userId, role: step.current, user: { displayName: step.name } };
      const context = { me: me.data?.id, admins: admins.data };
      return ROLE_CHOICES.filter((choice) => choice.role !== step.current).map((choice) => {
        const check = checkRoleChange(member, choice.role, context);
        const entry: PaletteEntry = {
          id: `role:${choice.role ?? 'guest'}`,
          kind: 'Action',
          label: choice.label,
          detail: `From ${roleName(step.current)}`,
        };
        // The last-admin rule is said before any request: the choice explains itself and sends nothing.
        if (check.kind === 'refused')
          return {
            ...entry,
            detail: check.reason,
            run: () => toast({ title: 'Role not changed', description: check.reason, tone: 'error' }),
          };
        const commit = (undoable: boolean) => () =>
          role.mutate(
            { userId: step.userId, role: choice.role },
            {
              onSuccess: () => {
                const title = `${step.name} is now ${choice.label}`;
                const description = `Was ${roleName(step.current)}.`;
                if (!undoable) return toast({ title, description, tone: 'success' });
                toastUndoable({ title, description, undo: () => undo.mutate(step) });
              },
              onError: failed(`change the role of ${step.name}`),
            },
          );
        if (check.kind !== 'confirm') return { ...entry, run: commit(true) };
        return {
          ...entry,
          detail: `${entry.detail}: you will be asked to confirm`,
          next: {
            kind: 'actions',
            title: check.title,
            entries: [
              {
                id: 'confirm',
                kind: 'Action',
                label: check.confirmLabel,
                detail: check.description,
                run: commit(check.undoable),
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
