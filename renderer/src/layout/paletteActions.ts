/**
 * Actions a screen offers in the command palette while it is shown (e.g. "Add selected members to team…"): the
 * keyboard path for what the mouse does by dragging. UI state only.
 */
import { useEffect } from 'react';
import { create } from 'zustand';

/** One palette action. */
export interface PaletteAction {
  id: string;
  label: string;
  keywords?: string[];
  run: () => void;
}

interface PaletteActionsState {
  bySource: Record<string, PaletteAction[]>;
  set: (source: string, actions: PaletteAction[]) => void;
  clear: (source: string) => void;
}

/** The registered actions, by the screen (source) that offers them. */
export const usePaletteActionsStore = create<PaletteActionsState>((set) => ({
  bySource: {},
  set: (source, actions) => set((state) => ({ bySource: { ...state.bySource, [source]: actions } })),
  clear: (source) =>
    set((state) => ({
      bySource: Object.fromEntries(Object.entries(state.bySource).filter(([key]) => key !== source)),
    })),
}));

/** Offers `actions` in the palette while the calling component is mounted. */
export function usePaletteActions(source: string, actions: PaletteAction[]): void {
  const setActions = usePaletteActionsStore((state) => state.set);
  const clear = usePaletteActionsStore((state) => state.clear);
  useEffect(() => {
    setActions(source, actions);
  }, [source, actions, setActions]);
  useEffect(() => () => clear(source), [source, clear]);
}
