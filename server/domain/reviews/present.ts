/** Review and requested-reviewer rows to API objects. */
import type { Comment } from '../../../shared/contract/resources/comments.ts';
import type {
  ChangeRequestRequestedReviewer,
  ChangeRequestReview,
} from '../../../shared/contract/resources/reviews.ts';
import type { OrgActor } from '../../policies/index.ts';
import { presentUser } from '../members/present.ts';
import { presentTeam } from '../teams/present.ts';
import type { RequestedRow, ReviewRow } from './records.ts';

/** Where a request's reviews live in the API, without a trailing slash. */
export const reviewsUrl = (baseUrl: string, spaceId: string, changeRequestId: string) =>
  `${baseUrl}/v1/spaces/${spaceId}/change-requests/${changeRequestId}/reviews`;

export function presentReview(
  row: ReviewRow,
  context: { baseUrl: string; spaceId: string; comment: Comment | undefined },
): ChangeRequestReview {
  const { baseUrl } = context;
  return {
    object: 'change-request-review',
    id: row.id,
    revision: row.revision_id,
    reviewer: presentUser(baseUrl, {
      user_id: row.reviewer_id,
      email: row.reviewer_email,
      display_name: row.reviewer_display_name,
      photo_url: row.reviewer_photo_url,
    }),
    ...(row.requested_by !== null && row.requester_email !== null && row.requester_display_name !== null
      ? {
          requestedBy: presentUser(baseUrl, {
            user_id: row.requested_by,
            email: row.requester_email,
            display_name: row.requester_display_name,
            photo_url: row.requester_photo_url,
          }),
        }
      : {}),
    status: row.status as ChangeRequestReview['status'],
    outdated: row.superseded_at !== null || row.revision_id !== row.head_revision_id,
    ...(context.comment !== undefined ? { comment: context.comment } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    urls: { location: `${reviewsUrl(baseUrl, context.spaceId, row.change_request_id)}/${row.id}` },
  };
}

export function presentRequested(
  row: RequestedRow,
  context: { baseUrl: string; actor: OrgActor; teamSizes: ReadonlyMap<string, number> },
): ChangeRequestRequestedReviewer {
  const common = {
    object: 'change-request-requested-reviewer' as const,
    revision: row.revision_id,
    requestedBy: presentUser(context.baseUrl, {
      user_id: row.requested_by,
      email: row.requester_email,
      display_name: row.requester_display_name,
      photo_url: row.requester_photo_url,
    }),
    createdAt: row.created_at,
  };
  if (row.team_id !== null)
    return {
      ...common,
      kind: 'team',
      team: presentTeam(
        {
          id: row.team_id,
          title: row.team_title ?? '',
          created_at: row.team_created_at ?? row.created_at,
          members: context.teamSizes.get(row.team_id) ?? 0,
          actor_role: null,
        },
        context.actor,
      ),
    };
  return {
    ...common,
    kind: 'user',
    user: presentUser(context.baseUrl, {
      user_id: row.user_id!,
      email: row.user_email ?? '',
      display_name: row.user_display_name ?? '',
      photo_url: row.user_photo_url,
    }),
  };
}
