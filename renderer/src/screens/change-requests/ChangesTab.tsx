/**
 * The Changes tab of a change request: the changed pages as a tree (markers, line counts, "Viewed"), the page on
 * screen with its structure changes and its diff (rendered side by side or inline, or the markdown source), and the
 * page's comments beside it. Diffs are computed by a worker (diff/), never on this thread. The page shown is the
 * URL's `page`; the lens, the layout and the tree filter are remembered per profile; viewed marks per request.
 *
 * Keyboard (not while typing): j / Alt+↓ next changed page, k / Alt+↑ previous; n / p next and previous change
 * (past the last change, the next page); v viewed; s source, r rendered; i side by side or inline; c comment on the
 * current change; a approve, x request changes, f finish the review; ? the list. Block comments sit at their blocks
 * and draft comments wait for "Finish review" (`review/`).
 */
import type { ChangeRequest } from '../../../../shared/contract/resources/changeRequests.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { RateLimitWait } from '../../ui/ApiNotes.tsx';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState, Skeleton } from '../../ui/Feedback.tsx';
import { PageCommentsPanel } from './CommentsTab.tsx';
import { LensToggles } from './diff/LensToggles.tsx';
import { PageDiffView } from './diff/PageDiffView.tsx';
import { ReviewTreeView, TreeSkeleton } from './diff/ReviewTreeView.tsx';
import { ShortcutHelp } from './diff/shortcuts.tsx';
import { BlockNotesContext } from './review/blockNotes.tsx';
import { useChangesTab } from './useChangesTab.ts';
import './diff/changes.css';

export interface ChangesTabProps {
  profileId: string;
  orgId: string;
  spaceId: string;
  changeRequest: ChangeRequest;
  /** The page shown, from the URL (`?page=`); undefined shows the first changed page. */
  pageId: string | undefined;
  onPageChange: (pageId: string) => void;
}

type ChangesTabState = ReturnType<typeof useChangesTab>;

/** The tab before it has pages to show: an error, the skeleton, or "changes nothing"; `undefined` once it has. */
function ChangesTabPlaceholder({ state, profileId }: { state: ChangesTabState; profileId: string }) {
  const { profile } = useActiveProfile();
  const { error, loaded, retry, tree } = state;
  if (error !== undefined && loaded.tree === undefined) {
    return (
      <div className="review" data-testid="changes-tab">
        <ErrorState
          error={error}
          what="the changes of this request"
          profileName={profileLabel(profile, profileId)}
          onRetry={retry}
        />
      </div>
    );
  }
  if (tree === undefined) {
    return (
      <div
        className="review"
        data-testid="changes-tab"
        role="status"
        aria-busy="true"
        aria-label="Loading the changes"
      >
        <div className="review-body review-loading" data-testid="changes-loading">
          <TreeSkeleton className="review-tree-pane" />
          <div className="review-page-pane">
            <Skeleton width="40%" height="1.6rem" />
            <Skeleton width="100%" height="10rem" />
          </div>
        </div>
      </div>
    );
  }
  if (tree.changed.length === 0) {
    return (
      <div className="review" data-testid="changes-tab">
        <EmptyState title="This change request changes nothing yet">
          Its pages are the same as in the space. Edits made in this request will show here.
        </EmptyState>
      </div>
    );
  }
  return undefined;
}

/** The toolbar: the counts and reading progress, the lens, "Finish review", the shortcuts' list. */
function ChangesToolbar({ state, profileId }: { state: ChangesTabState; profileId: string }) {
  const { tree, viewed, progress, lens, layout, setLens, setLayout, review, showHelp, setShowHelp } = state;
  if (tree === undefined) return null;
  const viewedCount = viewed.count(tree);
  return (
    <>
      <div className="review-toolbar">
        <p className="review-summary">
          <strong data-testid="review-changed-count">
            {tree.changed.length} changed {tree.changed.length === 1 ? 'page' : 'pages'}
          </strong>
          <span className="review-viewed-count" data-testid="review-viewed-count">
            {viewedCount} of {tree.changed.length} viewed
          </span>
          {progress.done < progress.total && (
            <span className="muted review-progress" data-testid="review-progress">
              {progress.read < progress.total
                ? `Reading pages: ${progress.read} of ${progress.total}`
                : `Counting lines: ${progress.done} of ${progress.total} pages`}
            </span>
          )}
          <RateLimitWait profileId={profileId} active={progress.done < progress.total} />
        </p>
        <div className="review-toggles">
          <LensToggles lens={lens} layout={layout} onLens={setLens} onLayout={setLayout} />
          {review.finishButton}
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={showHelp}
            aria-controls="review-shortcuts"
            aria-keyshortcuts="Shift+?"
            onClick={() => setShowHelp(!showHelp)}
            data-testid="review-shortcuts-toggle"
          >
            Keyboard
          </Button>
        </div>
      </div>
      {showHelp && <ShortcutHelp id="review-shortcuts" />}
    </>
  );
}

