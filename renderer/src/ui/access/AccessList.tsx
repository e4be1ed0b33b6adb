/**
 * Who has access, virtualized: teams given a role here, then people with their level and the path that grants it.
 * A grant given here has its role menu and a Remove button. The list is the drop target of the side list's people
 * and teams.
 */
import { useDroppable } from '@dnd-kit/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { ROLES, type Role } from '../../../../shared/contract/constants.ts';
import { Button } from '../Button.tsx';
import { ChoiceMenu } from '../ChoiceMenu.tsx';
import { cx } from '../cx.ts';
import { Badge } from '../Feedback.tsx';
import { roleLabel } from '../roles.ts';
import type { AccessRow } from './rows.ts';

/** The id of the list as a drop target. */
export const ACCESS_DROP_ID = 'access-list';

/** What the list's drop target carries. */
export interface AccessDropData {
  kind: 'access-list';
}

const ROLE_CHOICES = ROLES.map((value) => ({ value, label: roleLabel(value) }));
const levelText = (level: Role | null | undefined) =>
  level === null || level === undefined ? 'No access' : roleLabel(level);

/** Props of `AccessList`. */
export interface AccessListProps {
  rows: readonly AccessRow[];
  /** Whether the caller may give and take back roles here. */
  canManage: boolean;
  /** The row being changed, if any. */
  pendingKey: string | undefined;
  onChangeRole(row: AccessRow, role: Role): void;
  onRemove(row: AccessRow): void;
  /** Shown above the rows when nothing was given here. */
  note?: string | undefined;
}

/** The list. */
export function AccessList({ rows, canManage, pendingKey, onChangeRole, onRemove, note }: AccessListProps) {
  const scroll = useRef<HTMLDivElement>(null);
  const { setNodeRef, isOver, active } = useDroppable({
    id: ACCESS_DROP_ID,
    data: { kind: 'access-list' } satisfies AccessDropData,
    disabled: !canManage,
  });
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroll.current,
    estimateSize: () => 64,
    overscan: 8,
    getItemKey: (index) => rows[index]?.key ?? index,
  });

  return (
    <div
      ref={setNodeRef}
      className={cx('access-drop', active !== null && 'is-dragging', isOver && 'is-over')}
      data-testid="access-drop"
    >
      {note !== undefined && (
        <p className="access-note muted" data-testid="access-empty">
          {note}
        </p>
      )}
      {active !== null && canManage && (
        <p className="access-drop-hint" aria-hidden="true">
          Drop here to give the role chosen above
        </p>
      )}
      {/* Focusable, so that the keyboard scrolls it even where no row has a control. */}
      <div
        ref={scroll}
        className="access-scroll"
        tabIndex={0}
        role="region"
        aria-label="Who has access, scrollable"
      >
        <ul
          className="access-rows"
          aria-label="Who has access"
          data-testid="access-rows"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((virtual) => {
            const row = rows[virtual.index]!;
            const pending = pendingKey === row.key;
            return (
              <li
                key={row.key}
                ref={virtualizer.measureElement}
                data-index={virtual.index}
                className="access-row"
                style={{ transform: `translateY(${virtual.start}px)` }}
                data-testid="access-row"
                data-key={row.key}
                data-name={row.name}
                aria-setsize={rows.length}
                aria-posinset={virtual.index + 1}
              >
                <div className="access-who">
                  <span className="access-name">
                    {row.grantee.type === 'team' && <Badge>Team</Badge>} {row.name}
                  </span>
                  <span className="muted access-detail">{row.detail}</span>
                </div>
                <div className="access-level">
                  {row.level !== undefined && (
                    <Badge tone="accent" data-testid="access-level" data-level={row.level ?? 'none'}>
                      {levelText(row.level)}
                    </Badge>
                  )}
                  {row.given !== undefined && !canManage && (
                    <Badge data-testid="access-given">Given here: {levelText(row.given)}</Badge>
                  )}
                </div>
                {row.reasons !== undefined ? (
                  <p className="access-path" data-testid="access-path">
                    {row.reasons.join(' → ')}
                  </p>
                ) : (
                  <p className="access-path muted">Given here to every member of the team</p>
                )}
                {row.given !== undefined && canManage && (
                  <div className="access-actions">
                    <ChoiceMenu
                      label={`Role given to ${row.name}`}
                      value={row.given ?? 'read'}
                      choices={ROLE_CHOICES}
                      onChoose={(role) => onChangeRole(row, role)}
                      pending={pending}
                      testId="access-row-role"
                    />
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => onRemove(row)}
                      disabled={pending}
                      aria-label={`Remove the role given to ${row.name}`}
                      data-testid="access-row-remove"
                    >
                      Remove
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
