/**
 * Reading reviews and requested reviewers of change requests (every query of the reviews domain that reads).
 * Writes are in `commands.ts`.
 */
import { sql } from 'kysely';
import { builder, type Database } from '../../storage/database.ts';
import type { ChangeRequestReviewersTable, ChangeRequestReviewsTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import { chunksOf } from '../merge-rules/records.ts';

/** A review with its reviewer, who requested it, and the request's head (to tell whether it is outdated). */
export interface ReviewRow extends ChangeRequestReviewsTable {
  reviewer_email: string;
  reviewer_display_name: string;
  reviewer_photo_url: string | null;
  requester_email: string | null;
  requester_display_name: string | null;
  requester_photo_url: string | null;
  head_revision_id: string;
}

/** Whether a review is outdated: superseded, or made against another revision than the request's head. */
export const outdatedExpression = sql<number>`(r.superseded_at IS NOT NULL OR r.revision_id <> cr.revision_id)`;

/** Reviews of requests with their people; narrow it with `where` on `r` (the review) and `cr` (its request). */
export function reviewQuery() {
  return builder
    .selectFrom('change_request_reviews as r')
    .innerJoin('change_requests as cr', 'cr.id', 'r.change_request_id')
    .innerJoin('users as ru', 'ru.id', 'r.reviewer_id')
    .leftJoin('users as rq', 'rq.id', 'r.requested_by')
    .selectAll('r')
    .select([
      'ru.email as reviewer_email',
      'ru.display_name as reviewer_display_name',
      'ru.photo_url as reviewer_photo_url',
      'rq.email as requester_email',
      'rq.display_name as requester_display_name',
      'rq.photo_url as requester_photo_url',
      'cr.revision_id as head_revision_id',
    ]);
}

/** The reviews of one request, optionally only the outdated ones or only the current ones. */
export function reviewsOfRequest(changeRequestId: string, outdated: boolean | undefined) {
  const base = reviewQuery().where('r.change_request_id', '=', changeRequestId);
  if (outdated === undefined) return base;
  return base.where(sql<boolean>`${outdatedExpression} = ${outdated ? 1 : 0}`);
}

/** One review of a request, if it is one of its reviews, read through a store or a transaction. */
export function findReviewIn(
  on: Statements,
  changeRequestId: string,
  reviewId: string,
): Promise<ReviewRow | undefined> {
  return on.first(reviewOfRequest(changeRequestId, reviewId));
}

const reviewOfRequest = (changeRequestId: string, reviewId: string) =>
  reviewQuery().where('r.change_request_id', '=', changeRequestId).where('r.id', '=', reviewId);

/** A current review (not outdated), the part the merge rules and the summaries read. */
export interface CurrentReview {
  changeRequestId: string;
  reviewerId: string;
  reviewerName: string;
  status: string;
}

const currentReviewsQuery = (chunk: readonly string[]) =>
  builder
    .selectFrom('change_request_reviews as r')
    .innerJoin('change_requests as cr', 'cr.id', 'r.change_request_id')
    .innerJoin('users as u', 'u.id', 'r.reviewer_id')
    .select(['r.change_request_id', 'r.reviewer_id', 'r.status', 'u.display_name'])
    .where('r.change_request_id', 'in', chunk)
    .where('r.superseded_at', 'is', null)
    .whereRef('r.revision_id', '=', 'cr.revision_id')
    .orderBy('r.created_at');
type CurrentReviewRow = {
  change_request_id: string;
  reviewer_id: string;
  status: string;
  display_name: string;
};

function currentReviewsOf(
  changeRequestIds: readonly string[],
  rows: readonly CurrentReviewRow[],
): Map<string, CurrentReview[]> {
  const found = new Map<string, CurrentReview[]>();
  for (const id of changeRequestIds) found.set(id, []);
  for (const row of rows)
    found.get(row.change_request_id)?.push({
      changeRequestId: row.change_request_id,
      reviewerId: row.reviewer_id,
      reviewerName: row.display_name,
      status: row.status,
    });
  return found;
}

/** The current reviews of requests, by request id, read through a store or a transaction. */
export async function currentReviewsIn(
  on: Statements,
  changeRequestIds: readonly string[],
): Promise<Map<string, CurrentReview[]>> {
  const rows: CurrentReviewRow[] = [];
  for (const chunk of chunksOf(changeRequestIds)) rows.push(...(await on.all(currentReviewsQuery(chunk))));
  return currentReviewsOf(changeRequestIds, rows);
}

/** A requested reviewer with the person or team asked and who asked. */
export interface RequestedRow extends ChangeRequestReviewersTable {
  user_email: string | null;
  user_display_name: string | null;
  user_photo_url: string | null;
  team_title: string | null;
  team_created_at: string | null;
  requester_email: string;
  requester_display_name: string;
  requester_photo_url: string | null;
}

/** Requested reviewers of requests with their people and teams; narrow it with `where` on `rr`. */
export function requestedQuery() {
  return builder
    .selectFrom('change_request_reviewers as rr')
    .leftJoin('users as u', 'u.id', 'rr.user_id')
    .leftJoin('teams as t', 't.id', 'rr.team_id')
    .innerJoin('users as rq', 'rq.id', 'rr.requested_by')
    .selectAll('rr')
    .select([
      'u.email as user_email',
      'u.display_name as user_display_name',
      'u.photo_url as user_photo_url',
      't.title as team_title',
      't.created_at as team_created_at',
      'rq.email as requester_email',
      'rq.display_name as requester_display_name',
      'rq.photo_url as requester_photo_url',
    ]);
}

const requestedOfQuery = (chunk: readonly string[]) =>
  requestedQuery()
    .where('rr.change_request_id', 'in', chunk)
    .orderBy('rr.change_request_id')
    .orderBy('rr.seq');

function byRequest(changeRequestIds: readonly string[], rows: readonly RequestedRow[]) {
  const found = new Map<string, RequestedRow[]>();
  for (const id of changeRequestIds) found.set(id, []);
  for (const row of rows) found.get(row.change_request_id)?.push(row);
  return found;
}

/**
 * The requested reviewers of requests, by request id, in the order they were asked, read through a store or a
 * transaction.
 */
export async function requestedReviewersIn(
  on: Statements,
  changeRequestIds: readonly string[],
): Promise<Map<string, RequestedRow[]>> {
  const rows: RequestedRow[] = [];
  for (const chunk of chunksOf(changeRequestIds)) rows.push(...(await on.all(requestedOfQuery(chunk))));
  return byRequest(changeRequestIds, rows);
}

const teamMembersQuery = (chunk: readonly string[]) =>
  builder.selectFrom('team_members').select(['team_id', 'user_id']).where('team_id', 'in', chunk);

function membersByTeam(teamIds: readonly string[], rows: readonly { team_id: string; user_id: string }[]) {
  const found = new Map<string, Set<string>>();
  for (const id of teamIds) found.set(id, new Set());
  for (const row of rows) found.get(row.team_id)?.add(row.user_id);
  return found;
}

/** The members of teams, by team id, read through a store or a transaction. */
export async function teamMembersIn(
  on: Statements,
  teamIds: readonly string[],
): Promise<Map<string, Set<string>>> {
  const rows: { team_id: string; user_id: string }[] = [];
  for (const chunk of chunksOf(teamIds)) rows.push(...(await on.all(teamMembersQuery(chunk))));
  return membersByTeam(teamIds, rows);
}

const teamsOfUserQuery = (organizationId: string, userId: string) =>
  builder
    .selectFrom('team_members')
    .select('team_id')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId);

