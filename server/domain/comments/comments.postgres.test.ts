/**
 * The comment handlers on the store, on PostgreSQL: services that hold only a `PostgresStore` and a clock
 * (`usePostgresHandlers`; no synchronous `Database`, so a statement left on it fails here).
 *
 * Concurrent writes run SERIALIZABLE with what they depend on read in their transaction: of 6 resolutions of one
 * comment sent together one resolves it (one event) and the others, run again, find it resolved and change nothing.
 */
import { describe, expect, it } from 'vitest';
import { builder } from '../../storage/database.ts';
import { CHANGE_REQUEST_SEED, pages, statusOf, usePostgresHandlers } from '../../test/postgres-handlers.ts';
import { changeRequestCommentHandlers } from './change-request-handlers.ts';
import { spaceCommentHandlers } from './handlers.ts';

const pg = usePostgresHandlers({ truncate: 'users, organizations, events', seed: CHANGE_REQUEST_SEED });
const { context } = pg;

const post = (userId: string, markdown: string) =>
  spaceCommentHandlers.postCommentInSpace(context(userId, { spaceId: 's1' }, { body: { markdown } }));
const update = (userId: string, commentId: string, body: object) =>
  spaceCommentHandlers.updateCommentInSpace(context(userId, { spaceId: 's1', commentId }, body));
const eventsOf = (subjectId: string, action: string) =>
  pg.store.all(
    builder
      .selectFrom('events')
      .select('data')
      .where('subject_id', '=', subjectId)
      .where('action', '=', action),
  );
const statusOfOutcome = (outcome: PromiseSettledResult<unknown>) =>
  outcome.status === 'fulfilled' ? 200 : statusOf(outcome.reason);

describe('the comment handlers on PostgreSQL', () => {
  it('posts, reacts to, lists, replies to and deletes comments', async () => {
    const first = await post('reader', 'First');
    pg.clock.advance(1000);
    const second = await post('admin', 'Second');
    expect(first).toMatchObject({
      object: 'comment',
      body: { markdown: 'First' },
      status: 'open',
      reactions: [],
    });
    await update('reader', first.id, { addedReactions: ['👍', '🎉'] });
    await update('admin', first.id, { addedReactions: ['👍'] });
    const listed = await pages((page) =>
      spaceCommentHandlers.listCommentsInSpace(
        context('other', { spaceId: 's1' }, undefined, { limit: 1, ...(page ? { page } : {}) }),
      ),
    );
    expect(listed.items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(listed.items[1]!.reactions.map((r) => [r.emoji, r.count])).toEqual([
      ['👍', 2],
      ['🎉', 1],
    ]);
    const reply = await spaceCommentHandlers.postCommentReplyInSpace(
      context('other', { spaceId: 's1', commentId: first.id }, { body: { markdown: 'Reply' } }, {}),
    );
    expect(reply).toMatchObject({ object: 'comment-reply', body: { markdown: 'Reply' } });
    await expect(
      spaceCommentHandlers.deleteCommentInSpace(context('other', { spaceId: 's1', commentId: first.id })),
    ).rejects.toSatisfy((error) => statusOf(error) === 403);
    await spaceCommentHandlers.deleteCommentInSpace(context('admin', { spaceId: 's1', commentId: first.id }));
    const left = await pg.store.all(builder.selectFrom('comment_replies').select('id'));
    expect(left).toEqual([]);
  });

  it('resolves a comment once when 6 resolutions are sent together (one event)', async () => {
    const { id } = await post('reader', 'Resolve me');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, () => update('reader', id, { resolved: true })),
    );
    expect(outcomes.map(statusOfOutcome)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await eventsOf(id, 'comment.resolved')).toHaveLength(1);
  });

  it('comments on a change request, on its head revision', async () => {
    const params = { spaceId: 's1', changeRequestId: '1' };
    const comment = await changeRequestCommentHandlers.postCommentInChangeRequest(
      context('admin', params, { body: { markdown: 'On the request' } }),
    );
    expect(comment.target).toMatchObject({ changeRequest: 'cr1', revision: 'r1' });
    const listed = await changeRequestCommentHandlers.listCommentsInChangeRequest(
      context('other', params, undefined, {}),
    );
    expect(listed.items.map((item) => item.id)).toEqual([comment.id]);
    await expect(
      changeRequestCommentHandlers.listCommentsInChangeRequest(
        context('other', { spaceId: 's1', changeRequestId: '2' }, undefined, {}),
      ),
    ).rejects.toSatisfy((error) => statusOf(error) === 404);
  });
});
