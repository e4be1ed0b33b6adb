/**
 * The change request handlers on the store, on PostgreSQL: services that hold only a `PostgresStore` and a clock
 * (`usePostgresHandlers`; no synchronous `Database`, so a statement left on it fails here). The
 * spaces' main content does not move past the requests' merge bases, so no merge needs the worker thread.
 *
 * Concurrent writes run SERIALIZABLE: what a merge is written on (the request's status, the space's revision, the
 * rules) is read in its transaction, so of 6 merges of one request sent together one is written and the others,
 * run again, find the request merged (409); a merge and a move to draft sent together never both succeed.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { builder } from '../../storage/database.ts';
import { inJsonArray } from '../../storage/dialect/compile.ts';
import { pages, SEED, statusOf, usePostgresHandlers } from '../../test/postgres-handlers.ts';
import { changeRequestHandlers } from './handlers.ts';
import { changeRequestMergeHandlers } from './merge-handlers.ts';

const EMPTY = JSON.stringify({ pages: [], files: [] });
const pg = usePostgresHandlers({
  truncate: 'users, organizations, events, jobs',
  seed: `${SEED}
    INSERT INTO spaces (id, organization_id, parent_id, title, emoji, visibility, edit_mode, default_level, language,
      sort_key, revision_id, created_by, created_at, updated_at, deleted_at) VALUES
      ('s1', 'o1', NULL, 'S1', '', 'private', 'live', 'inherit', NULL, 'a', 'r0', 'admin', 't', 't', NULL);
    INSERT INTO revisions (id, space_id, type, parents, tree, created_by, created_at) VALUES
      ('r0', 's1', 'edits', '[]', '${EMPTY}', 'admin', 't');`,
});
const { context } = pg;

const create = (userId: string, subject?: string) =>
  changeRequestHandlers.createChangeRequest(
    context(userId, { spaceId: 's1' }, subject === undefined ? undefined : { subject }),
  );
const merge = (userId: string, changeRequestId: string) =>
  changeRequestMergeHandlers.mergeChangeRequest(
    context(userId, { spaceId: 's1', changeRequestId }, undefined, {}),
  );
const patch = (userId: string, changeRequestId: string, body: object) =>
  changeRequestHandlers.updateChangeRequestById(context(userId, { spaceId: 's1', changeRequestId }, body));
const get = (userId: string, changeRequestId: string) =>
  changeRequestHandlers.getChangeRequestById(context(userId, { spaceId: 's1', changeRequestId }));

const eventsOf = (subjectId: string) =>
  pg.store.all(
    builder.selectFrom('events').select(['action', 'data']).where('subject_id', '=', subjectId).orderBy('id'),
  );
const statusOfOutcome = (outcome: PromiseSettledResult<unknown>) =>
  outcome.status === 'fulfilled' ? 200 : statusOf(outcome.reason);
const spaceRevision = async () =>
  (await pg.store.first(builder.selectFrom('spaces').select('revision_id').where('id', '=', 's1')))!
    .revision_id;

describe('the change request handlers on PostgreSQL', () => {
  it('creates requests numbered in their space, with their head revision and event; reads them back', async () => {
    const first = await create('admin', ' First ');
    const second = await create('admin');
    expect(first).toMatchObject({ object: 'change-request', number: 1, subject: 'First', status: 'open' });
    expect(second).toMatchObject({ number: 2, subject: '', outdated: false });
    const head = await pg.store.first(
      builder.selectFrom('revisions').select(['type', 'parents', 'tree']).where('id', '=', first.revision),
    );
    expect(head).toEqual({ type: 'edits', parents: '["r0"]', tree: EMPTY });
    expect(await eventsOf(first.id)).toEqual([
      {
        action: 'change_request.created',
        data: JSON.stringify({ space: 's1', number: 1, subject: 'First' }),
      },
    ]);
    expect(await get('reader', '1')).toMatchObject({
      id: first.id,
      reviews: { approvals: 0, rulesMet: true },
    });
    const listed = await pages((page) =>
      changeRequestHandlers.listChangeRequestsForSpace(
        context('reader', { spaceId: 's1' }, undefined, { limit: 1, ...(page ? { page } : {}) }),
      ),
    );
    expect(listed.items.map((item) => item.number)).toEqual([2, 1]);
    expect(listed.counts).toEqual([2, 2]);
    const inbox = await changeRequestMergeHandlers.listChangeRequestsForOrganization(
      context('admin', { organizationId: 'o1' }, undefined, {}),
    );
    expect(inbox.items.map((item) => item.number).sort()).toEqual([1, 2]);
  });

  it('refuses a reader (403), a stranger (404 of the space) and an unknown request (404)', async () => {
    await expect(create('reader')).rejects.toSatisfy((error) => statusOf(error) === 403);
    await expect(create('stranger')).rejects.toSatisfy((error) => statusOf(error) === 404);
    await expect(get('admin', '7')).rejects.toSatisfy((error) => statusOf(error) === 404);
    expect(await pg.store.all(builder.selectFrom('change_requests').select('id'))).toEqual([]);
  });

  it('numbers 8 requests created together 1 to 8: each takes the number in its own transaction', async () => {
    const made = await Promise.all(Array.from({ length: 8 }, (_, index) => create('admin', `CR ${index}`)));
    expect(made.map((request) => request.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('merges an up-to-date request: the merge revision becomes the space’s, indexing is queued', async () => {
    const { id, revision: head } = await create('admin', 'Ship it');
    expect(await merge('admin', id)).toEqual({ revision: expect.any(String), result: 'merge' });
    const revision = await spaceRevision();
    const row = await pg.store.first(
      builder.selectFrom('revisions').select(['type', 'parents']).where('id', '=', revision),
    );
    expect(row).toEqual({ type: 'merge', parents: JSON.stringify(['r0', head]) });
    expect(await get('admin', id)).toMatchObject({
      status: 'merged',
      revisionMerged: revision,
      mergedBy: expect.anything(),
    });
    const jobs = await pg.store.all(builder.selectFrom('jobs').select(['kind', 'subject_id', 'state']));
    expect(jobs).toEqual([{ kind: 'search-index', subject_id: 's1', state: 'queued' }]);
    const check = await changeRequestMergeHandlers.checkChangeRequestMerge(
      context('reader', { spaceId: 's1', changeRequestId: id }),
    );
    expect(check).toMatchObject({ outdated: false, mergeable: false, conflicts: [] });
  });

  it('writes one of two merges of one request sent together; the other answers 409 (4 requests in turn)', async () => {
    for (let round = 0; round < 4; round++) {
      const { id } = await create('admin', `Once ${round}`);
      const outcomes = await Promise.allSettled([merge('admin', id), merge('admin', id)]);
      expect(outcomes.map(statusOfOutcome).sort()).toEqual([200, 409]);
      const merged = (await eventsOf(id)).filter((event) => event.action === 'change_request.merged');
      expect(merged).toHaveLength(1);
    }
    const merges = await pg.store.all(
      builder.selectFrom('revisions').select('id').where('type', '=', 'merge').where('space_id', '=', 's1'),
    );
    expect(merges).toHaveLength(4);
  });

  it('never both merges a request and moves it to draft when both are sent together (4 requests in turn)', async () => {
    for (let round = 0; round < 4; round++) {
      const { id } = await create('admin', `Race ${round}`);
      const outcomes = await Promise.allSettled([
        merge('admin', id),
        patch('admin', id, { status: 'draft' }),
      ]);
      expect(outcomes.map(statusOfOutcome).sort()).toEqual([200, 409]);
      const row = await pg.store.first(
        builder.selectFrom('change_requests').select(['status', 'revision_merged']).where('id', '=', id),
      );
      expect(row?.status === 'merged' ? row.revision_merged !== null : row?.revision_merged === null).toBe(
        true,
      );
    }
  });

  it('refuses to merge a draft (409) and merges past no rule for a reader (403)', async () => {
    const { id } = await create('admin');
    await patch('admin', id, { status: 'draft' });
    await expect(merge('admin', id)).rejects.toSatisfy((error) => statusOf(error) === 409);
    await patch('admin', id, { status: 'open', subject: ' Named ' });
    await expect(merge('reader', id)).rejects.toSatisfy((error) => statusOf(error) === 403);
    expect(await get('admin', id)).toMatchObject({ status: 'open', subject: 'Named' });
  });

  it('reads a JSON array parameter as a set of strings (inJsonArray)', async () => {
    const rows = await pg.store.all(
      builder
        .selectFrom('users')
        .select('id')
        .where(inJsonArray(sql.ref('id'), '["reader","admin","nobody"]'))
        .orderBy('id'),
    );
    expect(rows).toEqual([{ id: 'admin' }, { id: 'reader' }]);
  });
});
