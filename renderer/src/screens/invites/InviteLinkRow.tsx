/** One invite link: its role (a menu that changes only on an explicit choice), id, copy and revoke. */
import type { Invite } from '../../../../shared/contract/resources/organizations.ts';
import { Button } from '../../ui/Button.tsx';
import { ChoiceMenu } from '../../ui/ChoiceMenu.tsx';
import { fromRoleValue, ROLE_VALUES, roleLabel, toRoleValue, type RoleOrGuest } from '../../ui/roles.ts';

const CHOICES = ROLE_VALUES.map((value) => ({ value, label: roleLabel(value) }));

/** Props of `InviteLinkRow`. */
export interface InviteLinkRowProps {
  invite: Invite;
  busy: boolean;
  onRole: (role: RoleOrGuest) => void;
  onCopy: () => void;
  onRevoke: () => void;
}

/** A row of the invite links table. */
export function InviteLinkRow({ invite, busy, onRole, onCopy, onRevoke }: InviteLinkRowProps) {
  return (
    <tr data-testid="invite-row" data-invite-id={invite.id}>
      <td>
        <ChoiceMenu
          label={`Role granted by invite link ${invite.id}`}
          value={toRoleValue(invite.role)}
          choices={CHOICES}
          onChoose={(value) => onRole(fromRoleValue(value))}
          pending={busy}
          testId="invite-row-role"
        />
      </td>
      <td>
        <code className="invite-id">{invite.id}</code>
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
