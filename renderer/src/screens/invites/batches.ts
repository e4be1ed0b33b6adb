/**
 * Sending email invites in batches of 10, one after the other (as GitBook's app does), and telling from each
 * answer who was invited and who was already a member. The API calls are passed in, so this runs without a DOM.
 */
import type { Static } from '@sinclair/typebox';
import type { InviteUsers, InviteUsersResult } from '../../../../shared/contract/resources/organizations.ts';
import type { InviteEntry } from './addresses.ts';
import { fromRoleValue, type RoleValue } from '../../ui/roles.ts';

/** How many addresses one request carries. */
export const BATCH_SIZE = 10;

/** What became of one address. */
export type Outcome = { status: 'invited' | 'member' | 'failed'; message?: string };

/** The calls `sendInBatches` makes. */
export interface InviteCalls {
  invite: (body: Static<typeof InviteUsers>) => Promise<Static<typeof InviteUsersResult>>;
  /** The email addresses of users by id (to tell the invited from existing members in a mixed batch). */
  emailsOf: (userIds: string[]) => Promise<string[]>;
}

/** Options of a send: the role for entries without one (undefined: the organization's default) and SSO. */
export interface SendOptions {
  role: RoleValue | undefined;
  sso: boolean;
}

/** Cuts a list into slices of `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const slices: T[][] = [];
  for (let i = 0; i < items.length; i += size) slices.push(items.slice(i, i + size));
  return slices;
}

/** The request body of one batch. */
export function batchBody(batch: readonly InviteEntry[], options: SendOptions): Static<typeof InviteUsers> {
  return {
    emails: batch.map((entry) =>
      entry.role === undefined ? entry.email : { email: entry.email, role: fromRoleValue(entry.role) },
    ),
    ...(options.role !== undefined ? { role: fromRoleValue(options.role) } : {}),
    ...(options.sso ? { sso: true } : {}),
  };
}

/** Reads one batch's answer: `users` are the ids of those newly added; everyone else was a member already. */
export async function classifyBatch(
  batch: readonly InviteEntry[],
  result: Static<typeof InviteUsersResult>,
  emailsOf: InviteCalls['emailsOf'],
): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  const ssoFailed = new Set((result.failedSSOEmails ?? []).map((email) => email.toLowerCase()));
  let invited: (email: string) => boolean;
  let note: string | undefined;
  if (result.users.length >= batch.length) invited = () => true;
  else if (result.users.length === 0) invited = () => false;
  else {
    try {
      const emails = new Set((await emailsOf(result.users)).map((email) => email.toLowerCase()));
      invited = (email) => emails.has(email);
    } catch {
      // Only the count is known: say so rather than guess who is who.
      invited = () => true;
      note = `${result.users.length} of ${batch.length} in this batch were invited; the others were members already.`;
    }
  }
  for (const entry of batch) {
    const key = entry.email.toLowerCase();
    if (ssoFailed.has(key)) outcomes.set(key, { status: 'failed', message: 'The SSO invitation failed.' });
    else if (invited(key))
      outcomes.set(key, { status: 'invited', ...(note !== undefined ? { message: note } : {}) });
    else outcomes.set(key, { status: 'member' });
  }
  return outcomes;
}

/** Sends the entries in batches, one at a time; a failing batch marks its rows failed with the server's message. */
export async function sendInBatches(
  entries: readonly InviteEntry[],
  options: SendOptions,
  calls: InviteCalls,
  onBatch: (outcomes: Map<string, Outcome>) => void,
  describeError: (error: unknown) => string,
): Promise<void> {
  for (const batch of chunk(entries, BATCH_SIZE)) {
    let outcomes: Map<string, Outcome>;
    try {
      const result = await calls.invite(batchBody(batch, options));
      outcomes = await classifyBatch(batch, result, calls.emailsOf);
    } catch (error) {
      const message = describeError(error);
      outcomes = new Map(batch.map((entry) => [entry.email.toLowerCase(), { status: 'failed', message }]));
    }
    onBatch(outcomes);
  }
}
