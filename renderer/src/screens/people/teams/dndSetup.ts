/** The drag and drop machinery of the people screens: data guards, collision detection, keyboard moves, words. */
import {
  KeyboardCode,
  type Announcements,
  type CollisionDetection,
  type DroppableContainer,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import type { MembersDragData, TeamDropData } from '../dnd.tsx';
import { isMove, membersPhrase } from './teamMoves.ts';

/** Whether drag data is a drag of members. */
export function isMembersDragData(data: unknown): data is MembersDragData {
  return typeof data === 'object' && data !== null && (data as { kind?: unknown }).kind === 'members';
}

/** Whether drop data is a team. */
export function isTeamDropData(data: unknown): data is TeamDropData {
  return typeof data === 'object' && data !== null && (data as { kind?: unknown }).kind === 'team';
}

const teamTargets = (containers: DroppableContainer[]) =>
  containers.filter((container) => isTeamDropData(container.data.current));

/**
 * The team under the pointer (mouse, touch), or for the keyboard the team row holding the dragged item's centre
 * (so that picking up over the members table is over nothing until an arrow key moves to a team).
 */
export const detectTeam: CollisionDetection = ({
  pointerCoordinates,
  collisionRect,
  droppableRects,
  droppableContainers,
}) => {
  const point = pointerCoordinates ?? {
    x: collisionRect.left + collisionRect.width / 2,
    y: collisionRect.top + collisionRect.height / 2,
  };
  for (const container of teamTargets(droppableContainers)) {
    const rect = droppableRects.get(container.id);
    if (rect === undefined) continue;
    if (point.x >= rect.left && point.x <= rect.right && point.y >= rect.top && point.y <= rect.bottom) {
      return [{ id: container.id, data: { droppableContainer: container, value: 0 } }];
    }
  }
  return [];
};

const FORWARD: string[] = [KeyboardCode.Down, KeyboardCode.Right];
const BACKWARD: string[] = [KeyboardCode.Up, KeyboardCode.Left];

/** Arrow keys jump the dragged item from one team row to the next (down/right) or the previous (up/left). */
export const teamKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const forward = FORWARD.includes(event.code);
  if (!forward && !BACKWARD.includes(event.code)) return undefined;
  event.preventDefault();
  const { collisionRect, droppableRects, droppableContainers, over } = context;
  if (collisionRect === null) return currentCoordinates;
  const targets = teamTargets(droppableContainers.getEnabled())
    .map((container) => ({ id: container.id, rect: droppableRects.get(container.id) }))
    .filter(
      (target): target is { id: UniqueIdentifier; rect: NonNullable<typeof target.rect> } =>
        target.rect !== undefined,
    )
    .sort((a, b) => a.rect.top - b.rect.top || a.rect.left - b.rect.left);
  if (targets.length === 0) return currentCoordinates;
  const index = targets.findIndex((target) => target.id === over?.id);
  const next =
    index === -1
      ? forward
        ? 0
        : targets.length - 1
      : Math.min(targets.length - 1, Math.max(0, index + (forward ? 1 : -1)));
  const { rect } = targets[next]!;
  return {
    x: rect.left + rect.width / 2 - collisionRect.width / 2,
    y: rect.top + rect.height / 2 - collisionRect.height / 2,
  };
};

const who = (data: MembersDragData) =>
  data.names.length === 1 ? data.names[0]! : `${membersPhrase(data.userIds.length)}`;

const verb = (data: MembersDragData, team: TeamDropData) =>
  isMove({ fromTeamId: data.fromTeamId, target: team }) ? 'move' : 'add';

/** What screen readers hear while a drag goes on. */
export const announcements: Announcements = {
  onDragStart({ active }) {
    const data = active.data.current;
    if (!isMembersDragData(data)) return 'Picked up.';
    return `Picked up ${who(data)}. Use the arrow keys to go from team to team, Space to drop, Escape to cancel.`;
  },
  onDragOver({ active, over }) {
    const data = active.data.current;
    const team = over?.data.current;
    if (!isMembersDragData(data)) return undefined;
    if (!isTeamDropData(team)) return 'Not over a team.';
    if (data.fromTeamId === team.teamId) return `Over ${team.title}, the team they are in already.`;
    return `Over team ${team.title}. Drop to ${verb(data, team)} ${who(data)}.`;
  },
  onDragEnd({ active, over }) {
    const data = active.data.current;
    const team = over?.data.current;
    if (!isMembersDragData(data) || !isTeamDropData(team))
      return 'Dropped outside any team. Nothing changed.';
    if (data.fromTeamId === team.teamId) return `Dropped on ${team.title}, their own team. Nothing changed.`;
    return `Dropped on ${team.title}: ${verb(data, team) === 'move' ? 'moving' : 'adding'} ${who(data)}.`;
  },
  onDragCancel() {
    return 'Drag cancelled. Nothing changed.';
  },
};

/** The instructions read when a draggable member gets the focus. */
export const screenReaderInstructions = {
  draggable:
    'To add to a team by keyboard, press Space to pick up, the arrow keys to go from team to team, Space to drop, ' +
    'Escape to cancel. Or use “Add to team…” in the teams panel or the command palette.',
};
