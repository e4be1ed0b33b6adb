/**
 * Comment threads of a change request: the Comments tab (every thread, anchored to the request or to a page) and
 * the panel beside a page's diff (that page's threads; new ones target the page). Both are the same list
 * (`comments/CommentList.tsx`); the status filter is remembered per profile, the panel's collapsed state too.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import type { ChangeRequest } from '../../../../shared/contract/resources/changeRequests.ts';
import { commentsQuery, type CommentScope } from '../../queries/comments.ts';
import { cx } from '../../ui/cx.ts';
import { CommentList, CommentsLoading } from './comments/CommentList.tsx';
import { matchesFilter, type CommentFilter } from './comments/logic.ts';
import { commentPrefs } from './comments/storage.ts';

export interface CommentsProps {
  profileId: string;
  orgId: string;
  spaceId: string;
  changeRequest: ChangeRequest;
}

/** The scope of the request's comments (its id, and its number to refresh a request loaded by number). */
function useScope({ profileId, orgId, spaceId, changeRequest }: CommentsProps): CommentScope {
  const { id, number } = changeRequest;
  return useMemo(
    () => ({ profileId, orgId, spaceId, changeRequestId: id, changeRequestNumber: number }),
    [profileId, orgId, spaceId, id, number],
  );
}

/** The remembered status filter of a profile. */
function useFilter(profileId: string) {
  const [filter, setFilter] = useState<CommentFilter>(() => commentPrefs.filter(profileId));
  const change = (next: CommentFilter) => {
    commentPrefs.setFilter(profileId, next);
    setFilter(next);
  };
  return [filter, change] as const;
}

/** Every thread of the request, anchored to the request or to a page. */
export function CommentsTab(props: CommentsProps) {
  const scope = useScope(props);
  const [filter, setFilter] = useFilter(props.profileId);
  const headingId = useId();
  const open = props.changeRequest.comments;
  return (
    <section className="comments-tab" aria-labelledby={headingId} data-testid="comments-tab">
      <h2 id={headingId} className="comments-tab-title">
        Comments
        <span className="comments-count" data-testid="comments-open-count">
          {open === 1 ? '1 open' : `${open} open`}
        </span>
      </h2>
      <CommentList
        scope={scope}
        compact={false}
        filter={filter}
        onFilterChange={setFilter}
        composerLabel="Comment on this change request"
      />
    </section>
  );
}

/**
 * The threads of one page, shown beside its diff; new comments posted here target that page. Until `threadsReady`
 * (the Changes tab's first diff painted), the list (composer, filter and threads) shows as loading: twenty threads
 * of rendered markdown are a long task that would otherwise come before the diff, and the composer's write/preview
 * tabs force a style recalculation of the new screen as they mount. `folded` (the diff
 * would get too narrow beside it): the pane is its toggle, and opening it lays the comments over the diff for this
 * visit only (the remembered choice is for wide windows).
 */
export function PageCommentsPanel(
  props: CommentsProps & {
    pageId: string;
    pageTitle: string;
    folded?: boolean;
    /** False while the diff beside it is drawn first: the list shows as loading meanwhile. */
    threadsReady?: boolean;
  },
) {
  const scope = useScope(props);
  const [filter, setFilter] = useFilter(props.profileId);
  const [remembered, setRemembered] = useState(() => commentPrefs.panelCollapsed(props.profileId));
  const [overlayOpen, setOverlayOpen] = useState(false);
  const folded = props.folded === true;
  const collapsed = folded ? !overlayOpen : remembered;
  const headingId = useId();
  const bodyId = useId();
  // The header counts the page's open threads, whatever the filter shows.
  const openThreads = useQuery(commentsQuery(scope, 'open', props.pageId));
  const count = openThreads.data?.filter((comment) => matchesFilter(comment, 'open', props.pageId)).length;
  const toggle = () => {
    if (folded) {
      setOverlayOpen(!overlayOpen);
      return;
    }
    commentPrefs.setPanelCollapsed(props.profileId, !remembered);
    setRemembered(!remembered);
  };
  return (
    <aside
      className={cx('page-comments', collapsed && 'is-collapsed', folded && !collapsed && 'is-overlay')}
      aria-labelledby={headingId}
      data-testid="page-comments"
      data-page-id={props.pageId}
      data-folded={folded ? 'true' : 'false'}
      onKeyDown={(event) => {
        if (folded && overlayOpen && event.key === 'Escape') setOverlayOpen(false);
      }}
    >
      <div className="page-comments-header">
        <h2 id={headingId} className="page-comments-title">
          Comments
          <span className="visually-hidden"> on “{props.pageTitle}”</span>
          {count !== undefined && (
            <span className="comments-count" data-testid="page-comments-count">
              <span className="visually-hidden">, </span>
              {count}
              <span className="visually-hidden"> open</span>
            </span>
          )}
        </h2>
        <button
          type="button"
          className="page-comments-toggle"
          aria-expanded={!collapsed}
          aria-controls={bodyId}
          aria-label={collapsed ? 'Show the comments of this page' : 'Hide the comments of this page'}
          onClick={toggle}
          data-testid="page-comments-toggle"
        >
          <span aria-hidden="true">{collapsed ? '‹' : '›'}</span>
        </button>
      </div>
      <div id={bodyId} className="page-comments-body" hidden={collapsed}>
        {!collapsed &&
          (props.threadsReady === false ? (
            <CommentsLoading />
          ) : (
            <CommentList
              scope={scope}
              pageId={props.pageId}
              compact
              filter={filter}
              onFilterChange={setFilter}
              composerLabel={`Comment on page “${props.pageTitle}”`}
            />
          ))}
      </div>
    </aside>
  );
}
