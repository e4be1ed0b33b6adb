/**
 * The writes of an Access tab: give people or teams a role, change a grant's role, take a grant back. Each says what
 * it did in a toast with Undo (take the new grant back, or give the previous role again), and refreshes every Access
 * tab of the organization, since a grant on a collection changes its spaces' access.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '../../../../shared/contract/constants.ts';
import { errorMessage } from '../../bridge/errors.ts';
import {
  invalidateAccess,
  inviteGrantees,
  removeGrant,
  updateGrant,
  type AccessItem,
  type GranteeRef,
} from '../../queries/permissions.ts';
import { roleLabel } from '../roles.ts';
import { granteeName as who, granteesPhrase, type NamedGrantee } from './candidates.ts';
import { toast, toastUndoable } from '../Toast.tsx';

/** One change of the tab. */
export type AccessChange =
  | { kind: 'add'; grantees: NamedGrantee[]; role: Role }
  | { kind: 'change'; grantee: NamedGrantee; from: Role | null; to: Role }
  | { kind: 'remove'; grantee: NamedGrantee; from: Role | null };

const roleText = (role: Role | null) => (role === null ? 'Guest' : roleLabel(role));

const split = (grantees: readonly GranteeRef[]) => {
  const users = grantees.filter((g) => g.type === 'user').map((g) => g.id);
  const teams = grantees.filter((g) => g.type === 'team').map((g) => g.id);
  return { ...(users.length > 0 ? { users } : {}), ...(teams.length > 0 ? { teams } : {}) };
};

/** The tab's writes; `itemLabel` names the item in messages (`space “Handbook”`). */
export function useAccessChanges(profileId: string, orgId: string, item: AccessItem, itemLabel: string) {
  const queryClient = useQueryClient();
  const refresh = () => invalidateAccess(queryClient, profileId, orgId);

  const run = async (change: AccessChange): Promise<void> => {
    switch (change.kind) {
      case 'add':
        return inviteGrantees(profileId, orgId, item, split(change.grantees), change.role);
      case 'change':
        return updateGrant(profileId, orgId, item, change.grantee, change.to);
      case 'remove':
        return removeGrant(profileId, orgId, item, change.grantee);
    }
  };

  /** The changes that reverse one, if the API can make them (a site's guest override cannot be given again). */
  const reverse = (change: AccessChange): AccessChange[] | undefined => {
    switch (change.kind) {
      case 'add':
        return change.grantees.map((grantee) => ({ kind: 'remove', grantee, from: change.role }));
      case 'change':
        return change.from === null
          ? undefined
          : [{ kind: 'change', grantee: change.grantee, from: change.to, to: change.from }];
      case 'remove':
        return change.from === null
          ? undefined
          : [{ kind: 'add', grantees: [change.grantee], role: change.from }];
    }
  };

  const sentence = (change: AccessChange): string => {
    switch (change.kind) {
      case 'add':
        return `${granteesPhrase(change.grantees)} given ${roleText(change.role)} on ${itemLabel}`;
      case 'change':
        return `${who(change.grantee)}: ${roleText(change.from)} → ${roleText(change.to)} on ${itemLabel}`;
      case 'remove':
        return `${roleText(change.from)} on ${itemLabel} taken back from ${who(change.grantee)}`;
    }
  };

  const undoOf = (change: AccessChange) => {
    const back = reverse(change);
    if (back === undefined) return undefined;
    return () => {
      void (async () => {
        for (const step of back) await run(step);
      })()
        .then(() => toast({ title: `Undone: ${sentence(change)}`, tone: 'success' }))
        .catch((failure: unknown) =>
          toast({ title: 'The change was not undone', description: errorMessage(failure), tone: 'error' }),
        )
        .finally(() => void refresh());
    };
  };

  const mutation = useMutation({
    mutationFn: run,
    onSuccess: (_, change) => {
      const undo = undoOf(change);
      if (undo !== undefined) toastUndoable({ title: sentence(change), undo });
      else toast({ title: sentence(change), tone: 'success' });
    },
    onSettled: () => refresh(),
  });

  return {
    /** Makes a change; the promise rejects with the server's error (the caller keeps what was typed). */
    apply: (change: AccessChange) => mutation.mutateAsync(change),
    pending: mutation.isPending,
    pendingChange: mutation.isPending ? mutation.variables : undefined,
  };
}
