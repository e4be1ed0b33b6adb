/** Change request rows to API objects, and the query that loads them with their author and merger. */
import type {
  ChangeRequest,
  ChangeRequestReviewSummary,
} from '../../../shared/contract/resources/changeRequests.ts';
import { builder } from '../../storage/database.ts';
import type { ChangeRequestsTable, SpacesTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import { presentUser } from '../members/present.ts';

export interface ChangeRequestRow extends ChangeRequestsTable {
  email: string;
  display_name: string;
  photo_url: string | null;
  merger_email: string | null;
  merger_display_name: string | null;
  merger_photo_url: string | null;
}

/** Change requests joined with their author and, once merged, who merged them; narrow it with `where` on `cr`. */
export function changeRequestQuery() {
  return builder
    .selectFrom('change_requests as cr')
    .innerJoin('users as u', 'u.id', 'cr.created_by')
    .leftJoin('users as mu', 'mu.id', 'cr.merged_by')
    .selectAll('cr')
    .select([
      'u.email',
      'u.display_name',
      'u.photo_url',
      'mu.email as merger_email',
      'mu.display_name as merger_display_name',
      'mu.photo_url as merger_photo_url',
    ]);
}

/** The revision a request's changes are measured from: the space revision last pulled in, or the one it started from. */
export function mergeBaseOf(
  row: Pick<ChangeRequestsTable, 'revision_initial' | 'revision_merged_ancestor'>,
): string {
  return row.revision_merged_ancestor ?? row.revision_initial;
}

/** Whether the main content moved past the request's merge base (never for a merged request). */
export function isOutdated(
  row: Pick<ChangeRequestsTable, 'status' | 'revision_initial' | 'revision_merged_ancestor'>,
  space: Pick<SpacesTable, 'revision_id'>,
): boolean {
  return row.status !== 'merged' && space.revision_id !== mergeBaseOf(row);
}

export function presentChangeRequest(
  row: ChangeRequestRow,
  space: Pick<SpacesTable, 'id' | 'revision_id'>,
  baseUrl: string,
  reviews?: ChangeRequestReviewSummary,
): ChangeRequest {
  const mergedBy =
    row.merged_by !== null &&
    row.merged_by !== undefined &&
    row.merger_email !== null &&
    row.merger_display_name !== null
      ? presentUser(baseUrl, {
          user_id: row.merged_by,
          email: row.merger_email,
          display_name: row.merger_display_name,
          photo_url: row.merger_photo_url,
        })
      : undefined;
  return {
    object: 'change-request',
    id: row.id,
    number: row.number,
    status: row.status as ChangeRequest['status'],
    subject: row.subject,
    createdBy: presentUser(baseUrl, { ...row, user_id: row.created_by }),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    space: space.id,
    ...(row.merged_at !== null && row.merged_at !== undefined ? { mergedAt: row.merged_at } : {}),
    ...(mergedBy !== undefined ? { mergedBy } : {}),
    revision: row.revision_id,
    revisionInitial: row.revision_initial,
    ...(row.revision_merged_ancestor !== null && row.revision_merged_ancestor !== undefined
      ? { revisionMergedAncestor: row.revision_merged_ancestor }
      : {}),
    ...(row.revision_merged !== null ? { revisionMerged: row.revision_merged } : {}),
    comments: row.comments ?? 0,
    outdated: isOutdated(row, space),
    urls: {
      location: `${baseUrl}/v1/spaces/${space.id}/change-requests/${row.id}`,
      app: `${baseUrl}/s/${space.id}/~/changes/${row.number}/`,
    },
    ...(reviews !== undefined ? { reviews } : {}),
  };
}

/**
 * The change request a merge revision came from, as GitBook's `RevisionTypeMerge` requires it (`mergedFrom`);
 * `undefined` for a revision of any other type. Read through a store or a transaction.
 */
export async function mergedFromOf(
  on: Statements,
  revision: { id: string; type: string },
  space: Pick<SpacesTable, 'id' | 'revision_id'>,
  baseUrl: string,
): Promise<{ mergedFrom: ChangeRequest } | undefined> {
  if (revision.type !== 'merge') return undefined;
  const row = await on.first(
    changeRequestQuery().where('cr.space_id', '=', space.id).where('cr.revision_merged', '=', revision.id),
  );
  return row === undefined ? undefined : { mergedFrom: presentChangeRequest(row, space, baseUrl) };
}