/** The teams of the organization a user belongs to, read through a store or a transaction. */
export async function teamsOfUserIn(
  on: Statements,
  organizationId: string,
  userId: string,
): Promise<Set<string>> {
  return new Set((await on.all(teamsOfUserQuery(organizationId, userId))).map((row) => row.team_id));
}

/** The titles of teams of the organization, by id (ids of other organizations' teams are left out). */
export async function teamTitlesIn(
  on: Statements,
  organizationId: string,
  teamIds: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const chunk of chunksOf(teamIds))
    for (const row of await on.all(
      builder
        .selectFrom('teams')
        .select(['id', 'title'])
        .where('organization_id', '=', organizationId)
        .where('id', 'in', chunk),
    ))
      found.set(row.id, row.title);
  return found;
}

const memberNamesQuery = (organizationId: string, chunk: readonly string[]) =>
  builder
    .selectFrom('members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.display_name'])
    .where('m.organization_id', '=', organizationId)
    .where('u.id', 'in', chunk);

/** The display names of members of the organization, by user id (non-members are left out). */
export function memberNames(
  db: Database,
  organizationId: string,
  userIds: readonly string[],
): Map<string, string> {
  const rows = chunksOf(userIds).flatMap((chunk) => db.all(memberNamesQuery(organizationId, chunk)));
  return new Map(rows.map((row) => [row.id, row.display_name]));
}

/** As `memberNames`, read through a store or a transaction. */
export async function memberNamesIn(
  on: Statements,
  organizationId: string,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const chunk of chunksOf(userIds))
    for (const row of await on.all(memberNamesQuery(organizationId, chunk)))
      found.set(row.id, row.display_name);
  return found;
}
