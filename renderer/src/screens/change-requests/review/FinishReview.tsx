/**
 * "Finish review": the draft comments of the review in progress sent together, with a decision. Approve and Request
 * changes submit one review carrying the drafts (all written or none); Comment posts the drafts one by one (a draft
 * leaves the list once posted, so a failure keeps exactly what was not sent). The summary is the review's comment.
 * The request's author may only comment. Nothing is sent until the button in the dialog is pressed.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ChangeRequest } from '../../../../../shared/contract/resources/changeRequests.ts';
import { errorMessage } from '../../../bridge/errors.ts';
import { clientFor } from '../../../bridge/api.ts';
import { afterReview, submitReview, type RequestRef } from '../../../queries/reviews.ts';
import { currentUserQuery } from '../../../queries/teams.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { toast } from '../../../ui/Toast.tsx';
import { useDraft } from '../comments/hooks.ts';
import { draftToComment, useReviewDrafts, type ReviewDraft } from './drafts.ts';

/** What finishing a review does. */
export type ReviewDecision = 'comment' | 'approved' | 'changes-requested';

const DECISIONS: { value: ReviewDecision; label: string; hint: string }[] = [
  { value: 'comment', label: 'Comment', hint: 'Send the comments without a decision.' },
  { value: 'approved', label: 'Approve', hint: 'The changes may be merged.' },
  { value: 'changes-requested', label: 'Request changes', hint: 'Changes are needed before a merge.' },
];

/** Where a draft is anchored, in words. */
export function draftPlace(draft: ReviewDraft): string {
  if (draft.pageId === undefined) return 'On the change request';
  const page = `“${draft.pageTitle ?? 'a page'}”`;
  if (draft.node === undefined) return `On page ${page}`;
  return draft.lines !== undefined && draft.lines.end > draft.lines.start
    ? `Lines ${draft.lines.start + 1}–${draft.lines.end + 1} of a block of ${page}`
    : `On a block of ${page}`;
}

/** The decision's radio buttons; the request's author may only comment. */
function DecisionChoice({
  name,
  decision,
  isAuthor,
  onChange,
}: {
  name: string;
  decision: ReviewDecision;
  isAuthor: boolean;
  onChange: (decision: ReviewDecision) => void;
}) {
  return (
    <fieldset className="review-decision">
      <legend>Decision</legend>
      {DECISIONS.map((option) => {
        const disabled = isAuthor && option.value !== 'comment';
        return (
          <label key={option.value} className={disabled ? 'is-disabled' : undefined}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={decision === option.value}
              disabled={disabled}
              onChange={() => onChange(option.value)}
              data-testid={`finish-review-${option.value}`}
            />
            <strong>{option.label}</strong>{' '}
            <span className="muted">{disabled ? 'You wrote this request.' : option.hint}</span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** The dialog; `decision` is the choice it opens with. */
export function FinishReview({
  refs,
  request,
  open,
  onOpenChange,
  decision: initial,
  readUser = true,
}: {
  refs: RequestRef;
  request: ChangeRequest;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  decision: ReviewDecision;
  /**
   * Whether the current user (the author may only comment) may be read while the dialog is closed: not while the
   * page's first diff is drawn, whose reads it would slow down.
   */
  readUser?: boolean;
}) {
  const queryClient = useQueryClient();
  const me = useQuery({ ...currentUserQuery(refs.profileId), enabled: readUser || open }).data;
  const { drafts, remove } = useReviewDrafts(refs.profileId, request.id);
  const summary = useDraft(`docs-admin.reviewSummary.${refs.profileId}:${request.id}`);
  const [decision, setDecision] = useState<ReviewDecision>(initial);
  const [opened, setOpened] = useState(open);
  if (open !== opened) {
    setOpened(open);
    if (open) setDecision(initial);
  }
  const name = useId();
  const summaryId = useId();
  const isAuthor = me !== undefined && me.id === request.createdBy.id;

  const send = useMutation({
    mutationFn: async (chosen: ReviewDecision) => {
      const text = summary.text.trim();
      if (chosen !== 'comment') {
        await submitReview(refs, {
          status: chosen,
          ...(text !== '' ? { comment: { markdown: summary.text } } : {}),
          ...(drafts.length > 0 ? { comments: drafts.map(draftToComment) } : {}),
        });
        remove(drafts.map((draft) => draft.id));
        return drafts.length;
      }
      const params = { spaceId: refs.spaceId, changeRequestId: request.id };
      let sent = 0;
      for (const draft of drafts) {
        await clientFor(refs.profileId).call('postCommentInChangeRequest', {
          params,
          body: draftToComment(draft),
        });
        remove([draft.id]);
        sent++;
      }
      if (text !== '')
        await clientFor(refs.profileId).call('postCommentInChangeRequest', {
          params,
          body: { body: { markdown: summary.text } },
        });
      return sent;
    },
    onSuccess: (sent, chosen) => {
      summary.clear();
      onOpenChange(false);
      const comments = sent === 0 ? '' : ` with ${sent} comment${sent === 1 ? '' : 's'}`;
      toast({
        tone: 'success',
        title:
          chosen === 'approved'
            ? `You approved #${request.number}${comments}`
            : chosen === 'changes-requested'
              ? `You requested changes on #${request.number}${comments}`
              : `Sent ${sent} comment${sent === 1 ? '' : 's'} on #${request.number}`,
      });
    },
    onSettled: () => afterReview(queryClient, refs),
  });

  const nothing = decision === 'comment' && drafts.length === 0 && summary.text.trim() === '';
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Finish your review of #${request.number}`}
      description={
        drafts.length === 0
          ? 'No draft comments are waiting.'
          : `${drafts.length} draft comment${drafts.length === 1 ? '' : 's'} will be sent with it.`
      }
      data-testid="finish-review"
    >
      {drafts.length > 0 && (
        <ul className="review-draft-summary" data-testid="finish-review-drafts">
          {drafts.map((draft) => (
            <li key={draft.id}>
              <span className="muted">{draftPlace(draft)}:</span> {draft.markdown.slice(0, 120)}
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={summaryId} className="field-label">
        Summary (optional)
      </label>
      <textarea
        id={summaryId}
        className="review-summary-text"
        rows={4}
        value={summary.text}
        onChange={(event) => summary.set(event.target.value)}
        data-testid="finish-review-summary"
      />
      <DecisionChoice name={name} decision={decision} isAuthor={isAuthor} onChange={setDecision} />
      {send.isError && (
        <p className="field-error" role="alert" data-testid="finish-review-error">
          {errorMessage(send.error)}
        </p>
      )}
      <div className="dialog-actions">
        <Button onClick={() => onOpenChange(false)}>Keep reviewing</Button>
        <Button
          variant="primary"
          onClick={() => send.mutate(decision)}
          disabled={nothing || (isAuthor && decision !== 'comment')}
          pending={send.isPending}
          data-testid="finish-review-submit"
        >
          {decision === 'approved'
            ? 'Approve'
            : decision === 'changes-requested'
              ? 'Request changes'
              : 'Send comments'}
        </Button>
      </div>
    </Dialog>
  );
}
