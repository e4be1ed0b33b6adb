/**
 * Reactions to comments and replies (`addedReactions`, `removedReactions` of an update): anyone who may comment adds
 * or removes their own; adding one twice or removing one that is not there changes nothing.
 */
import type { Role } from '../../../shared/contract/index.ts';
import { badRequest } from '../../errors.ts';
import { authorize, type OrgActor } from '../../policies/index.ts';
import { builder } from '../../storage/database.ts';
import type { Statements } from '../../storage/store/store.ts';

/**
 * Authorizes and applies the caller's own reaction changes to a comment or a reply, in the caller's transaction of
 * the store (an emoji added is looked for in it).
 */
export async function applyReactionsIn(
  tx: Statements,
  at: string,
  access: { actor: OrgActor; level: Role },
  userId: string,
  target: { comment_id: string | null; reply_id: string | null },
  added: readonly string[] | undefined,
  removed: readonly string[] | undefined,
): Promise<boolean> {
  if ((added?.length ?? 0) === 0 && (removed?.length ?? 0) === 0) return false;
  authorize(access.actor, 'space.comment', { level: access.level });
  for (const [field, list] of [
    ['addedReactions', added],
    ['removedReactions', removed],
  ] as const) {
    list?.forEach((emoji, i) => {
      if (emoji.trim() === '') throw badRequest(`body field \`${field}[${i}]\`: an emoji may not be empty`);
    });
  }
  const column = target.comment_id !== null ? 'comment_id' : 'reply_id';
  const id = (target.comment_id ?? target.reply_id)!;
  for (const emoji of new Set(removed ?? []))
    await tx.run(
      builder
        .deleteFrom('comment_reactions')
        .where(column, '=', id)
        .where('user_id', '=', userId)
        .where('emoji', '=', emoji),
    );
  for (const emoji of new Set(added ?? [])) {
    const exists = await tx.first(
      builder
        .selectFrom('comment_reactions')
        .select('emoji')
        .where(column, '=', id)
        .where('user_id', '=', userId)
        .where('emoji', '=', emoji),
    );
    if (!exists)
      await tx.run(
        builder.insertInto('comment_reactions').values({ ...target, user_id: userId, emoji, created_at: at }),
      );
  }
  return true;
}
