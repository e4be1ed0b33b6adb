/** Change request rows to API objects, and the query that loads them with their author. */
import type { ChangeRequest } from '../../../shared/contract/resources/changeRequests.ts';
import { builder } from '../../storage/database.ts';
import type { ChangeRequestsTable, SpacesTable } from '../../storage/schema.ts';
import { presentUser } from '../members/present.ts';

export interface ChangeRequestRow extends ChangeRequestsTable {
  email: string;
  display_name: string;
  photo_url: string | null;
}

/** Change requests joined with their author; narrow it with `where` on `cr`. */
export function changeRequestQuery() {
  return builder
    .selectFrom('change_requests as cr')
    .innerJoin('users as u', 'u.id', 'cr.created_by')
    .selectAll('cr')
    .select(['u.email', 'u.display_name', 'u.photo_url']);
}

export function presentChangeRequest(
  row: ChangeRequestRow,
  space: Pick<SpacesTable, 'id' | 'revision_id'>,
  baseUrl: string,
): ChangeRequest {
  return {
    object: 'change-request',
    id: row.id,
    number: row.number,
    status: row.status as ChangeRequest['status'],
    subject: row.subject,
    createdBy: presentUser(baseUrl, { ...row, user_id: row.created_by }),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    revision: row.revision_id,
    revisionInitial: row.revision_initial,
    ...(row.revision_merged !== null ? { revisionMerged: row.revision_merged } : {}),
    // Comments arrive with their own slice of the issue.
    comments: 0,
    // Until updates exist the base is the revision the request started from; a merged request is part of main.
    outdated: row.status !== 'merged' && space.revision_id !== row.revision_initial,
    urls: {
      location: `${baseUrl}/v1/spaces/${space.id}/change-requests/${row.id}`,
      app: `${baseUrl}/s/${space.id}/~/changes/${row.number}/`,
    },
  };
}
