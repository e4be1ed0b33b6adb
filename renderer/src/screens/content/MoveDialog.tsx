/** "Move to…": the keyboard path of a drag into a collection. Type to filter the collections, Enter moves there. */
import { Command } from 'cmdk';
import { useMemo, useState } from 'react';
import { Dialog } from '../../ui/Dialog.tsx';
import { destinations, itemsPhrase, movedRoots } from '../../queries/contentTree/moves.ts';
import { FolderIcon } from './TreeRow.tsx';
import { ROOT, type ContentTree } from '../../queries/contentTree/tree.ts';

function matchPath(_value: string, search: string, keywords: string[] = []): number {
  const needle = search.trim().toLowerCase();
  return keywords.some((words) => words.toLowerCase().includes(needle)) ? 1 : 0;
}

/** Props of `MoveDialog`. */
export interface MoveDialogProps {
  tree: ContentTree;
  /** The keys to move; the dialog is open while set. */
  keys: readonly string[] | undefined;
  onMove: (parent: string) => void;
  onClose: () => void;
}

/** The dialog. */
export function MoveDialog({ tree, keys, onMove, onClose }: MoveDialogProps) {
  const roots = useMemo(() => (keys === undefined ? [] : movedRoots(tree, keys)), [tree, keys]);
  const list = useMemo(() => (keys === undefined ? [] : destinations(tree, roots)), [tree, roots, keys]);
  const [search, setSearch] = useState('');
  const searching = search.trim() !== '';
  return (
    <Dialog
      open={keys !== undefined}
      onOpenChange={(open) => {
        if (!open) {
          setSearch('');
          onClose();
        }
      }}
      title={`Move ${roots.length === 0 ? 'items' : itemsPhrase(tree, roots)} to…`}
      description="Pick the collection to move into, or the top level. The items go at the end."
      className="move-dialog"
      data-testid="move-dialog"
    >
      <Command label="Destinations" loop filter={matchPath}>
        <Command.Input
          className="input move-dialog-input"
          placeholder="Type to filter collections…"
          aria-label="Filter collections"
          data-testid="move-dialog-input"
          value={search}
          onValueChange={setSearch}
          autoFocus
        />
        <Command.List className="move-dialog-list">
          <Command.Empty className="palette-empty">No collection matches.</Command.Empty>
          {list.map((destination) => (
            <Command.Item
              key={destination.key || 'root'}
              value={destination.key || 'root'}
              keywords={[destination.path]}
              disabled={destination.blocked !== undefined}
              className="palette-item move-dialog-option"
              style={{
                paddingLeft: searching ? undefined : `calc(var(--space-3) + ${destination.depth * 14}px)`,
              }}
              data-testid="move-target"
              data-key={destination.key}
              data-title={destination.title}
              onSelect={() => {
                setSearch('');
                onMove(destination.key);
              }}
            >
              <span className="tree-icon tree-icon-collection" aria-hidden="true">
                {destination.key === ROOT ? '⌂' : <FolderIcon open={false} />}
              </span>
              <span className="move-dialog-title">{searching ? destination.path : destination.title}</span>
              {destination.current && <span className="muted">current</span>}
              {destination.blocked !== undefined && <span className="muted">{destination.blocked}</span>}
            </Command.Item>
          ))}
        </Command.List>
      </Command>
    </Dialog>
  );
}
