/** The Content screen: the organization's collections and spaces as a tree to rearrange, with a detail panel. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../bridge/errors.ts';
import { profileLabel } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { usePaletteActions, type PaletteAction } from '../../layout/paletteActions.ts';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { contentQuery, createContentItem, renameContentItem } from '../../queries/content.ts';
import { profilesQuery } from '../../queries/profiles.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/Feedback.tsx';
import { toast } from '../../ui/Toast.tsx';
import { useContentActions } from '../../ui/items/ContentActions.tsx';
import { ItemDetails } from '../../ui/items/ItemDetails.tsx';
import { ContentTree, type TreeSelection } from './ContentTree.tsx';
import { useExpanded } from './expanded.ts';
import { MoveDialog } from './MoveDialog.tsx';
import { usePendingMoves } from './moveQueue.ts';
import { NewItemDialog, type NewItemRequest } from './NewItemDialog.tsx';
import {
  allCollectionKeys,
  buildTree,
  flattenVisible,
  itemKey,
  parentId,
  pathTitle,
  ROOT,
  type ContentTree as Tree,
} from '../../queries/contentTree/tree.ts';
import { SkeletonTreeRow } from './TreeRow.tsx';
import { useMoves } from './useMoves.ts';
import '../../ui/tree/tree.css';
import './content.css';

const NO_SELECTION: TreeSelection = { selected: new Set(), anchor: undefined };
const EMPTY_TREE: Tree = buildTree([], []);

/** "1 space", "3 collections". */
function count(n: number, word: string): string {
  return `${n.toLocaleString()} ${word}${n === 1 ? '' : 's'}`;
}

