/**
 * Reviews of change requests and their requested reviewers, in GitBook's shapes (`ChangeRequestReview`,
 * `ChangeRequestRequestedReviewer`), and the bodies of the review operations.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, named, StringEnum, User } from '../common.ts';
import { ChangeRequestSubject } from './changeRequests.ts';
import { Comment, CommentBodyInput, PostComment } from './comments.ts';
import { Team } from './members.ts';

/** The decisions of a review (GitBook's `ChangeRequestReviewStatus`). */
export const CHANGE_REQUEST_REVIEW_STATUSES = ['changes-requested', 'approved'] as const;
export type ChangeRequestReviewStatusValue = (typeof CHANGE_REQUEST_REVIEW_STATUSES)[number];
export const ChangeRequestReviewStatus = named(
  'ChangeRequestReviewStatus',
  StringEnum(CHANGE_REQUEST_REVIEW_STATUSES, { description: 'Status of a change request review.' }),
);

export const ChangeRequestReview = named(
  'ChangeRequestReview',
  Type.Object({
    object: Type.Literal('change-request-review'),
    id: Type.String({ description: 'Unique identifier for the review.' }),
    revision: Type.String({ description: 'The revision this review was made against.' }),
    reviewer: User,
    requestedBy: Type.Optional(User),
    status: ChangeRequestReviewStatus,
    outdated: Type.Boolean({
      description:
        'Whether this review has been superseded by a newer review request or submission, or the change request moved past its revision.',
    }),
    comment: Type.Optional(Comment),
    createdAt: DateTime,
    updatedAt: DateTime,
    urls: Type.Object({ location: Type.String() }),
  }),
);
export type ChangeRequestReview = Static<typeof ChangeRequestReview>;

const RequestedCommon = {
  object: Type.Literal('change-request-requested-reviewer'),
  revision: Type.String({ description: 'The revision of the content when the request was made.' }),
  requestedBy: User,
  createdAt: DateTime,
};

/** A person or a team asked to review a change request. */
export const ChangeRequestRequestedReviewer = named(
  'ChangeRequestRequestedReviewer',
  Type.Union([
    Type.Object({ ...RequestedCommon, kind: Type.Literal('user'), user: User }),
    Type.Object({ ...RequestedCommon, kind: Type.Literal('team'), team: Team }),
  ]),
);
export type ChangeRequestRequestedReviewer = Static<typeof ChangeRequestRequestedReviewer>;

/** Most reviewers one call may request. */
export const MAX_REQUESTED_REVIEWERS = 50;
/** Most comments a review may carry (extension). */
export const MAX_REVIEW_COMMENTS = 50;

const ReviewerId = Type.String({ minLength: 1, maxLength: 256 });

export const RequestReviewers = Type.Object(
  {
    users: Type.Array(ReviewerId, {
      maxItems: MAX_REQUESTED_REVIEWERS,
      description: 'Ids of the users to request (at least one reviewer in all).',
    }),
    teams: Type.Optional(
      Type.Array(ReviewerId, {
        maxItems: MAX_REQUESTED_REVIEWERS,
        description: 'Extension: ids of teams of the organization to request.',
      }),
    ),
    subject: Type.Optional(ChangeRequestSubject),
  },
  { additionalProperties: false },
);

export const RequestReviewersResult = Type.Object({
  users: Type.Array(ChangeRequestRequestedReviewer, { description: 'The review requests that were sent.' }),
});

export const SubmitChangeRequestReview = Type.Object(
  {
    status: ChangeRequestReviewStatus,
    comment: Type.Optional(CommentBodyInput),
    comments: Type.Optional(
      Type.Array(PostComment, {
        maxItems: MAX_REVIEW_COMMENTS,
        description:
          'Extension: comments (on the request, a page or a block) posted with the review, all or none, each marked as part of it.',
      }),
    ),
  },
  { additionalProperties: false },
);
