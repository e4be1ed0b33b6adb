/** Confirms removing one member, naming them and what they lose. */
import type { Member } from '../../../../../shared/contract/resources/members.ts';
import { useRemoveMember } from '../../../queries/members.ts';
import { ConfirmDialog } from '../../../ui/Dialog.tsx';
import { toast } from '../../../ui/Toast.tsx';
import { countOf } from './format.ts';
import { toastFailure } from './notify.ts';

/** The removal confirmation; open while `member` is set. */
export function RemoveMemberDialog({
  profileId,
  orgId,
  member,
  onClose,
}: {
  profileId: string;
  orgId: string;
  member: Member | undefined;
  onClose: () => void;
}) {
  const remove = useRemoveMember(profileId, orgId);
  const name = member?.user.displayName ?? 'this member';
  const email = member?.user.email;
  const losses: string[] = [];
  if (member !== undefined && member.teams > 0)
    losses.push(`their membership of ${countOf(member.teams, 'team')}`);
  if (member !== undefined && member.spaces > 0)
    losses.push(`their access to ${countOf(member.spaces, 'space')}`);
  losses.push(
    losses.length === 0
      ? "their access to this organization's content"
      : 'their access to everything else in this organization',
  );
  return (
    <ConfirmDialog
      open={member !== undefined}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title={`Remove ${name} from the organization?`}
      description={`${name}${email !== undefined ? ` (${email})` : ''} loses ${losses.slice(0, -1).join(', ')}${losses.length > 1 ? ' and ' : ''}${losses.at(-1) ?? ''}. They can only come back with a new invite.`}
      confirmLabel={`Remove ${name}`}
      pending={remove.isPending}
      onConfirm={() => {
        if (member === undefined) return;
        remove.mutate(member.id, {
          onSuccess: () => {
            toast({ tone: 'success', title: `${name} was removed` });
            onClose();
          },
          onError: (error) => {
            toastFailure(`remove ${name}`, error);
            onClose();
          },
        });
      }}
    />
  );
}
