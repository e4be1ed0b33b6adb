/** Reading invite links and pending email invites: the queries of the invite handlers. */
import { notFound } from '../../errors.ts';
import { builder, type Database } from '../../storage/database.ts';
import type { InvitesTable, OrganizationsTable } from '../../storage/schema.ts';

export function loadInvite(db: Database, organizationId: string, inviteId: string): InvitesTable {
  const row = db.first(
    db.q
      .selectFrom('invites')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('id', '=', inviteId),
  );
  if (!row) throw notFound(`no invite link with id \`${inviteId}\` in this organization`);
  return row;
}

/** The invite links of an organization (for a keyset list). */
export function inviteLinksQuery(db: Database, organizationId: string) {
  return db.q.selectFrom('invites').selectAll().where('organization_id', '=', organizationId);
}

/**
 * The organization and the invite link a caller who is not a member yet names to join; 404 when either is absent
 * (the same answer for both: possession of the invite id is what grants access).
 */
export function loadJoinTarget(
  db: Database,
  organizationId: string,
  inviteId: string,
): { org: OrganizationsTable; invite: InvitesTable } {
  const org = db.first(db.q.selectFrom('organizations').selectAll().where('id', '=', organizationId));
  const invite = org
    ? db.first(
        db.q
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

export function loadPending(db: Database, organizationId: string, inviteId: string): PendingRow {
  const row = db.first(pendingInvites(organizationId).where('e.id', '=', inviteId));
  if (!row) throw notFound(`no pending email invite with id \`${inviteId}\` in this organization`);
  return row;
}
