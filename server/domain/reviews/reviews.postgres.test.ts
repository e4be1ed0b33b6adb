/**
 * The review handlers on the store, on PostgreSQL: services that hold only a `PostgresStore` and a clock
 * (`usePostgresHandlers`). 6 review requests sent together are each written (6 events), two people in distinct places (`seq`);
 * a person asked twice at once is asked once (the second meets UNIQUE (change_request_reviewers_once) and runs
 * again).
 */
import { describe, expect, it } from 'vitest';
import { builder } from '../../storage/database.ts';
import { CHANGE_REQUEST_SEED, statusOf, usePostgresHandlers } from '../../test/postgres-handlers.ts';
import { reviewHandlers } from './handlers.ts';

const pg = usePostgresHandlers({ truncate: 'users, organizations, events', seed: CHANGE_REQUEST_SEED });
const { context } = pg;
const params = { spaceId: 's1', changeRequestId: '1' };

describe('the review handlers on PostgreSQL', () => {
  it('asks reviewers sent together in distinct places, then takes a review and lists it', async () => {
    const asked = await Promise.all(
      ['admin', 'other', 'admin', 'other', 'admin', 'other'].map((userId) =>
        reviewHandlers.requestReviewersForChangeRequest(context('admin', params, { users: [userId] })),
      ),
    );
    expect(asked.map((answer) => answer.users.length)).toEqual([1, 1, 1, 1, 1, 1]);
    const seqs = await pg.store.all(
      builder.selectFrom('change_request_reviewers').select(['user_id', 'seq']).orderBy('seq'),
    );
    // Each request renews the person's place after the last one asked: one row each, in distinct places.
    expect(seqs.map((row) => row.user_id).sort()).toEqual(['admin', 'other']);
    expect(new Set(seqs.map((row) => row.seq)).size).toBe(2);
    const events = await pg.store.all(
      builder.selectFrom('events').select('id').where('action', '=', 'change_request.reviewers_requested'),
    );
    expect(events).toHaveLength(6);
    await expect(
      reviewHandlers.submitChangeRequestReview(context('reader', params, { status: 'approved' })),
    ).rejects.toSatisfy((error) => statusOf(error) === 403);
    const review = await reviewHandlers.submitChangeRequestReview(
      context('other', params, { status: 'approved', comment: { markdown: 'Fine' } }),
    );
    expect(review).toMatchObject({ status: 'approved', comment: { body: { markdown: 'Fine' } } });
    const listed = await reviewHandlers.getReviewsByChangeRequestId(context('reader', params, undefined, {}));
    expect(listed.items.map((item) => item.id)).toEqual([review.id]);
    const requested = await reviewHandlers.getRequestedReviewersByChangeRequestId(
      context('reader', params, undefined, {}),
    );
    expect(requested.count).toBe(2);
  });
});
