/**
 * Confirms removing one member (or leaving, for oneself), naming them and what they lose; the last admin is not
 * removable, which the dialog says instead of asking.
 */
import type { Member } from '../../../../../shared/contract/resources/members.ts';
import { useRemoveMember } from '../../../queries/members.ts';
import { Button } from '../../../ui/Button.tsx';
import { ConfirmDialog, Dialog, DialogClose } from '../../../ui/Dialog.tsx';
import { toast } from '../../../ui/Toast.tsx';
import { countOf } from './format.ts';
import { toastFailure } from './notify.ts';
import { isLastAdmin, lastAdminReason } from '../../../ui/roleRules.ts';

/** What a member loses with their membership, in words. */
function lossesOf(member: Member | undefined): string {
  const losses: string[] = [];
  if (member !== undefined && member.teams > 0) losses.push(`membership of ${countOf(member.teams, 'team')}`);
  if (member !== undefined && member.spaces > 0) losses.push(`access to ${countOf(member.spaces, 'space')}`);
  losses.push(
    losses.length === 0
      ? "access to this organization's content"
      : 'access to everything else in this organization',
  );
  return `${losses.slice(0, -1).join(', ')}${losses.length > 1 ? ' and ' : ''}${losses.at(-1) ?? ''}`;
}

/** The removal confirmation; open while `member` is set. */
export function RemoveMemberDialog({
  profileId,
  orgId,
  member,
  isMe,
  admins,
  onClose,
}: {
  profileId: string;
  orgId: string;
  member: Member | undefined;
  /** Whether the member is the signed-in user (who would leave). */
  isMe: boolean;
  admins: number | undefined;
  onClose: () => void;
}) {
  const remove = useRemoveMember(profileId, orgId);
  const name = member?.user.displayName ?? 'this member';
  const email = member?.user.email;
  const onOpenChange = (open: boolean) => {
    if (!open && !remove.isPending) onClose();
  };
  if (member !== undefined && isLastAdmin(member, admins))
    return (
      <Dialog
        open
        onOpenChange={onOpenChange}
        title={isMe ? 'You cannot leave yet' : `${name} cannot be removed yet`}
        description={lastAdminReason(name, isMe)}
        data-testid="last-admin-dialog"
      >
        <div className="dialog-actions">
          <DialogClose>
            <Button variant="primary" autoFocus>
              Close
            </Button>
          </DialogClose>
        </div>
      </Dialog>
    );
  const who = `${name}${email !== undefined ? ` (${email})` : ''}`;
  return (
    <ConfirmDialog
      open={member !== undefined}
      onOpenChange={onOpenChange}
      title={isMe ? 'Leave the organization?' : `Remove ${name} from the organization?`}
      description={
        isMe
          ? `You lose your ${lossesOf(member)} at once, and this app stops showing the organization. Only an admin can invite you back.`
          : `${who} loses their ${lossesOf(member)}. They can only come back with a new invite.`
      }
      confirmLabel={isMe ? 'Leave the organization' : `Remove ${name}`}
      pending={remove.isPending}
      onConfirm={() => {
        if (member === undefined) return;
        remove.mutate(member.id, {
          onSuccess: () => {
            toast({ tone: 'success', title: isMe ? 'You left the organization' : `${name} was removed` });
            onClose();
          },
          onError: (error) => {
            toastFailure(isMe ? 'leave the organization' : `remove ${name}`, error);
            onClose();
          },
        });
      }}
    />
  );
}
