/**
 * What the Changes tab adds for a reviewer: block comments at their blocks (`useBlockComments`), open-comment counts
 * per page for the page tree, the "Finish review" button with its count of drafts and dialog, and the actions the
 * review keys run (comment here, approve, request changes, finish).
 */
import './review.css';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type RefObject } from 'react';
import type { ChangeRequest } from '../../../../../shared/contract/resources/changeRequests.ts';
import { commentsQuery, type CommentScope } from '../../../queries/comments.ts';
import { Button } from '../../../ui/Button.tsx';
import type { PageDiff } from '../diff/types.ts';
import { useReviewDrafts } from './drafts.ts';
import { FinishReview, type ReviewDecision } from './FinishReview.tsx';
import { useBlockComments } from './useBlockComments.tsx';

/** Open comments per page id (threads on a page, blocks included). */
export function countsByPage(
  comments: readonly { target: { page?: { id: string } } }[],
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const comment of comments) {
    const id = comment.target.page?.id;
    if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** The comment scope of a reviewed request. */
export function commentScope(refs: {
  profileId: string;
  orgId: string;
  spaceId: string;
  changeRequest: ChangeRequest;
}): CommentScope {
  const { profileId, orgId, spaceId, changeRequest } = refs;
  return {
    profileId,
    orgId,
    spaceId,
    changeRequestId: changeRequest.id,
    changeRequestNumber: changeRequest.number,
  };
}

export function useReviewSession(input: {
  profileId: string;
  orgId: string;
  spaceId: string;
  changeRequest: ChangeRequest;
  pageId: string | undefined;
  pageTitle: string;
  diff: PageDiff | undefined;
  /** The pane of the page on screen, where the current change is found. */
  paneRef: RefObject<HTMLDivElement | null>;
  currentChange: number;
  /**
   * Whether the open comments of every page (the tree's counts) may be read: not before the page on screen is
   * painted, as that read (every block comment placed again on the server) would hold up its bodies. The page's
   * block keys and the current user wait for it too.
   */
  countsReady: boolean;
  /** Whether the page's block comments may be drawn (`useBlockComments`): once its first diff is painted. */
  commentsReady: boolean;
}) {
  const { profileId, orgId, spaceId, changeRequest } = input;
  const scope = useMemo<CommentScope>(
    () => commentScope({ profileId, orgId, spaceId, changeRequest }),
    [profileId, orgId, spaceId, changeRequest],
  );
  const openThread = useCallback((commentId: string) => {
    const thread = document.querySelector<HTMLElement>(
      `[data-testid="page-comments"] [data-testid="comment-thread"][data-comment-id="${CSS.escape(commentId)}"]`,
    );
    thread?.scrollIntoView({ block: 'nearest' });
    thread?.focus();
  }, []);
  const { notes, compose } = useBlockComments({
    scope,
    changeRequest,
    pageId: input.pageId,
    pageTitle: input.pageTitle,
    diff: input.diff,
    onOpenThread: openThread,
    blocksReady: input.countsReady,
    commentsReady: input.commentsReady,
  });
  const open = useQuery({ ...commentsQuery(scope, 'open'), enabled: input.countsReady });
  const commentCounts = useMemo(() => countsByPage(open.data ?? []), [open.data]);
  const { drafts } = useReviewDrafts(profileId, changeRequest.id);
  const [finishing, setFinishing] = useState<ReviewDecision | undefined>();

  const { paneRef, currentChange } = input;
  /** Starts a comment on the current change's block (the first block before any change is picked). */
  const commentHere = useCallback(() => {
    const pane = paneRef.current;
    const target =
      currentChange >= 0 ? pane?.querySelector<HTMLElement>(`[data-change="${currentChange}"]`) : undefined;
    const index = Number(
      target?.dataset.headIndex ?? pane?.querySelector<HTMLElement>('[data-head-index]')?.dataset.headIndex,
    );
    if (Number.isInteger(index)) compose(index);
  }, [paneRef, currentChange, compose]);

  const refs = { profileId, orgId, spaceId, changeRequestId: changeRequest.id };
  const finishButton =
    changeRequest.status === 'open' || drafts.length > 0 ? (
      <Button
        size="sm"
        variant={drafts.length > 0 ? 'primary' : 'secondary'}
        onClick={() => setFinishing('comment')}
        aria-keyshortcuts="f"
        title="Finish your review (f)"
        data-testid="review-finish"
      >
        Finish review{drafts.length > 0 ? ` (${drafts.length})` : ''}
      </Button>
    ) : null;
  const dialog = (
    <FinishReview
      refs={refs}
      request={changeRequest}
      open={finishing !== undefined}
      onOpenChange={(next) => !next && setFinishing(undefined)}
      decision={finishing ?? 'comment'}
      readUser={input.countsReady}
    />
  );
  return {
    notes,
    commentCounts,
    finishButton,
    dialog,
    actions: {
      commentHere,
      approve: () => setFinishing('approved'),
      requestChanges: () => setFinishing('changes-requested'),
      finishReview: () => setFinishing('comment'),
    },
  };
}
