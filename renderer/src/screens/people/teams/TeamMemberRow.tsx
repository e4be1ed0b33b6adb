/** One member of a team: select, drag (to another team), change the team role, remove from the team. */
import { useDraggable } from '@dnd-kit/core';
import type { TeamMemberEntry, TeamRole } from '../../../queries/teams.ts';
import { Button } from '../../../ui/Button.tsx';
import { ChoiceMenu } from '../../../ui/ChoiceMenu.tsx';
import { cx } from '../../../ui/cx.ts';
import type { MembersDragData } from '../dnd.tsx';
import { isMembersDragData } from './dndSetup.ts';

const TEAM_ROLES = [
  { value: 'member', label: 'Member' },
  { value: 'owner', label: 'Owner' },
] as const;

/** Props of `TeamMemberRow`. */
export interface TeamMemberRowProps {
  teamId: string;
  entry: TeamMemberEntry;
  selected: boolean;
  /** What a drag of this row carries (the whole selection when this row is selected). */
  drag: MembersDragData;
  busy: boolean;
  /** The signed-in user's own row. */
  isMe: boolean;
  onToggle: (userId: string, shift: boolean) => void;
  onRole: (userId: string, role: TeamRole) => void;
  onRemove: (userId: string) => void;
}

/** A row of the team's member list. */
export function TeamMemberRow({
  teamId,
  entry,
  selected,
  drag,
  busy,
  isMe,
  onToggle,
  onRole,
  onRemove,
}: TeamMemberRowProps) {
  const member = entry.organization;
  const name = member.user.displayName;
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, active } = useDraggable({
    id: `team-member:${teamId}:${member.id}`,
    data: drag,
  });
  // Every member carried by the current drag is dimmed, not only the row that was grabbed.
  const carried = active?.data.current;
  const isDragging =
    isMembersDragData(carried) && carried.fromTeamId === teamId && carried.userIds.includes(member.id);
  return (
    <li
      ref={setNodeRef}
      className={cx('team-member-row', selected && 'team-member-row-selected', isDragging && 'is-dragging')}
      data-testid="team-member-row"
      data-user-id={member.id}
    >
      <input
        type="checkbox"
        checked={selected}
        aria-label={`Select ${name}`}
        onChange={() => undefined}
        onClick={(event) => onToggle(member.id, event.shiftKey)}
      />
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="drag-handle"
        data-testid="team-member-drag-handle"
        {...attributes}
        {...listeners}
        aria-label={
          selected && drag.userIds.length > 1
            ? `Drag ${drag.userIds.length} selected members to another team`
            : `Drag ${name} to another team`
        }
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <div className="team-member-main">
        <span className="team-member-name">
          {name}
          {isMe && <span className="muted"> (you)</span>}
        </span>
        {member.user.email !== undefined && <span className="muted">{member.user.email}</span>}
      </div>
      <ChoiceMenu
        label={`Team role of ${name}${isMe ? ' (you)' : ''}`}
        value={entry.team.role}
        choices={TEAM_ROLES}
        onChoose={(role) => onRole(member.id, role)}
        pending={busy}
        testId="team-member-role"
        className="team-role-menu"
      />
      <Button
        size="sm"
        variant="ghost"
        disabled={busy}
        aria-label={`Remove ${name} from the team`}
        onClick={() => onRemove(member.id)}
        data-testid="team-member-remove"
      >
        Remove
      </Button>
    </li>
  );
}
