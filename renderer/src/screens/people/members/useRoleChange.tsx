/**
 * Changing one member's role from a role menu: refused on the spot for the last admin, confirmed first where it
 * matters (oneself, the Admin role), then sent, told in a toast with Undo (which sets the previous role back).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Member } from '../../../../../shared/contract/resources/members.ts';
import { adminCountQuery, invalidateMembers, memberKey, updateMemberRole } from '../../../queries/members.ts';
import { orgQuery } from '../../../queries/orgs.ts';
import { currentUserQuery } from '../../../queries/teams.ts';
import { ConfirmDialog } from '../../../ui/Dialog.tsx';
import { roleName, type RoleOrGuest } from '../../../ui/roles.ts';
import { toast, toastUndoable } from '../../../ui/Toast.tsx';
import { toastFailure } from './notify.ts';
import { checkRoleChange, type RoleCheck } from '../../../ui/roleRules.ts';

/** One role change: the member as it was, and the role asked for. */
interface RoleChange {
  member: Member;
  role: RoleOrGuest;
  /** Whether the toast offers Undo (not when one takes the Admin role from oneself). */
  undoable: boolean;
}

type Confirmation = RoleChange & Extract<RoleCheck, { kind: 'confirm' }>;

/** Who asks and what they may do: the signed-in user, the admin count, whether they may change roles. */
export function useRoleContext(profileId: string, orgId: string) {
  const me = useQuery(currentUserQuery(profileId)).data?.id;
  const admins = useQuery(adminCountQuery(profileId, orgId)).data;
  const org = useQuery(orgQuery(profileId, orgId)).data;
  // While the organization loads, controls stay usable and the server decides.
  const canManage = org === undefined || org.permissions.admin;
  return { me, admins, canManage };
}

/** The role changes of a screen: `request` checks and sends one, `dialog` asks when needed. */
export function useRoleChange(profileId: string, orgId: string) {
  const queryClient = useQueryClient();
  const context = useRoleContext(profileId, orgId);
  const [asking, setAsking] = useState<Confirmation | undefined>(undefined);
  const settle = (member: Member) => {
    queryClient.setQueryData(memberKey(profileId, orgId, member.id), member);
    return invalidateMembers(queryClient, profileId, orgId, [member.id]);
  };
  const revert = useMutation({
    mutationFn: ({ member, role }: RoleChange) => updateMemberRole(profileId, orgId, member.id, role),
    onSuccess: (updated) => {
      toast({ tone: 'success', title: `${updated.user.displayName} is ${roleName(updated.role)} again` });
      return settle(updated);
    },
    onError: (error, { member }) => toastFailure(`undo the role change of ${member.user.displayName}`, error),
  });
  const change = useMutation({
    mutationFn: ({ member, role }: RoleChange) => updateMemberRole(profileId, orgId, member.id, role),
    onSuccess: (updated, { member, undoable }) => {
      const title = `${updated.user.displayName} is now ${roleName(updated.role)}`;
      const description = `Was ${roleName(member.role)}.`;
      if (undoable)
        toastUndoable({
          title,
          description,
          undo: () => revert.mutate({ member: updated, role: member.role, undoable: false }),
        });
      else toast({ tone: 'success', title, description });
      return settle(updated);
    },
    onError: (error, { member }) => toastFailure(`change the role of ${member.user.displayName}`, error),
  });

  const request = (member: Member, role: RoleOrGuest) => {
    const check = checkRoleChange(member, role, context);
    if (check.kind === 'unchanged') return;
    if (check.kind === 'refused') {
      toast({ tone: 'error', title: 'Role not changed', description: check.reason });
      return;
    }
    if (check.kind === 'confirm') {
      setAsking({ ...check, member, role });
      return;
    }
    change.mutate({ member, role, undoable: true });
  };

  const dialog = (
    <ConfirmDialog
      open={asking !== undefined}
      onOpenChange={(open) => {
        if (!open) setAsking(undefined);
      }}
      title={asking?.title ?? ''}
      description={asking?.description ?? ''}
      confirmLabel={asking?.confirmLabel ?? 'Change'}
      tone={asking?.role === 'admin' ? 'primary' : 'danger'}
      onConfirm={() => {
        if (asking === undefined) return;
        change.mutate({ member: asking.member, role: asking.role, undoable: asking.undoable });
        setAsking(undefined);
      }}
    />
  );
  const pendingFor = (userId: string) =>
    (change.isPending && change.variables.member.id === userId) ||
    (revert.isPending && revert.variables.member.id === userId);
  /** The members whose role change, or its undo, is under way (for memoized rows, which compare props). */
  const changing = change.isPending ? change.variables.member.id : undefined;
  const reverting = revert.isPending ? revert.variables.member.id : undefined;
  return { request, dialog, pendingFor, changing, reverting, ...context };
}