export function ChangesTab(props: ChangesTabProps) {
  const { profileId, orgId, spaceId, changeRequest } = props;
  const { profile } = useActiveProfile();
  const state = useChangesTab(props);
  const { tree, retry, pageDiff, change, selectedNode, selectedId, lens, layout, diff, viewed } = state;
  const { comments, onlyChanged, setOnlyChanged, afterFirst, treeLabel, review, commentable } = state;
  if (
    tree === undefined ||
    tree.changed.length === 0 ||
    (state.error !== undefined && state.loaded.tree === undefined)
  )
    return <ChangesTabPlaceholder state={state} profileId={profileId} />;

  const title = selectedNode?.title ?? '';
  const diffError =
    pageDiff.isError && change?.bodyChanged === true ? (
      <ErrorState
        error={pageDiff.error}
        what="this page's content"
        profileName={profileLabel(profile, profileId)}
        standalone
        onRetry={() => {
          retry();
          void pageDiff.refetch();
        }}
      />
    ) : undefined;

  return (
    <div className="review" data-testid="changes-tab">
      <ChangesToolbar state={state} profileId={profileId} />
      <div className="review-body" ref={comments.bodyRef}>
        <nav className="review-tree-pane" aria-labelledby={treeLabel}>
          <div className="review-tree-header">
            <h2 id={treeLabel} className="review-tree-title">
              Pages
            </h2>
            <label className="review-only-changed">
              <input
                type="checkbox"
                checked={onlyChanged}
                onChange={(event) => setOnlyChanged(event.target.checked)}
                data-testid="review-only-changed"
              />
              Only changed pages
            </label>
          </div>
          {!afterFirst ? (
            <TreeSkeleton className="review-tree-placeholder" />
          ) : (
            <ReviewTreeView
              tree={tree}
              rows={state.rows}
              selectedId={selectedId}
              focusedId={state.focusedId}
              setFocusedId={state.setFocusedId}
              stats={state.stats}
              commentCounts={review.commentCounts}
              isViewed={viewed.isViewed}
              onSelect={state.select}
              onToggle={state.toggle}
              onToggleViewed={state.toggleViewedOf}
              treeRef={state.treeRef}
              labelledBy={treeLabel}
            />
          )}
        </nav>
        <BlockNotesContext.Provider value={review.notes}>
          <div className="review-page-pane" ref={state.paneRef}>
            {change !== undefined ? (
              <PageDiffView
                key={change.id}
                change={change}
                title={title}
                lens={lens}
                layout={layout}
                diff={diff}
                diffError={diffError}
                viewed={viewed.isViewed(change)}
                onToggleViewed={() => viewed.toggle(change)}
                currentChange={state.currentChange}
                onChange={state.stepChange}
              />
            ) : (
              <EmptyState title={title || 'Untitled'}>This page is unchanged in this request.</EmptyState>
            )}
          </div>
        </BlockNotesContext.Provider>
        {/* Comments target pages of the request: a deleted page has none. */}
        {commentable && selectedNode !== undefined && (
          <PageCommentsPanel
            profileId={profileId}
            orgId={orgId}
            spaceId={spaceId}
            changeRequest={changeRequest}
            pageId={selectedNode.id}
            pageTitle={title}
            folded={comments.folded}
            threadsReady={afterFirst}
          />
        )}
      </div>
      {review.dialog}
    </div>
  );
}
