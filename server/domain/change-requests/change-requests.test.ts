import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/contract/index.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { insertRevision, loadRevision } from '../content/revisions.ts';
import {
  allPages,
  buildContentOrg,
  expectError,
  expectHidden,
  expectStatus,
  expectUnauthorized,
  roleName,
  sendRaw,
  UNKNOWN_ID,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** An organization with a space, and its admin. */
function setup() {
  const org = buildContentOrg(server);
  const { id: spaceId } = server.buildSpace(org.orgId, { pages: [{ title: 'Intro', markdown: '# Hi' }] });
  return { ...org, spaceId };
}

/** Moves the space's content on: a new revision of the same tree becomes the space's revision. */
function moveSpaceOn(spaceId: string): string {
  const { db, clock } = server;
  const space = db.first(db.q.selectFrom('spaces').selectAll().where('id', '=', spaceId))!;
  const revision = db.transaction(() => {
    const id = insertRevision(db, {
      spaceId,
      type: 'edits',
      parents: [space.revision_id],
      tree: loadRevision(db, space.revision_id).tree,
      createdBy: null,
      now: clock.now(),
    });
    db.run(db.q.updateTable('spaces').set({ revision_id: id }).where('id', '=', spaceId));
    return id;
  });
  return revision;
}

const LACKING_EDIT: readonly Role[] = ['comment', 'read'];

describe('POST /v1/spaces/{spaceId}/change-requests', () => {
  it('answers 401 without a valid token', async () => {
    const { spaceId } = setup();
    await expectUnauthorized(server, 'createChangeRequest', { params: { spaceId }, body: {} });
  });

  it('answers 400 naming each field that breaks its rule', async () => {
    const { admin, spaceId } = setup();
    for (const [body, field] of [
      [{ subject: 'x'.repeat(101) }, 'subject'],
      [{ subject: 12 }, 'subject'],
      [{ unknown: true }, 'unknown'],
    ] as const) {
      expectError(
        await sendRaw(server, 'createChangeRequest', { params: { spaceId }, body, token: admin.token }),
        400,
        field,
      );
    }
  });

  it.each(LACKING_EDIT.map((r) => [roleName(r), r]))('answers 403 to %s', async (_name, role) => {
    const { member, spaceId } = setup();
    const answer = await member(role).client.request('createChangeRequest', {
      params: { spaceId },
      body: {},
    });
    expectError(answer, 403, 'edit');
  });

  it("answers the same 404 for an unknown space and another organization's space, and 404 for a guest or a trashed space", async () => {
    const { admin, foreign, member, spaceId } = setup();
    expectHidden(
      await admin.client.request('createChangeRequest', { params: { spaceId: UNKNOWN_ID }, body: {} }),
      UNKNOWN_ID,
      await admin.client.request('createChangeRequest', { params: { spaceId: foreign.spaceId }, body: {} }),
      foreign.spaceId,
    );
    expectError(
      await member(null).client.request('createChangeRequest', { params: { spaceId }, body: {} }),
      404,
    );
    server.db.run(
      server.db.q
        .updateTable('spaces')
        .set({ deleted_at: server.clock.now().toISOString() })
        .where('id', '=', spaceId),
    );
    expectError(
      await admin.client.request('createChangeRequest', { params: { spaceId }, body: {} }),
      404,
      'trash',
    );
  });

  it('answers 409 on a locked space', async () => {
    const { admin, spaceId } = setup();
    server.db.run(server.db.q.updateTable('spaces').set({ edit_mode: 'locked' }).where('id', '=', spaceId));
    expectError(
      await admin.client.request('createChangeRequest', { params: { spaceId }, body: {} }),
      409,
      'locked',
    );
  });

  it('creates an open request on a copy of the space revision, readable by id and by number', async () => {
    const { member, spaceId, admin } = setup();
    const editor = member('edit');
    const space = await admin.client.call('getSpaceById', { params: { spaceId } });
    const answer = await editor.client.request('createChangeRequest', {
      params: { spaceId },
      body: { subject: '  Fix the intro  ' },
    });
    expectStatus(answer, 201);
    if (!answer.ok) return;
    const created = answer.body;
    expect(created).toMatchObject({
      object: 'change-request',
      number: 1,
      status: 'open',
      subject: 'Fix the intro',
      createdBy: { object: 'user', id: editor.id, email: editor.email },
      revisionInitial: space.revision,
      comments: 0,
      outdated: false,
      urls: {
        location: `${server.baseUrl}/v1/spaces/${spaceId}/change-requests/${created.id}`,
        app: `${server.baseUrl}/s/${spaceId}/~/changes/1/`,
      },
    });
    expect(created.revisionMerged).toBeUndefined();
    const head = loadRevision(server.db, created.revision);
    const base = loadRevision(server.db, space.revision);
    expect(head.id).not.toBe(space.revision);
    expect(head.parents).toEqual([space.revision]);
    expect(head.tree).toEqual(base.tree);
    // The space itself does not move.
    expect((await admin.client.call('getSpaceById', { params: { spaceId } })).revision).toBe(space.revision);

    for (const changeRequestId of [created.id, '1']) {
      expect(
        await member('read').client.call('getChangeRequestById', { params: { spaceId, changeRequestId } }),
      ).toEqual(created);
    }
    const untitled = await admin.client.call('createChangeRequest', { params: { spaceId } });
    expect(untitled).toMatchObject({ number: 2, subject: '' });
  });

  it('numbers the requests of each space independently', async () => {
    const { admin, orgId, spaceId } = setup();
    const { id: other } = server.buildSpace(orgId);
    const numbers: number[] = [];
    for (const id of [spaceId, spaceId, other, spaceId, other]) {
      numbers.push((await admin.client.call('createChangeRequest', { params: { spaceId: id } })).number);
    }
    expect(numbers).toEqual([1, 2, 1, 3, 2]);
  });
});

describe('GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}', () => {
  it('answers 401 without a valid token', async () => {
    const { admin, spaceId } = setup();
    const { id } = server.buildChangeRequest(spaceId, admin.id);
    await expectUnauthorized(server, 'getChangeRequestById', { params: { spaceId, changeRequestId: id } });
  });

  it('answers 404 for an unknown id, an unknown number, a request of another space or organization', async () => {
    const { admin, orgId, foreign, spaceId } = setup();
    server.buildChangeRequest(spaceId, admin.id);
    const { id: otherSpace } = server.buildSpace(orgId);
    const { id: elsewhere } = server.buildChangeRequest(otherSpace, admin.id);
    const foreignRequest = server.buildChangeRequest(foreign.spaceId, foreign.owner.id);
    const get = (space: string, changeRequestId: string) =>
      admin.client.request('getChangeRequestById', { params: { spaceId: space, changeRequestId } });
    expectError(await get(spaceId, UNKNOWN_ID), 404, UNKNOWN_ID);
    expectError(await get(spaceId, '2'), 404, 'number 2');
    expectError(await get(spaceId, '99999999999999999999'), 404);
    expectError(await get(spaceId, elsewhere), 404, elsewhere);
    expectHidden(
      await get(UNKNOWN_ID, foreignRequest.id),
      UNKNOWN_ID,
      await get(foreign.spaceId, foreignRequest.id),
      foreign.spaceId,
    );
  });

  it('turns outdated when the space moves past the request base', async () => {
    const { admin, spaceId } = setup();
    const { id } = server.buildChangeRequest(spaceId, admin.id);
    const params = { spaceId, changeRequestId: id };
    expect((await admin.client.call('getChangeRequestById', { params })).outdated).toBe(false);
    moveSpaceOn(spaceId);
    expect((await admin.client.call('getChangeRequestById', { params })).outdated).toBe(true);
    // A request made after the move starts from the new revision.
    const fresh = await admin.client.call('createChangeRequest', { params: { spaceId } });
    expect(fresh.outdated).toBe(false);
  });
});

describe('GET /v1/spaces/{spaceId}/change-requests', () => {
  it('answers 401 without a valid token', async () => {
    const { spaceId } = setup();
    await expectUnauthorized(server, 'listChangeRequestsForSpace', { params: { spaceId } });
  });

  it("answers 400 naming a bad filter, 404 for a guest and another organization's space", async () => {
    const { admin, member, foreign, spaceId } = setup();
    for (const [query, field] of [
      [{ status: 'closed' }, 'status'],
      [{ contributor: '' }, 'contributor'],
      [{ limit: -1 }, 'limit'],
      [{ page: 'nope' }, 'page'],
    ] as const) {
      expectError(
        await sendRaw(server, 'listChangeRequestsForSpace', {
          params: { spaceId },
          query,
          token: admin.token,
        }),
        400,
        field,
      );
    }
    expectError(
      await member(null).client.request('listChangeRequestsForSpace', { params: { spaceId } }),
      404,
    );
    expectError(
      await admin.client.request('listChangeRequestsForSpace', { params: { spaceId: foreign.spaceId } }),
      404,
    );
  });

  it('lists open requests newest first by default, filters by status and contributor, and pages', async () => {
    const { admin, member, spaceId } = setup();
    const editor = member('edit');
    const made = [
      server.buildChangeRequest(spaceId, admin.id, { subject: 'a' }),
      server.buildChangeRequest(spaceId, editor.id, { subject: 'b' }),
      server.buildChangeRequest(spaceId, admin.id, { subject: 'c', status: 'draft' }),
      server.buildChangeRequest(spaceId, editor.id, { subject: 'd' }),
      server.buildChangeRequest(spaceId, admin.id, { subject: 'e', status: 'archived' }),
      server.buildChangeRequest(spaceId, admin.id, { subject: 'f' }),
    ];
    const reader = member('read');
    const list = async (query: {
      status?: 'open' | 'draft' | 'archived' | 'merged';
      contributor?: string;
    }) => {
      const pages = await allPages((page) =>
        reader.client.call('listChangeRequestsForSpace', {
          params: { spaceId },
          query: { ...query, limit: 2, ...(page !== undefined ? { page } : {}) },
        }),
      );
      for (const page of pages) expect(page.count).toBe(pages.flatMap((p) => p.items).length);
      return pages.flatMap((p) => p.items.map((item) => item.subject));
    };
    expect(await list({})).toEqual(['f', 'd', 'b', 'a']);
    expect(await list({ status: 'draft' })).toEqual(['c']);
    expect(await list({ status: 'archived' })).toEqual(['e']);
    expect(await list({ status: 'merged' })).toEqual([]);
    expect(await list({ contributor: editor.id })).toEqual(['d', 'b']);
    expect(await list({ contributor: UNKNOWN_ID })).toEqual([]);
    expect(made.map((m) => m.number)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('PATCH /v1/spaces/{spaceId}/change-requests/{changeRequestId}', () => {
  it('answers 401 without a valid token', async () => {
    const { admin, spaceId } = setup();
    const { id } = server.buildChangeRequest(spaceId, admin.id);
    await expectUnauthorized(server, 'updateChangeRequestById', {
      params: { spaceId, changeRequestId: id },
      body: { subject: 'x' },
    });
  });

  it('answers 400 naming each field that breaks its rule, `merged` included', async () => {
    const { admin, spaceId } = setup();
    const { id } = server.buildChangeRequest(spaceId, admin.id);
    for (const [body, field] of [
      [{ subject: 'x'.repeat(101) }, 'subject'],
      [{ status: 'merged' }, 'status'],
      [{ status: 'closed' }, 'status'],
      [{ number: 3 }, 'number'],
    ] as const) {
      expectError(
        await sendRaw(server, 'updateChangeRequestById', {
          params: { spaceId, changeRequestId: id },
          body,
          token: admin.token,
        }),
        400,
        field,
      );
    }
  });

  it.each(LACKING_EDIT.map((r) => [roleName(r), r]))(
    'answers 403 to %s for subject and status',
    async (_n, role) => {
      const { admin, member, spaceId } = setup();
      const { id } = server.buildChangeRequest(spaceId, admin.id);
      const caller = member(role);
      for (const body of [{ subject: 'x' }, { status: 'draft' as const }]) {
        expectError(
          await caller.client.request('updateChangeRequestById', {
            params: { spaceId, changeRequestId: id },
            body,
          }),
          403,
          'edit',
        );
      }
    },
  );

  it('lets the author or the review level archive, not another editor', async () => {
    const { admin, member, spaceId } = setup();
    const editor = member('edit');
    const mine = server.buildChangeRequest(spaceId, editor.id);
    const theirs = server.buildChangeRequest(spaceId, admin.id);
    const archive = (user: typeof editor, changeRequestId: string) =>
      user.client.request('updateChangeRequestById', {
        params: { spaceId, changeRequestId },
        body: { status: 'archived' },
      });
    expectError(await archive(editor, theirs.id), 403, 'review');
    const own = await archive(editor, mine.id);
    expectStatus(own, 200);
    expectStatus(await archive(member('review'), theirs.id), 200);
  });

  it('enforces the status moves and keeps a merged request final', async () => {
    const { admin, spaceId } = setup();
    const { id, number } = server.buildChangeRequest(spaceId, admin.id);
    const patch = (
      body: { status?: 'draft' | 'open' | 'archived'; subject?: string },
      changeRequestId = id,
    ) => admin.client.request('updateChangeRequestById', { params: { spaceId, changeRequestId }, body });
    for (const status of ['draft', 'open', 'archived', 'open', 'archived'] as const) {
      const answer = await patch({ status });
      expectStatus(answer, 200);
      expect(answer.ok && answer.body.status).toBe(status);
    }
    expectError(await patch({ status: 'draft' }), 409, 'archived', 'draft');
    const merged = server.buildChangeRequest(spaceId, admin.id, { status: 'merged' });
    for (const status of ['open', 'draft', 'archived'] as const)
      expectError(await patch({ status }, merged.id), 409, 'merged');
    // The subject of any request may change, by number too.
    const renamed = await patch({ subject: ' Renamed ' }, String(number));
    expectStatus(renamed, 200);
    expect(renamed.ok && renamed.body).toMatchObject({ id, subject: 'Renamed', status: 'archived' });
  });

  it('answers 404 for an unknown request or number', async () => {
    const { admin, spaceId } = setup();
    for (const changeRequestId of [UNKNOWN_ID, '7'])
      expectError(
        await admin.client.request('updateChangeRequestById', {
          params: { spaceId, changeRequestId },
          body: { subject: 'x' },
        }),
        404,
      );
  });

  it('saves the changes: a re-read through the API shows them, with a new updatedAt', async () => {
    const { admin, member, spaceId } = setup();
    const editor = member('edit');
    const { id } = server.buildChangeRequest(spaceId, editor.id, { subject: 'Old' });
    server.clock.advance(60_000);
    const answer = await editor.client.request('updateChangeRequestById', {
      params: { spaceId, changeRequestId: id },
      body: { subject: 'New', status: 'draft' },
    });
    expectStatus(answer, 200);
    if (!answer.ok) return;
    expect(answer.body.updatedAt).not.toBe(answer.body.createdAt);
    const reread = await admin.client.call('getChangeRequestById', {
      params: { spaceId, changeRequestId: '1' },
    });
    expect(reread).toEqual(answer.body);
    expect(reread).toMatchObject({ subject: 'New', status: 'draft' });
  });
});

describe('change request counts of a space', () => {
  it('counts all, open and draft requests in the space and in lists of spaces', async () => {
    const { admin, orgId, spaceId } = setup();
    const { id: other } = server.buildSpace(orgId);
    server.buildChangeRequest(other, admin.id);
    const first = await admin.client.call('createChangeRequest', { params: { spaceId } });
    await admin.client.call('createChangeRequest', { params: { spaceId } });
    server.buildChangeRequest(spaceId, admin.id, { status: 'draft' });
    server.buildChangeRequest(spaceId, admin.id, { status: 'archived' });
    await admin.client.call('updateChangeRequestById', {
      params: { spaceId, changeRequestId: first.id },
      body: { status: 'draft' },
    });
    const expected = { changeRequests: 4, changeRequestsOpen: 1, changeRequestsDraft: 2 };
    expect(await admin.client.call('getSpaceById', { params: { spaceId } })).toMatchObject(expected);
    const listed = await admin.client.call('listSpacesInOrganizationById', {
      params: { organizationId: orgId },
    });
    expect(listed.items.find((s) => s.id === spaceId)).toMatchObject(expected);
    expect(listed.items.find((s) => s.id === other)).toMatchObject({
      changeRequests: 1,
      changeRequestsOpen: 1,
      changeRequestsDraft: 0,
    });
  });
});
