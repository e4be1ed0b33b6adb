/**
 * Drag and drop on the people screens (members onto teams, between teams). The drag and drop data shapes are the
 * contract between the members table (drag source) and the teams panel (drop targets).
 */
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useState, type ReactNode } from 'react';
import {
  announcements,
  detectTeam,
  isMembersDragData,
  isTeamDropData,
  screenReaderInstructions,
  teamKeyboardCoordinates,
} from './teams/dndSetup.ts';
import { membersPhrase, useTeamMoves } from './teams/teamMoves.ts';
import { LIST_MEASURING, PREVIEW_MODIFIERS } from '../../ui/dragPreview.ts';

/** What a drag of members carries: one member, or every selected member when the dragged one is selected. */
export interface MembersDragData {
  kind: 'members';
  userIds: string[];
  /** Display names, for the drag overlay and messages. */
  names: string[];
  /** Set when dragged out of a team's member list: dropping on another team moves them. */
  fromTeamId?: string;
}

/** What a team drop target carries. */
export interface TeamDropData {
  kind: 'team';
  teamId: string;
  title: string;
}

/** The chip that follows the pointer while members are dragged. */
function DragChip({ data }: { data: MembersDragData }) {
  const shown = data.names.slice(0, 3);
  const more = data.userIds.length - shown.length;
  return (
    <div className="drag-chip" data-testid="drag-overlay" aria-hidden="true">
      <span className="drag-chip-count">{membersPhrase(data.userIds.length)}</span>
      <span className="drag-chip-names">
        {shown.join(', ')}
        {more > 0 && ` +${more}`}
      </span>
    </div>
  );
}

/** The drag and drop context of the people screens: drops of members on a team add them, or move them. */
export function PeopleDnd({
  profileId,
  orgId,
  children,
}: {
  profileId: string;
  orgId: string;
  children: ReactNode;
}) {
  const moveMembers = useTeamMoves(profileId, orgId);
  const [dragged, setDragged] = useState<MembersDragData | undefined>(undefined);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: teamKeyboardCoordinates }),
  );

  const onDragStart = ({ active }: DragStartEvent) => {
    const data = active.data.current;
    setDragged(isMembersDragData(data) ? data : undefined);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(undefined);
    const data = active.data.current;
    const team = over?.data.current;
    if (!isMembersDragData(data) || !isTeamDropData(team) || data.fromTeamId === team.teamId) return;
    moveMembers({
      userIds: data.userIds,
      target: { teamId: team.teamId, title: team.title },
      fromTeamId: data.fromTeamId,
    });
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={detectTeam}
      // Scroll lists up and down while dragging, never sideways (the table would slide under the pointer).
      autoScroll={{ threshold: { x: 0, y: 0.2 } }}
      measuring={LIST_MEASURING}
      accessibility={{ announcements, screenReaderInstructions }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(undefined)}
    >
      {children}
      <DragOverlay dropAnimation={null} modifiers={PREVIEW_MODIFIERS}>
        {dragged !== undefined && <DragChip data={dragged} />}
      </DragOverlay>
    </DndContext>
  );
}
