/**
 * The content tree: an ARIA tree over a virtualized list, with selection, the keyboard path (`treeKeys.ts`), the
 * context menu (`TreeMenu.tsx`) and drag and drop (`useTreeDrag.ts`). One DndContext; the drop target is computed
 * from the pointer's place in the list (rows have a fixed height), so no row registers a droppable.
 */
import { DndContext, DragOverlay } from '@dnd-kit/core';
import type { RefObject } from 'react';
import type { ContentAction, ContentItemRef } from '../../ui/items/ContentActions.tsx';
import { ContextMenu, ContextMenuTrigger } from '../../ui/ContextMenu.tsx';
import { cx } from '../../ui/cx.ts';
import type { MoveTarget } from '../../queries/contentTree/moves.ts';
import { DropIndicator } from '../../ui/tree/DropIndicator.tsx';
import { TreeRows } from './TreeRows.tsx';
import { ROOT, type ContentTree as Tree, type FlatRow } from '../../queries/contentTree/tree.ts';
import { LIST_MEASURING, PREVIEW_MODIFIERS } from '../../ui/dragPreview.ts';
import { useScrollElement } from '../../ui/useScrollElement.ts';
import { onTreeKeyDown } from './treeKeys.ts';
import { TreeMenu } from './TreeMenu.tsx';
import { useContentTree } from './useContentTree.ts';

/** The selection: selected keys and the anchor of Shift ranges. */
export interface TreeSelection {
  selected: ReadonlySet<string>;
  anchor: string | undefined;
}

/** Props of `ContentTree`. */
export interface ContentTreeProps {
  tree: Tree;
  rows: readonly FlatRow[];
  selection: TreeSelection;
  setSelection: (selection: TreeSelection) => void;
  focusedKey: string | undefined;
  setFocusedKey: (key: string) => void;
  toggle: (key: string, open?: boolean) => void;
  /** Moves items (drops, Alt+arrows); resolves to whether it worked. */
  move: (keys: readonly string[], target: MoveTarget, verb?: string) => Promise<boolean>;
  openMoveDialog: (keys: string[]) => void;
  openDetails: (key: string) => void;
  openSpace: (spaceId: string) => void;
  rename: (key: string, title: string) => void;
  runAction: (action: ContentAction, item: ContentItemRef) => void;
  announce: (text: string) => void;
  pending: number;
  /** The scroll container (role tree), for the screen to focus. */
  treeRef: RefObject<HTMLDivElement | null>;
}

/** The chip that follows the pointer during a drag. */
function DragChip({ tree, keys, phrase }: { tree: Tree; keys: readonly string[]; phrase: string }) {
  const names = keys.slice(0, 3).map((key) => tree.nodes.get(key)?.title ?? '');
  return (
    <div className="drag-chip content-drag-chip" data-testid="drag-overlay" aria-hidden="true">
      <span className="drag-chip-count">Moving {phrase}</span>
      {keys.length > 1 && (
        <span className="drag-chip-names">
          {names.join(', ')}
          {keys.length > names.length && ` +${keys.length - names.length}`}
        </span>
      )}
    </div>
  );
}

/** The tree. */
export function ContentTree(props: ContentTreeProps) {
  const { tree, rows, treeRef } = props;
  const state = useContentTree(props);
  const { selected, renaming, keepRowFocus, drag, focusedIndex, current, focusRow } = state;
  const { menuKey, focusKey, setRenaming, subjectOf, handlers, keys, onContextMenu } = state;
  const { dragKeys, indicator } = drag;
  const [attachTree, treeElement] = useScrollElement(treeRef);

  return (
    <DndContext autoScroll={{ threshold: { x: 0, y: 0.15 } }} measuring={LIST_MEASURING} {...drag.context}>
      <ContextMenu
        onOpenChange={(isOpen) => {
          if (isOpen) keepRowFocus.current = true;
        }}
      >
        <ContextMenuTrigger asChild>
          <div
            ref={attachTree}
            role="tree"
            aria-label="Collections and spaces"
            aria-multiselectable="true"
            className={cx('content-tree', dragKeys !== undefined && 'is-dragging')}
            // The focused row stays mounted (TreeRows), so it holds the tab stop whenever there is one.
            tabIndex={focusedIndex === -1 ? 0 : -1}
            data-testid="content-tree"
            data-pending={props.pending}
            data-row-count={rows.length}
            data-dragging={dragKeys !== undefined ? 'true' : 'false'}
            onKeyDown={(event) => onTreeKeyDown(event, keys)}
            onFocus={(event) => {
              if (event.target === event.currentTarget && rows.length > 0) focusRow(current);
            }}
            onScroll={() => {
              if (dragKeys !== undefined) drag.updateIndicator();
            }}
            onContextMenu={onContextMenu}
          >
            <TreeRows
              rows={rows}
              scrollElement={treeElement}
              virtualizerRef={state.virtualizerRef}
              selected={selected}
              current={current}
              focusedIndex={focusedIndex}
              activeIndex={state.activeIndex}
              renaming={renaming}
              dragKeys={dragKeys}
              handlers={handlers}
            >
              {indicator !== undefined && (
                <DropIndicator
                  index={indicator.index}
                  depth={indicator.depth}
                  placement={indicator.placement}
                  refused={indicator.refused}
                  rowCount={rows.length}
                  targetKey={rows[indicator.index]?.key ?? ROOT}
                  testId="drop-indicator"
                />
              )}
            </TreeRows>
          </div>
        </ContextMenuTrigger>
        <TreeMenu
          tree={tree}
          menuKey={menuKey}
          keepRowFocus={keepRowFocus}
          focusKey={focusKey}
          openDetails={props.openDetails}
          openSpace={props.openSpace}
          startRename={setRenaming}
          openMoveDialog={props.openMoveDialog}
          subjectOf={subjectOf}
          runAction={props.runAction}
        />
      </ContextMenu>
      <DragOverlay dropAnimation={null} modifiers={PREVIEW_MODIFIERS}>
        {dragKeys !== undefined && <DragChip tree={tree} keys={dragKeys} phrase={drag.dragPhrase} />}
      </DragOverlay>
    </DndContext>
  );
}
