/** Offers "Add selected members to team…" (and "Move…" for a team's members) in the command palette. */
import { useMemo } from 'react';
import { usePaletteActions, type PaletteAction } from '../../../layout/paletteActions.ts';
import type { TeamSelection } from './selection.ts';
import type { PickerMode } from './TeamPickerDialog.tsx';

/** Registers the palette actions while members are selected; they open the team picker in `mode`. */
export function useTeamPaletteActions(selection: TeamSelection, open: (mode: PickerMode) => void): void {
  const count = selection.userIds.length;
  const fromTeam = selection.fromTeamId !== undefined;
  const actions = useMemo((): PaletteAction[] => {
    if (count === 0) return [];
    // The palette closes as the action runs: open the picker once its dialog has let go of the focus.
    const later = (mode: PickerMode) => () => setTimeout(() => open(mode), 0);
    const add: PaletteAction = {
      id: 'teams:add-selected',
      label: 'Add selected members to team…',
      keywords: ['team', 'add', 'members', 'selection'],
      run: later('add'),
    };
    if (!fromTeam) return [add];
    return [
      add,
      {
        id: 'teams:move-selected',
        label: 'Move selected members to team…',
        keywords: ['team', 'move', 'members', 'selection'],
        run: later('move'),
      },
    ];
  }, [count, fromTeam, open]);
  usePaletteActions('teams', actions);
}
