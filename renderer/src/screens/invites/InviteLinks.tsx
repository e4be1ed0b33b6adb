/** The invite links of an organization: create with a role, change the role, revoke, copy. */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { Invite, Organization } from '../../../../shared/contract/resources/organizations.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { inviteLinksQuery, useInviteLinkMutations } from '../../queries/invites.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { Banner, EmptyState, Skeleton } from '../../ui/Feedback.tsx';
import { toast, toastUndoable } from '../../ui/Toast.tsx';
import { copyText } from '../../ui/copy/copy.ts';
import { CopyFallback } from '../../ui/copy/CopyFallback.tsx';
import { InviteLinkRow } from './InviteLinkRow.tsx';
import { RoleSelect } from '../../ui/RoleSelect.tsx';
import { fromRoleValue, roleName, type RoleOrGuest, type RoleValue } from '../../ui/roles.ts';

/** Props of `InviteLinks`. */
export interface InviteLinksProps {
  profileId: string;
  org: Organization;
  profileName: string;
  /** The profile's API base URL, for the join address. */
  baseUrl: string | undefined;
}

/** The link's address (the API's `joinOrganizationWithInvite`): people join the organization through it. */
export function joinUrl(baseUrl: string, orgId: string, inviteId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/v1/orgs/${encodeURIComponent(orgId)}/invites/${encodeURIComponent(inviteId)}`;
}

/** The invite links section. */
export function InviteLinks({ profileId, org, profileName, baseUrl }: InviteLinksProps) {
  const links = useQuery(inviteLinksQuery(profileId, org.id));
  const { create, setRole, revoke } = useInviteLinkMutations(profileId, org.id);
  const [role, setNewRole] = useState<RoleValue>('read');
  const [createError, setCreateError] = useState<string | undefined>();
  const [revoking, setRevoking] = useState<Invite | undefined>();
  const [fallback, setFallback] = useState<string | undefined>();

  const onCreate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setCreateError(undefined);
    create.mutate(fromRoleValue(role), {
      onSuccess: (invite) =>
        toast({ title: `Invite link created (${roleName(invite.role)})`, tone: 'success' }),
      onError: (error) => setCreateError(errorMessage(error)),
    });
  };

  const onCopy = async (invite: Invite) => {
    const text = joinUrl(baseUrl ?? '', org.id, invite.id);
    setFallback(undefined);
    if (await copyText(text)) toast({ title: 'Link copied', tone: 'success' });
    else setFallback(text);
  };

  const onRole = (invite: Invite, next: RoleOrGuest, undoing = false) =>
    setRole.mutate(
      { inviteId: invite.id, role: next },
      {
        onSuccess: () => {
          if (undoing) return toast({ title: `Link grants ${roleName(next)} again`, tone: 'success' });
          toastUndoable({
            title: `Link now grants ${roleName(next)}`,
            description: `It granted ${roleName(invite.role)}.`,
            undo: () => onRole({ ...invite, role: next }, invite.role, true),
          });
        },
        onError: (error) =>
          toast({ title: 'The role was not changed', description: errorMessage(error), tone: 'error' }),
      },
    );

  const onRevoke = () => {
    if (revoking === undefined) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toast({ title: 'Invite link revoked', tone: 'success' });
        setRevoking(undefined);
      },
      onError: (error) => {
        toast({ title: 'The link was not revoked', description: errorMessage(error), tone: 'error' });
        setRevoking(undefined);
      },
    });
  };

  return (
    <div className="section" aria-labelledby="invite-links-title">
      <h2 id="invite-links-title">Invite links</h2>
      <p className="muted">
        Anyone who has a link can join the organization with the link’s role. Copy a link to share it; revoke
        it to stop new people from joining with it.
      </p>
      {!org.inviteLinks && (
        <Banner tone="warning" title="Invite links are turned off" data-testid="invite-links-off">
          Nobody can join with a link, and new links cannot be created.{' '}
          <Link to="/p/$profileId/orgs/$orgId/settings" params={{ profileId, orgId: org.id }}>
            Turn them on in Settings
          </Link>
          .
        </Banner>
      )}
      <form
        className="inline-form"
        onSubmit={onCreate}
        data-testid="invite-create"
        aria-label="Create an invite link"
      >
        <label className="field-label" htmlFor="invite-role">
          Role for a new link
        </label>
        <RoleSelect id="invite-role" value={role} onRoleChange={setNewRole} data-testid="invite-role" />
        <Button type="submit" variant="primary" pending={create.isPending} data-testid="invite-create-submit">
          Create link
        </Button>
      </form>
      {createError !== undefined && (
        <Banner tone="error" title="The link was not created" data-testid="invite-create-error">
          {createError}
        </Banner>
      )}
      {fallback !== undefined && <CopyFallback text={fallback} onClose={() => setFallback(undefined)} />}
      {links.isError ? (
        <ErrorState
          error={links.error}
          what="the invite links"
          profileName={profileName}
          onRetry={() => void links.refetch()}
        />
      ) : links.isPending ? (
        <div className="table-skeleton" role="status" aria-busy="true" aria-label="Loading invite links">
          <Skeleton height="2rem" />
          <Skeleton height="2rem" />
        </div>
      ) : links.data.length === 0 ? (
        <EmptyState title="No invite links">Create one above to let people join with a role.</EmptyState>
      ) : (
        <table className="data-table" aria-labelledby="invite-links-title">
          <thead>
            <tr>
              <th scope="col">Role</th>
              <th scope="col">Link id</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {links.data.map((invite) => (
              <InviteLinkRow
                key={invite.id}
                invite={invite}
                busy={setRole.isPending && setRole.variables.inviteId === invite.id}
                onRole={(next) => onRole(invite, next)}
                onCopy={() => void onCopy(invite)}
                onRevoke={() => setRevoking(invite)}
              />
            ))}
          </tbody>
        </table>
      )}
      <ConfirmDialog
        open={revoking !== undefined}
        onOpenChange={(open) => {
          if (!open) setRevoking(undefined);
        }}
        title="Revoke this invite link?"
        description={
          revoking !== undefined
            ? `Link ${revoking.id} (${roleName(revoking.role)}) stops working at once: nobody can join with it any more. People who joined with it stay members.`
            : ''
        }
        confirmLabel="Revoke link"
        onConfirm={onRevoke}
        pending={revoke.isPending}
      />
    </div>
  );
}
