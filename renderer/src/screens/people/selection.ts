/** Which members are selected in the members table (UI state only): drags and bulk actions act on them. */
import { create } from 'zustand';

interface SelectionState {
  /** Organization whose members are selected; switching organizations clears the selection. */
  orgId: string | undefined;
  selected: ReadonlySet<string>;
  /** The last member clicked without Shift: the anchor of Shift+click ranges. */
  anchor: string | undefined;
  setSelection: (orgId: string, ids: Iterable<string>, anchor?: string) => void;
  toggle: (orgId: string, id: string) => void;
  clear: () => void;
}

/** The members selection store. */
export const useMemberSelection = create<SelectionState>((set) => ({
  orgId: undefined,
  selected: new Set(),
  anchor: undefined,
  setSelection: (orgId, ids, anchor) => set({ orgId, selected: new Set(ids), anchor }),
  toggle: (orgId, id) =>
    set((state) => {
      const selected = new Set(state.orgId === orgId ? state.selected : []);
      if (selected.has(id)) selected.delete(id);
      else selected.add(id);
      return { orgId, selected, anchor: id };
    }),
  clear: () => set({ selected: new Set(), anchor: undefined }),
}));
