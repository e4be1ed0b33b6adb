/**
 * The Access tab of a space, a collection or a site: who has access and at what level, with the path that grants it
 * (organization role → collection default → team grant → direct grant, site grants), and the grants given here to
 * add (drop a person or a team from the side list, or pick them by keyboard), change and take back. Only GitBook's
 * permission operations are used, so it works against GitBook's hosted API too.
 */
import {
  DndContext,
  DragOverlay,
  pointerWithin,
  rectIntersection,
  type CollisionDetection,
} from '@dnd-kit/core';
import { errorKind } from '../../bridge/errors.ts';
import { profileLabel } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import type { AccessItem } from '../../queries/permissions.ts';
import { NotOffered } from '../ApiNotes.tsx';
import { cx } from '../cx.ts';
import { ConfirmDialog } from '../Dialog.tsx';
import { EmptyState, Skeleton } from '../Feedback.tsx';
import { PREVIEW_MODIFIERS } from '../dragPreview.ts';
import { roleLabel } from '../roles.ts';
import { AccessList } from './AccessList.tsx';
import { GranteePicker } from './GranteePicker.tsx';
import { GranteeSource } from './GranteeSource.tsx';
import { NOUNS, useAccessTab } from './useAccessTab.ts';
import './access.css';

/** Pointer drags drop where the pointer is; keyboard drags where the dragged item's box is. */
const detectDrop: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length > 0 ? within : rectIntersection(args);
};

/** The tab. `compact`: no side list (the collection's detail panel), the picker only. */
export function AccessTab({
  profileId,
  orgId,
  item,
  canManage,
  compact = false,
}: {
  profileId: string;
  orgId: string;
  item: AccessItem;
  canManage: boolean;
  compact?: boolean;
}) {
  const tab = useAccessTab(profileId, orgId, item, canManage);
  const { overview, role, error, confirm, dragged } = tab;

  if (tab.offered === false)
    return (
      <NotOffered testId="access-not-offered">
        Who has access is not available: this profile’s API does not offer permission lists.
      </NotOffered>
    );
  if (overview.isError) {
    if (errorKind(overview.error) === 'forbidden')
      return (
        <EmptyState title="You may not see who has access">
          Guests, and people without at least Reader on this {NOUNS[item.type]}, do not see its access list.
        </EmptyState>
      );
    return (
      <ErrorState
        error={overview.error}
        what={`who has access to this ${NOUNS[item.type]}`}
        profileName={profileLabel(tab.profile, profileId)}
        onRetry={() => void overview.refetch()}
      />
    );
  }
  if (overview.data === undefined)
    return (
      <div role="status" aria-busy="true" aria-label="Loading who has access" data-testid="access-loading">
        <Skeleton width="100%" height="2rem" />
        <Skeleton width="100%" height="8rem" />
      </div>
    );

  return (
    <DndContext
      sensors={tab.sensors}
      collisionDetection={detectDrop}
      onDragStart={tab.onDragStart}
      onDragCancel={tab.onDragCancel}
      onDragEnd={tab.onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'Press Space to pick up, the arrow keys to move onto the access list, Space again to drop.',
        },
      }}
    >
      <div
        className={cx('access-tab', compact && 'is-compact', canManage && !compact && 'has-source')}
        data-testid="access-tab"
      >
        <div className="access-main">
          {canManage && (
            <GranteePicker
              candidates={tab.candidates}
              role={role}
              onRoleChange={tab.setRole}
              onGive={tab.give}
              error={error}
              pending={tab.giving}
              withSource={!compact}
            />
          )}
          {error !== undefined && !canManage && <p className="field-error">{error.message}</p>}
          <AccessList
            rows={tab.rows}
            canManage={canManage}
            pendingKey={tab.pendingKey}
            note={tab.note}
            onChangeRole={tab.changeRole}
            onRemove={tab.remove}
          />
        </div>
        {canManage && !compact && <GranteeSource candidates={tab.candidates} />}
      </div>
      <DragOverlay dropAnimation={null} modifiers={PREVIEW_MODIFIERS}>
        {dragged !== undefined && (
          <div className="access-drag-chip" data-testid="drag-overlay" aria-hidden="true">
            {dragged.type === 'team' ? `Team ${dragged.name}` : dragged.name} · {roleLabel(role)}
          </div>
        )}
      </DragOverlay>
      <ConfirmDialog
        open={confirm !== undefined}
        onOpenChange={tab.closeConfirm}
        title={confirm?.title ?? ''}
        description={confirm?.description ?? ''}
        confirmLabel={confirm?.change.kind === 'remove' ? 'Take back' : 'Change'}
        onConfirm={tab.confirmChange}
      />
    </DndContext>
  );
}
