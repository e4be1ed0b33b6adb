/** One row of the members table: drag grip, checkbox, name and email, role select, counts, dates, SSO, menu. */
import { useDraggable } from '@dnd-kit/core';
import { memo, type MouseEvent as ReactMouseEvent } from 'react';
import type { Member } from '../../../../../shared/contract/resources/members.ts';
import { ChoiceMenu } from '../../../ui/ChoiceMenu.tsx';
import { cx } from '../../../ui/cx.ts';
import { Badge, Skeleton } from '../../../ui/Feedback.tsx';
import { fromRoleValue, type RoleOrGuest } from '../../../ui/roles.ts';
import type { MembersDragData } from '../dnd.tsx';
import { formatDate } from './format.ts';
import { lastAdminReason, isLastAdmin, roleChoiceOf, roleChoices } from '../../../ui/roleRules.ts';
import { RowMenu } from './RowMenu.tsx';

/** The fixed height of a row, in pixels (the virtualizer relies on it). */
export const ROW_HEIGHT = 48;

/** What the table tells a row. */
export interface MemberRowProps {
  profileId: string;
  orgId: string;
  member: Member;
  index: number;
  start: number;
  selected: boolean;
  /** The row holding the roving tab stop: its controls are reachable with Tab. */
  tabbable: boolean;
  /** The drag data of the whole selection, used when this row is selected. */
  selectionDrag: MembersDragData | undefined;
  onRowClick: (index: number, event: ReactMouseEvent) => void;
  onCheck: (index: number, shiftKey: boolean) => void;
  onRemove: (member: Member) => void;
  /** The signed-in user's own row. */
  isMe: boolean;
  /** Whether the signed-in user may change roles (an admin). */
  canManage: boolean;
  /** How many admins the organization has (the last keeps the role), undefined while unknown. */
  admins: number | undefined;
  /** Whether a role change of this member is under way. */
  rolePending: boolean;
  /** Asks for a role change (checked, maybe confirmed, then sent by the table). */
  onRole: (member: Member, role: RoleOrGuest) => void;
}

const INTERACTIVE = 'button, select, input, a, [role="menuitem"]';

/** A loaded member's row: the draggable frame and its grip; the cells follow in `MemberCells`. */
export const MemberRow = memo(function MemberRow(props: MemberRowProps) {
  const { start, tabbable, selectionDrag, onRowClick, ...cells } = props;
  const { member, index, selected } = cells;
  const name = member.user.displayName;
  const data: MembersDragData =
    selected && selectionDrag !== undefined
      ? selectionDrag
      : { kind: 'members', userIds: [member.id], names: [name] };
  // Every draggable re-renders when a drag starts or ends (dnd-kit's context changes): only this frame and the grip
  // do so; the cells are memoized apart, so a drop's own rendering stays short.
  const drag = useDraggable({ id: `member:${member.id}`, data });
  const tabIndex = tabbable ? 0 : -1;
  const dragCount = data.userIds.length;

  return (
    <div
      ref={drag.setNodeRef}
      role="row"
      className={cx('member-row', selected && 'is-selected', drag.isDragging && 'is-dragging')}
      style={{ transform: `translateY(${start}px)` }}
      aria-rowindex={index + 2}
      aria-selected={selected}
      tabIndex={tabIndex}
      data-index={index}
      data-testid="member-row"
      data-user-id={member.id}
      data-selected={selected ? 'true' : 'false'}
      onClick={(event) => {
        // Clicks in portalled menus bubble here through React's tree: only the row's own elements count.
        if (!(event.target instanceof Element) || !event.currentTarget.contains(event.target)) return;
        if (event.target.closest(INTERACTIVE) !== null) return;
        onRowClick(index, event);
      }}
    >
      <div role="gridcell" className="member-cell member-cell-grip">
        <button
          type="button"
          ref={drag.setActivatorNodeRef}
          className="member-grip"
          {...drag.attributes}
          {...drag.listeners}
          tabIndex={tabIndex}
          aria-label={dragCount > 1 ? `Drag ${dragCount} selected members` : `Drag ${name}`}
          data-testid="member-drag-handle"
        >
          <span aria-hidden="true">⠿</span>
        </button>
      </div>
      <MemberCells {...cells} tabIndex={tabIndex} />
    </div>
  );
});

type MemberCellsProps = Omit<MemberRowProps, 'start' | 'tabbable' | 'selectionDrag' | 'onRowClick'> & {
  tabIndex: number;
};

/** The cells after the grip: checkbox, name and email, role menu, counts, dates, SSO, row menu. */
const MemberCells = memo(function MemberCells(props: MemberCellsProps) {
  const { member, index, selected, tabIndex, profileId, orgId } = props;
  const name = member.user.displayName;
  const you = props.isMe ? ' (you)' : '';
  return (
    <>
      <div role="gridcell" className="member-cell member-cell-check">
        <input
          type="checkbox"
          checked={selected}
          tabIndex={tabIndex}
          aria-label={`Select ${name}`}
          onChange={(event) => {
            const native = event.nativeEvent;
            props.onCheck(index, native instanceof MouseEvent && native.shiftKey);
          }}
          data-testid="member-checkbox"
        />
      </div>
      <div
        role="gridcell"
        className="member-cell member-cell-name"
        title={`${name}${you}${member.user.email !== undefined ? ` <${member.user.email}>` : ''}`}
      >
        <span className="member-name">
          {name}
          {props.isMe && (
            <span className="member-you" data-testid="member-you">
              (you)
            </span>
          )}
          {member.disabled && <Badge tone="warning">Disabled</Badge>}
        </span>
        <span className="member-email muted">{member.user.email ?? 'No email'}</span>
      </div>
      <div role="gridcell" className="member-cell">
        <ChoiceMenu
          label={`Role of ${name}${you}`}
          value={roleChoiceOf(member)}
          choices={roleChoices(member, props.admins)}
          onChoose={(value) => props.onRole(member, fromRoleValue(value))}
          note={isLastAdmin(member, props.admins) ? lastAdminReason(name, props.isMe) : undefined}
          disabled={!props.canManage}
          pending={props.rolePending}
          tabIndex={tabIndex}
          testId="member-role"
          className="member-role-menu"
        />
      </div>
      <div role="gridcell" className="member-cell member-cell-num">
        {member.teams}
      </div>
      <div role="gridcell" className="member-cell member-cell-num">
        {member.spaces}
      </div>
      <div role="gridcell" className="member-cell">
        {formatDate(member.joinedAt)}
      </div>
      <div role="gridcell" className="member-cell">
        {formatDate(member.lastSeenAt)}
      </div>
      <div role="gridcell" className="member-cell">
        {member.sso ? <Badge tone="accent">SSO</Badge> : <span className="muted">No</span>}
      </div>
      <div role="gridcell" className="member-cell member-cell-menu">
        <RowMenu
          profileId={profileId}
          orgId={orgId}
          member={member}
          tabIndex={tabIndex}
          onRemove={props.onRemove}
          isMe={props.isMe}
        />
      </div>
    </>
  );
});

/** A placeholder row while its page loads. */
export function SkeletonRow({ index, start }: { index: number; start: number }) {
  return (
    <div
      role="row"
      className="member-row member-row-skeleton"
      style={{ transform: `translateY(${start}px)` }}
      aria-rowindex={index + 2}
      aria-busy="true"
    >
      <div role="gridcell" className="member-cell member-cell-wide">
        <Skeleton width={`${10 + ((index * 7) % 8)}em`} />
        <span className="visually-hidden">Loading</span>
      </div>
    </div>
  );
}
