/**
 * Row types of the tables of a change request's review (comments with their replies, reactions and block anchors,
 * reviews and requested reviewers), as Kysely sees them; `schema.ts` joins them into `DB`.
 */
import type { Flag } from './schema.ts';

export interface CommentsTable {
  id: string;
  space_id: string;
  /** Set for the comments of a change request; null for those on the space itself. */
  change_request_id: string | null;
  author_id: string;
  /** Markdown. */
  body: string;
  target_page_id: string | null;
  target_node: string | null;
  resolved: Flag;
  resolved_at: string | null;
  resolved_by: string | null;
  created_at: string;
  updated_at: string;
  /** Set when the body was changed after posting. */
  edited_at: string | null;
  /** Number of replies, kept by triggers on `comment_replies`; inserts leave it out. */
  replies?: number;
  /** The review this comment was posted with (its body), if any. */
  review_id?: string | null;
  /** For a block comment (`target_node`): the hash of the block's text when posted. */
  target_node_hash?: string | null;
  /** For a comment on lines of a block: the first and last line, counted from the block's first line (0). */
  target_line_start?: number | null;
  target_line_end?: number | null;
}

export interface PageBlockKeysTable {
  page_id: string;
  document_id: string;
  /** JSON array: one key per block of the body, in order. */
  keys: string;
}

export interface ChangeRequestReviewsTable {
  id: string;
  change_request_id: string;
  reviewer_id: string;
  /** Who requested the reviewer's review, when it answered a request. */
  requested_by: string | null;
  /** `approved` or `changes-requested`. */
  status: string;
  /** The request's head when the review was made. */
  revision_id: string;
  /** The comment posted as the review's body, if any. */
  comment_id: string | null;
  /** Set when a newer review or review request of the same reviewer supersedes it. */
  superseded_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ChangeRequestReviewersTable {
  id: string;
  change_request_id: string;
  /** Exactly one of `user_id` and `team_id` is set. */
  user_id: string | null;
  team_id: string | null;
  requested_by: string;
  /** The request's head when the review was requested. */
  revision_id: string;
  created_at: string;
  /** Place among the request's requested reviewers: asked later (or asked again), higher. */
  seq: number;
}

export interface CommentRepliesTable {
  id: string;
  comment_id: string;
  author_id: string;
  body: string;
  created_at: string;
  updated_at: string;
  edited_at: string | null;
}

/** One user's emoji on a comment or on a reply (exactly one of the two ids is set). */
export interface CommentReactionsTable {
  comment_id: string | null;
  reply_id: string | null;
  user_id: string;
  emoji: string;
  created_at: string;
}
