/**
 * Reviews of a change request and its requested reviewers: GitBook's six operations, with GitBook's methods, paths,
 * operation ids and shapes. They are not in the spec, hence marked as extensions; the fields GitBook lacks are marked
 * in their descriptions.
 */
import { Type } from '@sinclair/typebox';
import { List, ListQuery } from '../common.ts';
import { CommentFormatQuery } from '../resources/comments.ts';
import {
  ChangeRequestRequestedReviewer,
  ChangeRequestReview,
  RequestReviewers,
  RequestReviewersResult,
  SubmitChangeRequestReview,
} from '../resources/reviews.ts';
import { defineOperation as op } from '../operation.ts';

const group = 'Change request reviews';
const base = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}';

export const changeRequestReviewOperations = {
  getReviewsByChangeRequestId: op({
    name: 'getReviewsByChangeRequestId',
    group,
    method: 'GET',
    path: `${base}/reviews`,
    summary: 'List all formal reviews submitted for a change request',
    query: Type.Object({
      ...CommentFormatQuery,
      outdated: Type.Optional(Type.Boolean({ description: 'Filter reviews marked as outdated.' })),
      ...ListQuery,
    }),
    response: List(ChangeRequestReview),
    success: 200,
    extension: true,
  }),
  submitChangeRequestReview: op({
    name: 'submitChangeRequestReview',
    group,
    method: 'POST',
    path: `${base}/reviews`,
    summary: 'Submit an approve or request-changes review for a change request',
    body: SubmitChangeRequestReview,
    response: ChangeRequestReview,
    success: 201,
    extension: true,
  }),
  getChangeRequestReviewById: op({
    name: 'getChangeRequestReviewById',
    group,
    method: 'GET',
    path: `${base}/reviews/{reviewId}`,
    summary: 'Get a specific review on a change request by its ID',
    query: Type.Object(CommentFormatQuery),
    response: ChangeRequestReview,
    success: 200,
    extension: true,
  }),
  getRequestedReviewersByChangeRequestId: op({
    name: 'getRequestedReviewersByChangeRequestId',
    group,
    method: 'GET',
    path: `${base}/requested-reviewers`,
    summary: 'List all users requested to review a change request',
    query: Type.Object(ListQuery),
    response: List(ChangeRequestRequestedReviewer),
    success: 200,
    extension: true,
  }),
  requestReviewersForChangeRequest: op({
    name: 'requestReviewersForChangeRequest',
    group,
    method: 'POST',
    path: `${base}/requested-reviewers`,
    summary: 'Send review requests to users for a change request',
    body: RequestReviewers,
    response: RequestReviewersResult,
    success: 200,
    extension: true,
  }),
  removeRequestedReviewerFromChangeRequest: op({
    name: 'removeRequestedReviewerFromChangeRequest',
    group,
    method: 'DELETE',
    path: `${base}/requested-reviewers/{userId}`,
    summary: 'Remove a reviewer from a change request (205; 204 when they were not requested)',
    success: 205,
    unchanged: 204,
    extension: true,
  }),
};
