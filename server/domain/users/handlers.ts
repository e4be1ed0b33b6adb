/**
 * Handlers: the authenticated user, and a user by id (GitBook's `getUserById`, where every `user.urls.location`
 * points). A user is visible to themself and to the members of an organization they belong to; anyone else gets
 * the same 404 as for an id that does not exist, so that ids reveal nothing.
 */
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

/** One row when the two users are members of a common organization. */
const sharedOrganization = prepared((callerId: string, userId: string) =>
  builder
    .selectFrom('members as mine')
    .innerJoin('members as theirs', 'theirs.organization_id', 'mine.organization_id')
    .select('mine.organization_id')
    .where('mine.user_id', '=', callerId)
    .where('theirs.user_id', '=', userId)
    .limit(1),
);

export const userHandlers = {
  getAuthenticatedUser: async ({ actor, services: { store }, baseUrl }) => {
    const row = await store.first(userById(actor.userId));
    // A token outlives no user (tokens cascade with users); this answers a race with a deletion.
    if (!row) throw notFound('the user of this token no longer exists');
    return presentUser(baseUrl, row);
  },
  getUserById: async ({ params, actor, services: { store }, baseUrl }) => {
    const visible =
      params.userId === actor.userId ||
      (await store.first(sharedOrganization(actor.userId, params.userId))) !== undefined;
    const row = visible ? await store.first(userById(params.userId)) : undefined;
    if (!row) throw notFound(`no user with id \`${params.userId}\``);
    return presentUser(baseUrl, row);
  },
} satisfies Handlers;
