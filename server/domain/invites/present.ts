/** Invite links and pending email invites to API objects. */
import type { Role } from '../../../shared/contract/index.ts';
import type { EmailInvite, Invite } from '../../../shared/contract/resources/organizations.ts';
import { roleRank, type OrgActor } from '../../policies/index.ts';
import type { InvitesTable } from '../../storage/schema.ts';
import { presentUser } from '../members/present.ts';
import type { PendingRow } from './records.ts';

export function presentInvite(row: InvitesTable, actor: OrgActor): Invite {
  const role = row.role as Role | null;
  return { object: 'invite', id: row.id, role, redundant: roleRank(actor.role) >= roleRank(role) };
}

export function presentEmailInvite(row: PendingRow, baseUrl: string): EmailInvite {
  const sender =
    row.sender_id !== null && row.sender_email !== null && row.sender_name !== null
      ? presentUser(baseUrl, {
          user_id: row.sender_id,
          email: row.sender_email,
          display_name: row.sender_name,
          photo_url: row.sender_photo,
        })
      : undefined;
  return {
    object: 'email-invite',
    id: row.id,
    email: row.email,
    role: row.role as Role | null,
    user: presentUser(baseUrl, row),
    ...(sender !== undefined ? { invitedBy: sender } : {}),
    createdAt: row.created_at,
    sentAt: row.sent_at,
    sentCount: Number(row.sent_count),
  };
}
