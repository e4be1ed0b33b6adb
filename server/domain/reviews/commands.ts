/** Writing reviews and review requests (every query of the reviews domain that writes), each with its event. */
import { newId } from '../../ids.ts';
import { builder } from '../../storage/database.ts';
import type { Statements } from '../../storage/store/store.ts';
import type { CheckedTarget } from '../comments/anchors.ts';
import { insertCommentRecordIn } from '../comments/commands.ts';
import type { CommentScope } from '../comments/present.ts';
import { recordEventIn } from '../events.ts';

/** The request a review or a review request is about. */
export interface ReviewedRequest {
  id: string;
  number: number;
  spaceId: string;
  organizationId: string;
  /** Its head revision. */
  revisionId: string;
}

/** A comment posted with a review: its text and checked target. */
export interface ReviewComment {
  text: string;
  target: CheckedTarget;
}

/** Marks the current reviews of a reviewer on a request as superseded. */
async function supersede(
  tx: Statements,
  changeRequestId: string,
  reviewerId: string,
  at: string,
): Promise<void> {
  await tx.run(
    builder
      .updateTable('change_request_reviews')
      .set({ superseded_at: at, updated_at: at })
      .where('change_request_id', '=', changeRequestId)
      .where('reviewer_id', '=', reviewerId)
      .where('superseded_at', 'is', null),
  );
}

/**
 * A review of the request's head by `reviewerId`, superseding their earlier ones, with its comment and the comments
 * it carries, in the caller's transaction of the store. Answers the review's id and its comment's id.
 */
export async function submitReviewRecordIn(
  tx: Statements,
  now: Date,
  input: {
    request: ReviewedRequest;
    scope: CommentScope;
    reviewerId: string;
    requestedBy: string | null;
    status: string;
    comment: ReviewComment | undefined;
    comments: readonly ReviewComment[];
  },
): Promise<{ reviewId: string; commentId: string | undefined }> {
  const { request } = input;
  const at = now.toISOString();
  const reviewId = newId();
  const commentId = input.comment === undefined ? undefined : newId();
  await supersede(tx, request.id, input.reviewerId, at);
  await tx.run(
    builder.insertInto('change_request_reviews').values({
      id: reviewId,
      change_request_id: request.id,
      reviewer_id: input.reviewerId,
      requested_by: input.requestedBy,
      status: input.status,
      revision_id: request.revisionId,
      comment_id: commentId ?? null,
      superseded_at: null,
      created_at: at,
      updated_at: at,
    }),
  );
  const posted = [
    ...(input.comment !== undefined && commentId !== undefined ? [{ id: commentId, ...input.comment }] : []),
    ...input.comments.map((comment) => ({ id: newId(), ...comment })),
  ];
  for (const comment of posted)
    await insertCommentRecordIn(tx, now, {
      id: comment.id,
      scope: input.scope,
      organizationId: request.organizationId,
      authorId: input.reviewerId,
      text: comment.text,
      target: comment.target,
      reviewId,
    });
  await recordEventIn(tx, now, {
    organizationId: request.organizationId,
    actorId: input.reviewerId,
    action: 'change_request.reviewed',
    subjectType: 'change_request',
    subjectId: request.id,
    data: {
      space: request.spaceId,
      number: request.number,
      review: reviewId,
      status: input.status,
      revision: request.revisionId,
      comments: posted.length,
    },
  });
  return { reviewId, commentId };
}

/**
 * Asks people and teams to review the request's head (one transaction): each is requested once, in the order given
 * (people, then teams), after those asked before; a request again renews it (its revision, time and place) and
 * supersedes the person's current reviews. A new subject is set with it. In the caller's transaction of the store,
 * which reads the last place asked in it.
 */
export async function requestReviewersRecordIn(
  tx: Statements,
  now: Date,
  input: {
    request: ReviewedRequest;
    users: readonly string[];
    teams: readonly string[];
    requestedBy: string;
    subject: string | undefined;
  },
): Promise<void> {
  const { request } = input;
  const at = now.toISOString();
  const last = await tx.first(
    builder
      .selectFrom('change_request_reviewers')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('change_request_id', '=', request.id),
  );
  let seq = Number(last?.seq ?? 0);
  const ask = async (reviewer: { user_id: string | null; team_id: string | null }) => {
    const existing = builder
      .deleteFrom('change_request_reviewers')
      .where('change_request_id', '=', request.id);
    await tx.run(
      reviewer.user_id !== null
        ? existing.where('user_id', '=', reviewer.user_id)
        : existing.where('team_id', '=', reviewer.team_id!),
    );
    await tx.run(
      builder.insertInto('change_request_reviewers').values({
        id: newId(),
        change_request_id: request.id,
        ...reviewer,
        requested_by: input.requestedBy,
        revision_id: request.revisionId,
        created_at: at,
        seq: ++seq,
      }),
    );
  };
  for (const userId of input.users) {
    await ask({ user_id: userId, team_id: null });
    await supersede(tx, request.id, userId, at);
  }
  for (const teamId of input.teams) await ask({ user_id: null, team_id: teamId });
  const changes = {
    updated_at: at,
    ...(input.subject !== undefined ? { subject: input.subject.trim() } : {}),
  };
  await tx.run(builder.updateTable('change_requests').set(changes).where('id', '=', request.id));
  await recordEventIn(tx, now, {
    organizationId: request.organizationId,
    actorId: input.requestedBy,
    action: 'change_request.reviewers_requested',
    subjectType: 'change_request',
    subjectId: request.id,
    data: {
      space: request.spaceId,
      number: request.number,
      users: input.users,
      teams: input.teams,
      ...(input.subject !== undefined ? { subject: input.subject.trim() } : {}),
    },
  });
}

/** Removes a requested reviewer (a user or a team), in the caller's transaction; answers whether one was removed. */
export async function removeRequestedReviewerRecordIn(
  tx: Statements,
  now: Date,
  input: { request: ReviewedRequest; reviewer: { userId: string } | { teamId: string }; actorId: string },
): Promise<boolean> {
  const { request, reviewer } = input;
  const scoped = builder.deleteFrom('change_request_reviewers').where('change_request_id', '=', request.id);
  const removed = await tx.run(
    'userId' in reviewer
      ? scoped.where('user_id', '=', reviewer.userId)
      : scoped.where('team_id', '=', reviewer.teamId),
  );
  if (removed > 0)
    await recordEventIn(tx, now, {
      organizationId: request.organizationId,
      actorId: input.actorId,
      action: 'change_request.reviewer_removed',
      subjectType: 'change_request',
      subjectId: request.id,
      data: { space: request.spaceId, number: request.number, ...reviewer },
    });
  return removed > 0;
}
