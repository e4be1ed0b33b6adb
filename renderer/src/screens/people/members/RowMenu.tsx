/** The "more actions" menu of a member row: inspect their access, mark as SSO member, remove. */
import { useNavigate } from '@tanstack/react-router';
import type { Member } from '../../../../../shared/contract/resources/members.ts';
import { useSetSsoMember } from '../../../queries/members.ts';
import { LazyMenu } from '../../../ui/LazyMenu.tsx';
import { DropdownMenuItem } from '../../../ui/Menu.tsx';
import { toast } from '../../../ui/Toast.tsx';
import { toastFailure } from './notify.ts';

interface RowMenuProps {
  profileId: string;
  orgId: string;
  member: Member;
  tabIndex: number;
  onRemove: (member: Member) => void;
  /** The signed-in user's own row: removing is leaving. */
  isMe: boolean;
}

/** The row menu; removal is confirmed by the table's dialog (`onRemove`). */
export function RowMenu(props: RowMenuProps) {
  return (
    <LazyMenu
      label={`More actions for ${props.member.user.displayName}`}
      testId="member-menu"
      className="btn btn-ghost btn-sm member-menu-button"
      tabIndex={props.tabIndex}
      items={() => <RowMenuItems {...props} />}
    />
  );
}

/** The menu's items (with the SSO mutation, which only a used menu needs). */
function RowMenuItems({ profileId, orgId, member, onRemove, isMe }: RowMenuProps) {
  const sso = useSetSsoMember(profileId, orgId);
  const navigate = useNavigate();
  const name = member.user.displayName;
  return (
    <>
      <DropdownMenuItem
        onSelect={() =>
          void navigate({
            to: '/p/$profileId/orgs/$orgId/access',
            params: { profileId, orgId },
            search: { member: member.user.id },
          })
        }
        data-testid="member-inspect-access"
      >
        Inspect access
      </DropdownMenuItem>
      <DropdownMenuItem
        disabled={member.sso || sso.isPending}
        onSelect={() =>
          sso.mutate(member.id, {
            onSuccess: () => toast({ tone: 'success', title: `${name} is now an SSO member` }),
            onError: (error) => toastFailure(`mark ${name} as an SSO member`, error),
          })
        }
        data-testid="member-sso"
      >
        {member.sso ? 'Already an SSO member' : 'Mark as SSO member'}
      </DropdownMenuItem>
      <DropdownMenuItem
        className="menu-item-danger"
        onSelect={() => onRemove(member)}
        data-testid="member-remove"
      >
        {isMe ? 'Leave the organization…' : 'Remove from organization…'}
      </DropdownMenuItem>
    </>
  );
}
