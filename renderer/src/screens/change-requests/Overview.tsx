/**
 * The Overview tab: the merge box (status, merge, update from main, conflicts), what the request changes (pages
 * added, edited, deleted and moved against its merge base, each opening on the Changes tab), and its open comments.
 */
import { useQuery } from '@tanstack/react-query';
import type { ChangeRequest } from '../../../../shared/contract/resources/changeRequests.ts';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { reviewBasePagesQuery, reviewHeadPagesQuery } from '../../queries/review.ts';
import { Button } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/Feedback.tsx';
import { MergeBox } from './MergeBox.tsx';
import { ReviewersPanel } from './review/ReviewersPanel.tsx';
import { CHANGE_KINDS, KIND_LABELS } from './diff/classify.ts';
import { summarizeChanges, type SummaryPage } from './summary.ts';

/** The kinds in the Changes tab's order and words. */
const KINDS = CHANGE_KINDS.map((key) => ({ key, label: KIND_LABELS[key].label }));

/** Props of `Overview`. */
export interface OverviewProps {
  profileId: string;
  orgId: string;
  spaceId: string;
  changeRequestId: string;
  request: ChangeRequest;
  /** Opens the Changes tab (on a page) or the Comments tab. */
  onOpen: (target: { tab: 'changes'; page?: string } | { tab: 'comments' }) => void;
  confirmingMerge: boolean;
  onConfirmingMergeChange: (open: boolean) => void;
}

function PageList({
  pages,
  deleted,
  onOpen,
}: {
  pages: SummaryPage[];
  deleted: boolean;
  onOpen: OverviewProps['onOpen'];
}) {
  return (
    <ul className="cr-summary-pages">
      {pages.map((page) => (
        <li key={page.id}>
          {deleted ? (
            <span>{page.title || 'Untitled page'}</span>
          ) : (
            <button
              type="button"
              className="cr-link-button"
              onClick={() => onOpen({ tab: 'changes', page: page.id })}
            >
              {page.title || 'Untitled page'}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

function Summary({ profileId, orgId, spaceId, request, onOpen }: OverviewProps) {
  const { profile } = useActiveProfile();
  // The Changes tab's own queries: one fetch, and one classification, serve both tabs.
  const head = useQuery(reviewHeadPagesQuery(profileId, orgId, spaceId, request));
  const base = useQuery(reviewBasePagesQuery(profileId, spaceId, request));
  const failed = head.isError ? head : base.isError ? base : undefined;
  if (failed !== undefined)
    return (
      <ErrorState
        error={failed.error}
        what="the summary of changes"
        profileName={profileLabel(profile, profileId)}
        onRetry={() => void Promise.all([head.refetch(), base.refetch()])}
      />
    );
  if (head.data === undefined || base.data === undefined)
    return (
      <div role="status" aria-busy="true" aria-label="Loading the summary of changes">
        <Skeleton width="100%" height="3.5rem" />
      </div>
    );
  const { summary, total } = summarizeChanges(base.data, head.data);
  return (
    <>
      <p className="muted" data-testid="cr-summary-total">
        {total === 0
          ? 'No page differs from the main content this request started from.'
          : `${total} page${total === 1 ? '' : 's'} changed against the main content this request started from.`}
      </p>
      <dl className="cr-summary" data-testid="cr-summary">
        {KINDS.map(({ key, label }) => (
          <div
            key={key}
            className="cr-summary-item"
            data-testid={`cr-summary-${key}`}
            data-count={summary[key].length}
          >
            <dt>{label}</dt>
            <dd>
              <span className="cr-summary-count">{summary[key].length}</span>
              {summary[key].length > 0 && (
                <details>
                  <summary>
                    Show the page{summary[key].length === 1 ? '' : 's'}
                    <span className="visually-hidden"> {label.toLocaleLowerCase()}</span>
                  </summary>
                  <PageList pages={summary[key]} deleted={key === 'deleted'} onOpen={onOpen} />
                </details>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {total > 0 && (
        <Button size="sm" onClick={() => onOpen({ tab: 'changes' })}>
          Review the changes
        </Button>
      )}
    </>
  );
}

/** The tab. */
export function Overview(props: OverviewProps) {
  const { request, onOpen } = props;
  return (
    <div className="cr-overview" data-testid="cr-overview">
      <MergeBox
        profileId={props.profileId}
        orgId={props.orgId}
        spaceId={props.spaceId}
        changeRequestId={props.changeRequestId}
        request={request}
        confirming={props.confirmingMerge}
        onConfirmingChange={props.onConfirmingMergeChange}
      />
      <ReviewersPanel
        refs={{
          profileId: props.profileId,
          orgId: props.orgId,
          spaceId: props.spaceId,
          changeRequestId: request.id,
        }}
        request={request}
      />
      <section className="section cr-overview-section" aria-labelledby="cr-summary-title">
        <h2 id="cr-summary-title">Summary of changes</h2>
        <Summary {...props} />
      </section>
      <section className="section cr-overview-section" aria-labelledby="cr-comments-title">
        <h2 id="cr-comments-title">Comments</h2>
        <p data-testid="cr-comment-count">
          {request.comments === 0
            ? 'No open comments.'
            : `${request.comments} open comment${request.comments === 1 ? '' : 's'}.`}{' '}
          <button type="button" className="cr-link-button" onClick={() => onOpen({ tab: 'comments' })}>
            {request.comments === 0 ? 'Start the discussion' : 'Read them'}
          </button>
        </p>
      </section>
    </div>
  );
}
