/** One invite link: its role (changeable), id, whether it is redundant for the caller, copy and revoke. */
import type { Invite } from '../../../../shared/contract/resources/organizations.ts';
import { Button } from '../../ui/Button.tsx';
import { Badge } from '../../ui/Feedback.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { RoleSelect } from './RoleSelect.tsx';
import { fromRoleValue, toRoleValue, type RoleValue } from './roles.ts';

/** Props of `InviteLinkRow`. */
export interface InviteLinkRowProps {
  invite: Invite;
  busy: boolean;
  onRole: (role: ReturnType<typeof fromRoleValue>) => void;
  onCopy: () => void;
  onRevoke: () => void;
}

/** A row of the invite links table. */
export function InviteLinkRow({ invite, busy, onRole, onCopy, onRevoke }: InviteLinkRowProps) {
  return (
    <tr data-testid="invite-row" data-invite-id={invite.id}>
      <td>
        <RoleSelect
          value={toRoleValue(invite.role)}
          onRoleChange={(value: RoleValue) => onRole(fromRoleValue(value))}
          disabled={busy}
          aria-label={`Role granted by invite link ${invite.id}`}
          data-testid="invite-row-role"
        />
      </td>
      <td>
        <code className="invite-id">{invite.id}</code>
      </td>
      <td>
        {invite.redundant && (
          <Tooltip content="You already have every right this link grants: it is meant for others.">
            <span tabIndex={0}>
              <Badge>Redundant for you</Badge>
            </span>
          </Tooltip>
        )}
      </td>
      <td>
        <div className="row-actions">
          <Button size="sm" onClick={onCopy} data-testid="invite-copy" aria-label={`Copy link ${invite.id}`}>
            Copy link
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="btn-ghost-danger"
            onClick={onRevoke}
            disabled={busy}
            data-testid="invite-revoke"
            aria-label={`Revoke link ${invite.id}`}
          >
            Revoke
          </Button>
        </div>
      </td>
    </tr>
  );
}
