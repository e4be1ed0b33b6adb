/** The members the teams panel acts on: the members table's selection, or the selected members of a team. */
import { useMemo } from 'react';
import { useMemberSelection } from '../selection.ts';

/** Members to add to a team, or to move from `fromTeamId`. */
export interface TeamSelection {
  userIds: string[];
  fromTeamId?: string | undefined;
}

const NONE: ReadonlySet<string> = new Set();

/** The members table's selection in this organization. */
export function useTableSelection(orgId: string): TeamSelection {
  const selected = useMemberSelection((state) => (state.orgId === orgId ? state.selected : NONE));
  return useMemo(() => ({ userIds: [...selected] }), [selected]);
}
