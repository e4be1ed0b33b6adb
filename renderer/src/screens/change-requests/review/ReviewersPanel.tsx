/**
 * "Who is in charge of this review?": the requested reviewers (people and teams) and everyone who reviewed, each with
 * where they stand (approved, changes requested, awaiting, or a review of an earlier version), a way to ask more
 * people (`RequestReviewDialog`) or to take one off, and the caller's own Approve / Request changes, which finish
 * their review with its drafts (`FinishReview`).
 */
import './review.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChangeRequest } from '../../../../../shared/contract/resources/changeRequests.ts';
import type {
  ChangeRequestRequestedReviewer,
  ChangeRequestReview,
} from '../../../../../shared/contract/resources/reviews.ts';
import { errorMessage } from '../../../bridge/errors.ts';
import {
  afterReview,
  removeRequestedReviewer,
  requestedReviewersQuery,
  reviewsQuery,
  type RequestRef,
} from '../../../queries/reviews.ts';
import { spaceQuery } from '../../../queries/spaces.ts';
import { currentUserQuery } from '../../../queries/teams.ts';
import { Button } from '../../../ui/Button.tsx';
import { Badge, Skeleton } from '../../../ui/Feedback.tsx';
import { toast } from '../../../ui/Toast.tsx';
import { useReviewDrafts } from './drafts.ts';
import { FinishReview, type ReviewDecision } from './FinishReview.tsx';
import { RequestReviewDialog } from './RequestReviewDialog.tsx';

/** Where one reviewer stands. */
interface Row {
  id: string;
  kind: 'user' | 'team';
  name: string;
  requested: boolean;
  /** Their latest review (a team: its members' latest), if any. */
  review: ChangeRequestReview | undefined;
}

/** The reviewers' rows: the requested ones first (in request order), then those who reviewed unasked. */
export function reviewerRows(
  requested: readonly ChangeRequestRequestedReviewer[],
  reviews: readonly ChangeRequestReview[],
): Row[] {
  const latest = new Map<string, ChangeRequestReview>();
  for (const review of reviews) if (!latest.has(review.reviewer.id)) latest.set(review.reviewer.id, review);
  const rows: Row[] = requested.map((entry) =>
    entry.kind === 'user'
      ? {
          id: entry.user.id,
          kind: 'user',
          name: entry.user.displayName,
          requested: true,
          review: latest.get(entry.user.id),
        }
      : { id: entry.team.id, kind: 'team', name: entry.team.title, requested: true, review: undefined },
  );
  for (const [id, review] of latest)
    if (!rows.some((row) => row.id === id))
      rows.push({ id, kind: 'user', name: review.reviewer.displayName, requested: false, review });
  return rows;
}

function Standing({ row }: { row: Row }) {
  const { review } = row;
  if (review === undefined)
    return (
      <span className="muted">{row.kind === 'team' ? 'Awaiting a member’s review' : 'Awaiting review'}</span>
    );
  const words = review.status === 'approved' ? 'Approved' : 'Changes requested';
  if (review.outdated) return <span className="muted">{words} an earlier version</span>;
  return <Badge tone={review.status === 'approved' ? 'accent' : 'warning'}>{words}</Badge>;
}

/** The panel. */
export function ReviewersPanel({ refs, request }: { refs: RequestRef; request: ChangeRequest }) {
  const queryClient = useQueryClient();
  const requested = useQuery(requestedReviewersQuery(refs));
  const reviews = useQuery(reviewsQuery(refs));
  const space = useQuery(spaceQuery(refs.profileId, refs.spaceId));
  const me = useQuery(currentUserQuery(refs.profileId)).data;
  const { drafts } = useReviewDrafts(refs.profileId, request.id);
  const [asking, setAsking] = useState(false);
  const [finishing, setFinishing] = useState<ReviewDecision | undefined>();
  const remove = useMutation({
    mutationFn: (row: Row) => removeRequestedReviewer(refs, row.id),
    onSuccess: (_done, row) => toast({ tone: 'success', title: `${row.name} is no longer asked to review` }),
    onError: (error) =>
      toast({ tone: 'error', title: 'Could not remove the reviewer', description: errorMessage(error) }),
    onSettled: () => afterReview(queryClient, refs),
  });
  const mayAsk =
    space.data?.permissions.edit === true && (request.status === 'open' || request.status === 'draft');
  const mayReview = request.status === 'open' && me !== undefined && me.id !== request.createdBy.id;

  let body;
  if (requested.isError || reviews.isError)
    body = <p className="field-error">{errorMessage(requested.error ?? reviews.error)}</p>;
  else if (requested.data === undefined || reviews.data === undefined)
    body = <Skeleton width="60%" height="1.2rem" />;
  else {
    const rows = reviewerRows(requested.data, reviews.data);
    body =
      rows.length === 0 ? (
        <p className="muted" data-testid="cr-reviewers-empty">
          Nobody is asked to review this request yet.
        </p>
      ) : (
        <ul className="cr-reviewers" data-testid="cr-reviewers">
          {rows.map((row) => (
            <li
              key={`${row.kind}:${row.id}`}
              data-testid="cr-reviewer"
              data-name={row.name}
              data-kind={row.kind}
            >
              <span className="cr-reviewer-name">
                {row.kind === 'team' && <span className="visually-hidden">Team </span>}
                {row.name}
                {row.kind === 'team' && <span className="muted"> (team)</span>}
              </span>
              <Standing row={row} />
              {row.requested && (mayAsk || row.id === me?.id) && (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Stop asking ${row.name} to review`}
                  pending={remove.isPending && remove.variables.id === row.id}
                  onClick={() => remove.mutate(row)}
                  data-testid="cr-reviewer-remove"
                >
                  ×
                </Button>
              )}
            </li>
          ))}
        </ul>
      );
  }

  return (
    <section
      className="section cr-overview-section"
      aria-labelledby="cr-reviewers-title"
      data-testid="cr-reviewers-panel"
    >
      <div className="cr-reviewers-header">
        <h2 id="cr-reviewers-title">Reviewers</h2>
        {mayAsk && (
          <Button size="sm" onClick={() => setAsking(true)} data-testid="cr-request-review">
            Request review…
          </Button>
        )}
      </div>
      {body}
      {mayReview && (
        <div className="cr-review-actions">
          <Button
            size="sm"
            variant="primary"
            onClick={() => setFinishing('approved')}
            data-testid="cr-approve"
          >
            Approve…
          </Button>
          <Button
            size="sm"
            onClick={() => setFinishing('changes-requested')}
            data-testid="cr-request-changes"
          >
            Request changes…
          </Button>
          {drafts.length > 0 && (
            <span className="muted" data-testid="cr-drafts-waiting">
              {drafts.length} draft comment{drafts.length === 1 ? '' : 's'} waiting
            </span>
          )}
        </div>
      )}
      <RequestReviewDialog refs={refs} request={request} open={asking} onOpenChange={setAsking} />
      <FinishReview
        refs={refs}
        request={request}
        open={finishing !== undefined}
        onOpenChange={(open) => !open && setFinishing(undefined)}
        decision={finishing ?? 'approved'}
      />
    </section>
  );
}
