/** The Content screen: the organization's collections and spaces as a tree to rearrange, with a detail panel. */
import { ErrorState } from '../../layout/ErrorState.tsx';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/Feedback.tsx';
import { ItemDetails } from '../../ui/items/ItemDetails.tsx';
import { ContentTree } from './ContentTree.tsx';
import { MoveDialog } from './MoveDialog.tsx';
import { NewItemDialog } from './NewItemDialog.tsx';
import { allCollectionKeys } from '../../queries/contentTree/tree.ts';
import { SkeletonTreeRow } from './TreeRow.tsx';
import { useContentScreen } from './useContentScreen.ts';
import '../../ui/tree/tree.css';
import './content.css';

/** "1 space", "3 collections". */
function count(n: number, word: string): string {
  return `${n.toLocaleString()} ${word}${n === 1 ? '' : 's'}`;
}

/** The tree panel's body: loading, error, empty, nothing matching, or the tree. */
function ContentBody({ screen }: { screen: ReturnType<typeof useContentScreen> }) {
  const { query, profileName, tree, rows, deferredFilter } = screen;
  if (query.isPending) {
    return (
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
    return (
      <ErrorState
        error={query.error}
        what="the collections and spaces"
        profileName={profileName}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (tree.nodes.size === 0) {
    return (
      <EmptyState title="No collections or spaces yet">
        Create a collection to group spaces, or a space to write in.
      </EmptyState>
    );
  } else if (rows.length === 0) {
    return (
      <EmptyState title={`Nothing matches “${deferredFilter.trim()}”`}>
        Try another part of a title.
      </EmptyState>
    );
  } else {
    return (
      <ContentTree
        tree={tree}
        rows={rows}
        selection={screen.selection}
        setSelection={screen.setSelection}
        focusedKey={screen.focusedKey}
        setFocusedKey={screen.setFocusedKey}
        toggle={screen.expansion.toggle}
        move={screen.move}
        openMoveDialog={screen.setMoveKeys}
        openDetails={screen.setDetailKey}
        openSpace={screen.openSpace}
        rename={screen.rename}
        runAction={screen.actions.run}
        announce={screen.announce}
        pending={screen.pending}
        treeRef={screen.treeRef}
      />
    );
  }
}

/** The Content screen of one organization. */
export function ContentScreen({ profileId, orgId }: { profileId: string; orgId: string; spaceId?: string }) {
  useDocumentTitle('Content');
  const screen = useContentScreen(profileId, orgId);
  const { query, tree, matches, filter, setFilter, deferredFilter, askNew, moveKeys, setMoveKeys } = screen;
  const { setAll } = screen.expansion;
  const detailNode = screen.detailKey === undefined ? undefined : tree.nodes.get(screen.detailKey);
  const filtering = deferredFilter.trim() !== '';

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
        <div className="content-tree-panel">
          <ContentBody screen={screen} />
        </div>
        {detailNode !== undefined && (
          <ItemDetails
            profileId={profileId}
            orgId={orgId}
            item={{ kind: detailNode.kind, id: detailNode.id }}
            onClose={() => screen.setDetailKey(undefined)}
          />
        )}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="content-announcer">
        {screen.message}
      </p>
      <MoveDialog
        tree={tree}
        keys={moveKeys}
        onClose={() => setMoveKeys(undefined)}
        onMove={(parent) => {
          const keys = moveKeys ?? [];
          setMoveKeys(undefined);
          void screen.move(keys, { parent });
        }}
      />
      <NewItemDialog
        request={screen.newItem}
        onClose={() => screen.setNewItem(undefined)}
        onCreate={screen.create}
      />
      {screen.actions.dialogs}
    </section>
  );
}
