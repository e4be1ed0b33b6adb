/** Writing comments: the insert shared by a posted comment and the comments a review carries. */
import type { Database } from '../../storage/database.ts';
import type { Statements } from '../../storage/store/store.ts';
import { recordEvent, recordEventIn, type EventInput } from '../events.ts';
import type { CheckedTarget } from './anchors.ts';
import type { CommentScope } from './present.ts';
import { insertRow } from '../../storage/prepared.ts';

/** What a new comment is made of. */
export interface NewComment {
  id: string;
  scope: CommentScope;
  organizationId: string;
  authorId: string;
  text: string;
  target: CheckedTarget;
  reviewId?: string;
}

/** A new open comment of the scope (inside the caller's transaction), with its event (the bench's review seed). */
export function insertCommentRecord(db: Database, now: Date, input: NewComment): void {
  db.run(commentRow(now, input));
  recordEvent(db, now, createdEvent(input));
}

/** As `insertCommentRecord`, in the caller's transaction of the store. */
export async function insertCommentRecordIn(tx: Statements, now: Date, input: NewComment): Promise<void> {
  await tx.run(commentRow(now, input));
  await recordEventIn(tx, now, createdEvent(input));
}

function commentRow(now: Date, input: NewComment) {
  const at = now.toISOString();
  const { scope, target } = input;
  return insertRow('comments', {
    id: input.id,
    space_id: scope.spaceId,
    change_request_id: scope.changeRequestId,
    author_id: input.authorId,
    body: input.text,
    target_page_id: target.pageId,
    target_node: target.node,
    target_node_hash: target.nodeHash,
    target_line_start: target.lineStart,
    target_line_end: target.lineEnd,
    review_id: input.reviewId ?? null,
    resolved: 0,
    resolved_at: null,
    resolved_by: null,
    created_at: at,
    updated_at: at,
    edited_at: null,
  });
}

function createdEvent(input: NewComment): EventInput {
  const { scope, target } = input;
  return {
    organizationId: input.organizationId,
    actorId: input.authorId,
    action: 'comment.created',
    subjectType: 'comment',
    subjectId: input.id,
    data: {
      space: scope.spaceId,
      ...(scope.changeRequestId !== null ? { changeRequest: scope.changeRequestId } : {}),
      ...(target.pageId !== null ? { page: target.pageId } : {}),
      ...(target.node !== null ? { node: target.node } : {}),
      ...(input.reviewId !== undefined ? { review: input.reviewId } : {}),
    },
  };
}
