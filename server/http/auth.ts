/** Bearer-token authentication: tokens are stored hashed and tied to a user. */
import { unauthorized } from '../errors.ts';
import { hashToken } from '../ids.ts';
import { builder } from '../storage/database.ts';
import { prepared } from '../storage/prepared.ts';
import type { Statements } from '../storage/store/store.ts';
import type { Actor } from './context.ts';

/** RFC 6750 `b64token` after the scheme; the scheme itself is case-insensitive (RFC 9110, section 11.1). */
const BEARER = /^[Bb][Ee][Aa][Rr][Ee][Rr] +([A-Za-z0-9._~+/=-]{16,512})$/;

const tokenOwner = prepared((hash: string) =>
  builder.selectFrom('tokens').select('user_id').where('hash', '=', hash),
);

/**
 * The caller of a request, or a 401 naming what is wrong with the Authorization header. Read through the store
 * (one statement), so a request is authenticated on either backend, and on SQLite it waits for an open async
 * transaction instead of meeting its fence.
 */
export async function authenticate(store: Statements, header: string | undefined): Promise<Actor> {
  if (header === undefined || header === '') {
    throw unauthorized('the Authorization header is missing: send `Authorization: Bearer <token>`');
  }
  const match = BEARER.exec(header);
  if (!match)
    throw unauthorized('the Authorization header is malformed: send `Authorization: Bearer <token>`');
  const tokenHash = hashToken(match[1] as string);
  const row = await store.first(tokenOwner(tokenHash));
  if (!row) throw unauthorized('the token is unknown or has been revoked');
  return { userId: row.user_id, tokenHash };
}
