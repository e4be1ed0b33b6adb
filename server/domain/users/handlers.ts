/** Handler: the authenticated user. */
import { notFound } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { builder } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import { presentUser } from '../members/present.ts';

const userById = prepared((id: string) =>
  builder
    .selectFrom('users')
    .select(['id as user_id', 'email', 'display_name', 'photo_url'])
    .where('id', '=', id),
);

export const userHandlers = {
  getAuthenticatedUser: ({ actor, services: { db }, baseUrl }) => {
    const row = db.first(userById(actor.userId));
    // A token outlives no user (tokens cascade with users); this answers a race with a deletion.
    if (!row) throw notFound('the user of this token no longer exists');
    return presentUser(baseUrl, row);
  },
} satisfies Handlers;
