/** Email invites awaiting the invited person's first visit: when sent, by whom, with its role; resend or revoke. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { EmailInvite } from '../../../../shared/contract/resources/organizations.ts';
import { errorKind, errorMessage } from '../../bridge/errors.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { emailInvitesQuery, useEmailInviteMutations } from '../../queries/invites.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { EmptyState, Skeleton } from '../../ui/Feedback.tsx';
import { roleName } from '../../ui/roles.ts';
import { fullDate, timeAgo } from '../../ui/time.ts';
import { toast } from '../../ui/Toast.tsx';

/** Props of `PendingInvites`. */
export interface PendingInvitesProps {
  profileId: string;
  orgId: string;
  profileName: string;
}

/** The pending invites section. */
export function PendingInvites({ profileId, orgId, profileName }: PendingInvitesProps) {
  const invites = useQuery(emailInvitesQuery(profileId, orgId));
  const { resend, revoke } = useEmailInviteMutations(profileId, orgId);
  const [revoking, setRevoking] = useState<EmailInvite | undefined>();
  const now = Date.now();

  const onResend = (invite: EmailInvite) =>
    resend.mutate(invite.id, {
      onSuccess: () => toast({ tone: 'success', title: `Invite sent again to ${invite.email}` }),
      onError: (error) =>
        toast({
          tone: 'error',
          title: `The invite to ${invite.email} was not sent`,
          description: errorMessage(error),
        }),
    });
  const onRevoke = () => {
    if (revoking === undefined) return;
    const invite = revoking;
    revoke.mutate(invite.id, {
      onSuccess: () => toast({ tone: 'success', title: `Invite to ${invite.email} revoked` }),
      onError: (error) =>
        toast({
          tone: 'error',
          title: `The invite to ${invite.email} was not revoked`,
          description: errorMessage(error),
        }),
      onSettled: () => setRevoking(undefined),
    });
  };

  let body;
  if (invites.isError) {
    const kind = errorKind(invites.error);
    body =
      kind === 'notFound' || kind === 'notAvailable' ? (
        <EmptyState title="This API does not list pending invites">
          GitBook’s API has no list of them: invited people show as members until they sign in.
        </EmptyState>
      ) : (
        <ErrorState
          error={invites.error}
          what="the pending invites"
          profileName={profileName}
          onRetry={() => void invites.refetch()}
        />
      );
  } else if (invites.isPending) {
    body = (
      <div className="table-skeleton" role="status" aria-busy="true" aria-label="Loading pending invites">
        <Skeleton height="2rem" />
      </div>
    );
  } else if (invites.data.length === 0) {
    body = <EmptyState title="No pending invites">Everyone invited by email has signed in.</EmptyState>;
  } else {
    body = (
      <table className="data-table" aria-labelledby="pending-invites-title" data-testid="pending-invites">
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Sent</th>
            <th scope="col">Invited by</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invites.data.map((invite) => (
            <tr key={invite.id} data-testid="pending-invite" data-invite-id={invite.id}>
              <td>{invite.email}</td>
              <td>{roleName(invite.role)}</td>
              <td title={fullDate(invite.sentAt)}>
                {timeAgo(invite.sentAt, now)}
                {invite.sentCount > 1 && <span className="muted"> ({invite.sentCount} times)</span>}
              </td>
              <td>{invite.invitedBy?.displayName ?? <span className="muted">Unknown</span>}</td>
              <td>
                <div className="row-actions">
                  <Button
                    size="sm"
                    onClick={() => onResend(invite)}
                    pending={resend.isPending && resend.variables === invite.id}
                    aria-label={`Resend the invite to ${invite.email}`}
                    data-testid="pending-invite-resend"
                  >
                    Resend
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="btn-ghost-danger"
                    onClick={() => setRevoking(invite)}
                    aria-label={`Revoke the invite to ${invite.email}`}
                    data-testid="pending-invite-revoke"
                  >
                    Revoke
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }

  return (
    <div className="section" aria-labelledby="pending-invites-title">
      <h2 id="pending-invites-title">Pending invites</h2>
      <p className="muted">
        People invited by email who have not signed in yet. They already count as members.
      </p>
      {body}
      <ConfirmDialog
        open={revoking !== undefined}
        onOpenChange={(open) => {
          if (!open) setRevoking(undefined);
        }}
        title={`Revoke the invite to ${revoking?.email ?? ''}?`}
        description={`${revoking?.email ?? 'The invited person'} leaves the organization (invited people are members from the start) and the invite stops working. To undo this, invite them again.`}
        confirmLabel="Revoke invite"
        onConfirm={onRevoke}
        pending={revoke.isPending}
      />
    </div>
  );
}
