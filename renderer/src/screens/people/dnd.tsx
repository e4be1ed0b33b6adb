/**
 * Drag and drop on the people screens (members onto teams, between teams). The drag and drop data shapes are the
 * contract between the members table (drag source) and the teams panel (drop targets).
 */
import { DndContext } from '@dnd-kit/core';
import type { ReactNode } from 'react';

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

/** The drag and drop context of the people screens (drop handling is added by the teams panel's owner). */
export function PeopleDnd({ children }: { children: ReactNode }) {
  return <DndContext>{children}</DndContext>;
}
