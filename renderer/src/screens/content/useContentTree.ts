/** The content tree's state and handlers: the virtualizer, focus, selection by mouse, rename, keys, the menu's row. */
import { useCallback, useMemo, useRef, useState, type MouseEvent as ReactMouseEvent } from 'react';
import { movedRoots, stepTarget } from '../../queries/contentTree/moves.ts';
import { rangeBetween } from '../../ui/range.ts';
import { focusTreeRow } from '../../ui/tree/treeFocus.ts';
import type { ContentTreeProps } from './ContentTree.tsx';
import { openMenuAt, type TreeKeyContext } from './treeKeys.ts';
import type { TreeRowHandlers } from './TreeRow.tsx';
import type { TreeVirtualizer } from './TreeRows.tsx';
import { useStable } from './useStable.ts';
import { useTreeDrag } from './useTreeDrag.ts';

interface RowHandlerOptions {
  props: ContentTreeProps;
  open: (index: number) => void;
  focusKey: (key: string) => void;
  setRenaming: (key: string | undefined) => void;
}

/** The rows' stable handlers: click (selection and details), double click, the chevron, the end of a rename. */
function useRowHandlers({ props, open, focusKey, setRenaming }: RowHandlerOptions): TreeRowHandlers {
  const { tree, rows, selection } = props;
  const clickRow = useStable((index: number, event: ReactMouseEvent) => {
    const row = rows[index];
    if (row === undefined) return;
    props.setFocusedKey(row.key);
    if (event.shiftKey) {
      const ids = rows.map((r) => r.key);
      props.setSelection({
        selected: new Set([...selection.selected, ...rangeBetween(ids, selection.anchor, row.key)]),
        anchor: selection.anchor ?? row.key,
      });
    } else if (event.ctrlKey || event.metaKey) {
      const next = new Set(selection.selected);
      if (next.has(row.key)) next.delete(row.key);
      else next.add(row.key);
      props.setSelection({ selected: next, anchor: row.key });
    } else {
      props.setSelection({ selected: new Set([row.key]), anchor: row.key });
      props.openDetails(row.key);
    }
  });

  const finishRename = useStable((key: string, title: string | undefined) => {
    setRenaming(undefined);
    focusKey(key);
    const node = tree.nodes.get(key);
    const trimmed = title?.trim();
    if (node === undefined || trimmed === undefined || trimmed === '' || trimmed === node.title) {
      props.announce('Rename cancelled.');
      return;
    }
    props.rename(key, trimmed);
  });

  const doubleClick = useStable((index: number) => {
    const row = rows[index];
    if (row?.node.kind === 'collection') props.toggle(row.key);
    else open(index);
  });
  const toggleRow = useStable((key: string) => props.toggle(key));

  return useMemo<TreeRowHandlers>(
    () => ({
      toggle: toggleRow,
      click: clickRow,
      open: doubleClick,
      menu: (_key, at) => openMenuAt(at),
      renameDone: finishRename,
    }),
    [toggleRow, clickRow, doubleClick, finishRename],
  );
}

/** The tree's state and handlers, for `ContentTree` to render. */
export function useContentTree(props: ContentTreeProps) {
  const { tree, rows, selection, focusedKey, treeRef } = props;
  const { selected } = selection;
  const [renaming, setRenaming] = useState<string | undefined>(undefined);
  const [menuKey, setMenuKey] = useState<string | undefined>(undefined);
  const keepRowFocus = useRef(true);

  const indexOf = useMemo(() => new Map(rows.map((row, index) => [row.key, index])), [rows]);
  const { move, announce } = props;
  const drag = useTreeDrag({ tree, rows, indexOf, selected, treeRef, move, announce });
  const { dragKeys } = drag;
  const focusedIndex = focusedKey === undefined ? -1 : (indexOf.get(focusedKey) ?? -1);
  const current = focusedIndex === -1 ? 0 : focusedIndex;
  const activeIndex = dragKeys === undefined ? -1 : (indexOf.get(dragKeys[0]!) ?? -1);

  // The virtualizer is the rows' own (`TreeRows`: they alone re-render while scrolling); there once they rendered.
  const virtualizerRef = useRef<TreeVirtualizer>(null);

  const focusRow = useCallback(
    (index: number) => {
      const row = rows[index];
      if (row === undefined) return;
      props.setFocusedKey(row.key);
      focusTreeRow(
        treeRef.current,
        (i) => virtualizerRef.current?.scrollToIndex(i, { align: 'auto' }),
        index,
        row.key,
      );
    },
    [rows, treeRef, props.setFocusedKey],
  );
  const focusKey = useCallback(
    (key: string) => {
      const index = indexOf.get(key);
      if (index !== undefined) focusRow(index);
    },
    [indexOf, focusRow],
  );

  /** The items an action on `key` applies to: the selection when `key` is in it, otherwise `key` alone. */
  const subjectOf = useCallback(
    (key: string) => (selected.has(key) ? movedRoots(tree, [...selected]) : [key]),
    [selected, tree],
  );

  const open = useStable((index: number) => {
    const row = rows[index];
    if (row === undefined) return;
    if (row.node.kind === 'space') props.openSpace(row.node.id);
    else props.openDetails(row.key);
  });
  const handlers = useRowHandlers({ props, open, focusKey, setRenaming });

  const stepMove = useStable((key: string, direction: 'up' | 'down') => {
    const target = stepTarget(tree, key, direction);
    const title = tree.nodes.get(key)?.title ?? '';
    if (target === undefined) {
      props.announce(`“${title}” is already ${direction === 'up' ? 'first' : 'last'} among its siblings.`);
      return;
    }
    void props.move([key], target, `Moved ${direction}`);
  });
  const keys: TreeKeyContext = {
    rows,
    current,
    selection,
    setSelection: props.setSelection,
    toggle: props.toggle,
    focusRow,
    focusKey,
    open,
    stepMove,
    startRename: setRenaming,
    openMoveDialog: props.openMoveDialog,
    subjectOf,
  };

  const onContextMenu = (event: ReactMouseEvent<HTMLDivElement>) => {
    const rowElement =
      event.target instanceof Element ? event.target.closest<HTMLElement>('[role="treeitem"]') : null;
    const key = rowElement?.dataset.key;
    if (key === undefined) {
      event.preventDefault();
      return;
    }
    setMenuKey(key);
    props.setFocusedKey(key);
    if (!selected.has(key)) props.setSelection({ selected: new Set([key]), anchor: key });
  };

  return {
    selected,
    renaming,
    setRenaming,
    menuKey,
    keepRowFocus,
    drag,
    focusedIndex,
    activeIndex,
    current,
    virtualizerRef,
    focusRow,
    focusKey,
    subjectOf,
    handlers,
    keys,
    onContextMenu,
  };
}
