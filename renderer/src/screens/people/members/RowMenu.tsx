/** The "more actions" menu of a member row: mark as SSO member, remove. */
import type { Member } from '../../../../../shared/contract/resources/members.ts';
import { useSetSsoMember } from '../../../queries/members.ts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../ui/Menu.tsx';
import { toast } from '../../../ui/Toast.tsx';
import { toastFailure } from './notify.ts';

/** The row menu; removal is confirmed by the table's dialog (`onRemove`). */
export function RowMenu({
  profileId,
  orgId,
  member,
  tabIndex,
  onRemove,
}: {
  profileId: string;
  orgId: string;
  member: Member;
  tabIndex: number;
  onRemove: (member: Member) => void;
}) {
  const sso = useSetSsoMember(profileId, orgId);
  const name = member.user.displayName;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          className="btn btn-ghost btn-sm member-menu-button"
          aria-label={`More actions for ${name}`}
          tabIndex={tabIndex}
          data-testid="member-menu"
        >
          <span aria-hidden="true">⋯</span>
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
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
          Remove from organization…
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
