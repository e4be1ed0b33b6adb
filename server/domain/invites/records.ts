/**
 * Reading invite links and pending email invites: the queries of the invite handlers, through the store or, for the
 * reads a write depends on, through the write's transaction (`Statements`).
 */
import { notFound } from '../../errors.ts';
import { builder } from '../../storage/database.ts';
import type { InvitesTable, OrganizationsTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';

export async function loadInvite(
  on: Statements,
  organizationId: string,
  inviteId: string,
): Promise<InvitesTable> {
  const row = await on.first(
    on.q
      .selectFrom('invites')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('id', '=', inviteId),
  );
  if (!row) throw notFound(`no invite link with id \`${inviteId}\` in this organization`);
  return row;
}

/** The invite links of an organization (for a keyset list). */
export function inviteLinksQuery(organizationId: string) {
  return builder.selectFrom('invites').selectAll().where('organization_id', '=', organizationId);
}

/**
 * The organization and the invite link a caller who is not a member yet names to join; 404 when either is absent
 * (the same answer for both: possession of the invite id is what grants access).
 */
export async function loadJoinTarget(
  on: Statements,
  organizationId: string,
  inviteId: string,
): Promise<{ org: OrganizationsTable; invite: InvitesTable }> {
  const org = await on.first(on.q.selectFrom('organizations').selectAll().where('id', '=', organizationId));
  const invite = org
    ? await on.first(
        on.q
          .selectFrom('invites')
          .selectAll()
          .where('organization_id', '=', org.id)
          .where('id', '=', inviteId),
      )
    : undefined;
  if (!org || !invite) throw notFound(`no invite link with id \`${inviteId}\` for this organization`);
  return { org, invite };
}

/** The pending invites of an organization, with the invited member's user and the sender's. */
export function pendingInvites(organizationId: string) {
  return builder
    .selectFrom('email_invites as e')
    .innerJoin('members as m', (join) =>
      join.onRef('m.organization_id', '=', 'e.organization_id').onRef('m.user_id', '=', 'e.user_id'),
    )
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('users as s', 's.id', 'e.invited_by')
    .where('e.organization_id', '=', organizationId)
    .where('m.last_seen_at', 'is', null)
    .select([
      'e.id',
      'e.user_id',
      'm.role',
      'e.created_at',
      'e.sent_at',
      'e.sent_count',
      'u.email',
      'u.display_name',
      'u.photo_url',
      's.id as sender_id',
      's.email as sender_email',
      's.display_name as sender_name',
      's.photo_url as sender_photo',
    ]);
}

export type PendingRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof pendingInvites>['executeTakeFirst']>>
>;

export async function loadPending(
  on: Statements,
  organizationId: string,
  inviteId: string,
): Promise<PendingRow> {
  const row = await on.first(pendingInvites(organizationId).where('e.id', '=', inviteId));
  if (!row) throw notFound(`no pending email invite with id \`${inviteId}\` in this organization`);
  return row;
}