/** The Content screen of one organization. */
export function ContentScreen({ profileId, orgId }: { profileId: string; orgId: string; spaceId?: string }) {
  useDocumentTitle('Content');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery(contentQuery(profileId, orgId));
  const profiles = useQuery(profilesQuery());
  const profileName = profileLabel(
    profiles.data?.profiles.find((p) => p.id === profileId),
    profileId,
  );
  const tree = useMemo(
    () => (query.data === undefined ? EMPTY_TREE : buildTree(query.data.collections, query.data.spaces)),
    [query.data],
  );
  const { expanded, toggle, setAll, open } = useExpanded(profileId, orgId);
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const rows = useMemo(
    () => flattenVisible(tree, expanded, deferredFilter),
    [tree, expanded, deferredFilter],
  );
  const matches = useMemo(() => rows.filter((row) => row.match).length, [rows]);

  const [selection, setSelection] = useState<TreeSelection>(NO_SELECTION);
  const [focusedKey, setFocusedKey] = useState<string | undefined>(undefined);
  const [detailKey, setDetailKey] = useState<string | undefined>(undefined);
  const [moveKeys, setMoveKeys] = useState<string[] | undefined>(undefined);
  const [newItem, setNewItem] = useState<NewItemRequest | undefined>(undefined);
  const [message, setMessage] = useState('');
  const treeRef = useRef<HTMLDivElement>(null);
  const pending = usePendingMoves(profileId, orgId);
  const actions = useContentActions(profileId, orgId);

  // A repeated message is still announced: the live region only speaks when its text changes.
  const announce = useCallback(
    (text: string) => setMessage((previous) => (previous === text ? `${text}\u00a0` : text)),
    [],
  );
  const reveal = useCallback((keys: string[]) => open(keys), [open]);
  const move = useMoves({ profileId, orgId, tree, announce, reveal });

  const openSpace = useCallback(
    (spaceId: string) =>
      void navigate({
        to: '/p/$profileId/orgs/$orgId/spaces/$spaceId',
        params: { profileId, orgId, spaceId },
      }),
    [navigate, profileId, orgId],
  );

  const rename = useCallback(
    (key: string, title: string) => {
      const node = tree.nodes.get(key);
      if (node === undefined) return;
      renameContentItem(queryClient, profileId, orgId, node.kind, node.id, title).then(
        () => announce(`Renamed “${node.title}” to “${title}”.`),
        (error: unknown) => {
          toast({ tone: 'error', title: `“${node.title}” not renamed`, description: errorMessage(error) });
          announce(`“${node.title}” was not renamed: ${errorMessage(error)}`);
        },
      );
    },
    [tree, queryClient, profileId, orgId, announce],
  );

  /** Where "New …" creates: inside the selected collection when exactly one is selected, else the top level. */
  const newItemParent = (): string => {
    const only = selection.selected.size === 1 ? [...selection.selected][0] : undefined;
    return only !== undefined && tree.nodes.get(only)?.kind === 'collection' ? only : ROOT;
  };
  const askNew = (kind: NewItemRequest['kind']) => {
    const parent = newItemParent();
    setNewItem({
      kind,
      parent: parentId(parent),
      where: parent === ROOT ? 'the top level' : `“${pathTitle(tree, parent)}”`,
    });
  };
  const askNewRef = useRef(askNew);
  askNewRef.current = askNew;

  const create = async (request: NewItemRequest, title: string) => {
    const created = await createContentItem(
      queryClient,
      profileId,
      orgId,
      request.kind,
      title,
      request.parent,
    );
    const key = itemKey(request.kind, created.id);
    if (request.parent !== null) open([itemKey('collection', request.parent)]);
    setSelection({ selected: new Set([key]), anchor: key });
    setFocusedKey(key);
    toast({ tone: 'success', title: `Created ${request.kind} “${created.title}”` });
    announce(`Created ${request.kind} “${created.title}” in ${request.where}.`);
  };

  const hasSelection = selection.selected.size > 0;
  const paletteActions = useMemo<PaletteAction[]>(() => {
    // The palette closes as the action runs: act once its dialog has let go of the focus.
    const later = (run: () => void) => () => setTimeout(run, 0);
    const list: PaletteAction[] = [
      {
        id: 'content:new-space',
        label: 'New space',
        keywords: ['create', 'space', 'content'],
        run: later(() => askNewRef.current('space')),
      },
      {
        id: 'content:new-collection',
        label: 'New collection',
        keywords: ['create', 'collection', 'group', 'content'],
        run: later(() => askNewRef.current('collection')),
      },
      {
        id: 'content:go',
        label: 'Go to content',
        keywords: ['tree', 'focus', 'spaces', 'collections'],
        run: later(() => treeRef.current?.focus()),
      },
    ];
    if (hasSelection) {
      list.push({
        id: 'content:move-selected',
        label: 'Move selected items to…',
        keywords: ['move', 'bulk', 'collection'],
        run: later(() => setMoveKeys([...selectionRef.current.selected])),
      });
    }
    return list;
  }, [hasSelection]);
  const selectionRef = useRef(selection);
  selectionRef.current = selection;
  usePaletteActions('content', paletteActions);

  const detailNode = detailKey === undefined ? undefined : tree.nodes.get(detailKey);
  const filtering = deferredFilter.trim() !== '';

  let body;
  if (query.isPending) {
    body = (
      <div className="content-tree content-tree-loading" aria-busy="true" data-testid="content-loading">
        <span className="visually-hidden">Loading collections and spaces</span>
        <div className="content-tree-body" style={{ height: 12 * 32 }}>
          {Array.from({ length: 12 }, (_, i) => (
            <SkeletonTreeRow key={i} index={i} />
          ))}
        </div>
      </div>
    );
  } else if (query.isError) {
    body = (
      <ErrorState
        error={query.error}
        what="the collections and spaces"
        profileName={profileName}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (tree.nodes.size === 0) {
    body = (
      <EmptyState title="No collections or spaces yet">
        Create a collection to group spaces, or a space to write in.
      </EmptyState>
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyState title={`Nothing matches “${deferredFilter.trim()}”`}>
        Try another part of a title.
      </EmptyState>
    );
  } else {
    body = (
      <ContentTree
        tree={tree}
        rows={rows}
        selection={selection}
        setSelection={setSelection}
        focusedKey={focusedKey}
        setFocusedKey={setFocusedKey}
        toggle={toggle}
        move={move}
        openMoveDialog={setMoveKeys}
        openDetails={setDetailKey}
        openSpace={openSpace}
        rename={rename}
        runAction={actions.run}
        announce={announce}
        pending={pending}
        treeRef={treeRef}
      />
    );
  }

  return (
    <section className="screen content-screen" data-testid="content-screen" aria-labelledby="content-title">
      <header className="screen-header content-header">
        <h1 id="content-title">Content</h1>
        <p className="content-count muted" data-testid="content-count" aria-live="polite">
          {query.isSuccess &&
            (filtering
              ? `${count(matches, 'match')} of ${(tree.collections + tree.spaces).toLocaleString()}`
              : `${count(tree.collections, 'collection')} · ${count(tree.spaces, 'space')}`)}
        </p>
      </header>
      <div className="content-toolbar" role="toolbar" aria-label="Content tree">
        <input
          type="search"
          className="input content-filter"
          placeholder="Filter by title…"
          aria-label="Filter collections and spaces by title"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          data-testid="content-filter"
        />
        <Button size="sm" onClick={() => setAll(allCollectionKeys(tree))} data-testid="content-expand-all">
          Expand all
        </Button>
        <Button size="sm" onClick={() => setAll([])} data-testid="content-collapse-all">
          Collapse all
        </Button>
        <span className="content-toolbar-spacer" />
        <Button size="sm" onClick={() => askNew('collection')} data-testid="new-collection">
          New collection
        </Button>
        <Button size="sm" variant="primary" onClick={() => askNew('space')} data-testid="new-space">
          New space
        </Button>
      </div>
      <div className={detailNode !== undefined ? 'content-layout has-details' : 'content-layout'}>
        <div className="content-tree-panel">{body}</div>
        {detailNode !== undefined && (
          <ItemDetails
            profileId={profileId}
            orgId={orgId}
            item={{ kind: detailNode.kind, id: detailNode.id }}
            onClose={() => setDetailKey(undefined)}
          />
        )}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="content-announcer">
        {message}
      </p>
      <MoveDialog
        tree={tree}
        keys={moveKeys}
        onClose={() => setMoveKeys(undefined)}
        onMove={(parent) => {
          const keys = moveKeys ?? [];
          setMoveKeys(undefined);
          void move(keys, { parent });
        }}
      />
      <NewItemDialog request={newItem} onClose={() => setNewItem(undefined)} onCreate={create} />
      {actions.dialogs}
    </section>
  );
}
