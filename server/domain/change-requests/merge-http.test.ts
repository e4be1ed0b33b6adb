/**
 * Merge, update and merge check of change requests, and the organization-wide list, over HTTP on a real server:
 * every failure class (401, 404, 403, 409, 400), clean and conflicting merges and updates, and that a conflict
 * writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeRequest } from '../../../shared/contract/resources/changeRequests.ts';
import type { Role } from '../../../shared/contract/index.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import type { Services } from '../../http/context.ts';
import { loadRevision } from '../content/revisions.ts';
import { mergeConflicts } from './merge-run.ts';
import {
  allPages,
  buildContentOrg,
  contentOf,
  countRows,
  editMainContent,
  editRequestContent,
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

const lines = (title: string) =>
  `# ${title}\n\nFirst line of ${title}.\nSecond line.\nThird line.\nFourth line.\nFifth line.\n`;

/** An organization with a space of five pages (Intro, Guide[Setup, Usage], FAQ), and its admin. */
function setup() {
  const org = buildContentOrg(server);
  const { id: spaceId } = server.buildSpace(org.orgId, {
    pages: [
      { title: 'Intro', markdown: lines('Intro') },
      {
        title: 'Guide',
        markdown: lines('Guide'),
        pages: [
          { title: 'Setup', markdown: lines('Setup') },
          { title: 'Usage', markdown: lines('Usage') },
        ],
      },
      { title: 'FAQ', markdown: lines('FAQ') },
    ],
  });
  const request = (subject = 'A change', status?: 'draft' | 'open' | 'archived') =>
    server.buildChangeRequest(spaceId, org.admin.id, { subject, ...(status ? { status } : {}) });
  return { ...org, spaceId, request };
}

function spaceRevision(spaceId: string): string {
  return server.db.first(server.db.q.selectFrom('spaces').select('revision_id').where('id', '=', spaceId))!
    .revision_id;
}

function requestRow(id: string) {
  return server.db.first(server.db.q.selectFrom('change_requests').selectAll().where('id', '=', id))!;
}

/** Merges a request as the admin (a real merge through HTTP). */
async function merge(token: string, spaceId: string, changeRequestId: string) {
  return sendRaw(server, 'mergeChangeRequest', { params: { spaceId, changeRequestId }, token });
}

/** Row counts that a refused merge or update must leave alone. */
const snapshot = () => ({
  revisions: countRows(server, 'revisions'),
  documents: countRows(server, 'documents'),
  events: countRows(server, 'events'),
});

const LACKING_MERGE: readonly Role[] = ['edit', 'comment', 'read'];
const LACKING_EDIT: readonly Role[] = ['comment', 'read'];

/** What the merge check adds when no merge rules are set: none listed, and nobody may bypass. */
const NO_RULES = { rules: [], canBypass: false };

describe('POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge', () => {
  it('answers 401 without a valid token', async () => {
    const { spaceId, request } = setup();
    await expectUnauthorized(server, 'mergeChangeRequest', {
      params: { spaceId, changeRequestId: request().id },
    });
  });

  it('answers 404 for an unknown request, a hidden or unknown space, a guest and a trashed space', async () => {
    const { admin, foreign, member, spaceId, request } = setup();
    const { id } = request();
    expectError(await merge(admin.token, spaceId, UNKNOWN_ID), 404, UNKNOWN_ID);
    expectError(await merge(admin.token, spaceId, '99'), 404, 'number 99');
    const foreignRequest = server.buildChangeRequest(foreign.spaceId, foreign.owner.id);
    expectHidden(
      await merge(admin.token, UNKNOWN_ID, foreignRequest.id),
      UNKNOWN_ID,
      await merge(admin.token, foreign.spaceId, foreignRequest.id),
      foreign.spaceId,
    );
    expectError(await merge(member(null).token, spaceId, id), 404);
    server.db.run(
      server.db.q
        .updateTable('spaces')
        .set({ deleted_at: server.clock.now().toISOString() })
        .where('id', '=', spaceId),
    );
    expectError(await merge(admin.token, spaceId, id), 404, 'trash');
  });

  it.each(LACKING_MERGE.map((r) => [roleName(r), r]))(
    'answers 403 to %s, naming the review level',
    async (_n, role) => {
      const { member, spaceId, request } = setup();
      const { id } = request();
      expectError(await merge(member(role).token, spaceId, id), 403, 'review');
      expect(requestRow(id).status).toBe('open');
    },
  );

  it('answers 409 naming the status for a draft, an archived or a merged request, and on a locked space', async () => {
    const { admin, spaceId, request } = setup();
    expectError(await merge(admin.token, spaceId, request('d', 'draft').id), 409, 'draft', 'open');
    expectError(await merge(admin.token, spaceId, request('a', 'archived').id), 409, 'archived');
    const { id } = request();
    expectStatus(await merge(admin.token, spaceId, id), 200);
    expectError(await merge(admin.token, spaceId, id), 409, 'merged');
    const other = request();
    server.db.run(server.db.q.updateTable('spaces').set({ edit_mode: 'locked' }).where('id', '=', spaceId));
    expectError(await merge(admin.token, spaceId, other.id), 409, 'locked');
    expect(requestRow(other.id).status).toBe('open');
  });

  it('merges a request of a space that did not move: its tree becomes the space content, in one merge revision', async () => {
    const { admin, member, spaceId, request } = setup();
    const reviewer = member('review');
    const { id, number } = request('Rewrite');
    const before = spaceRevision(spaceId);
    const head = editRequestContent(server, id, (e) => {
      e.replace('Intro', 'Second line.', 'A better second line.');
      e.add(null, { title: 'Changelog', markdown: '# Changelog\n' });
      e.remove('FAQ');
      e.move('Usage', null, 0);
      e.page('Setup').title = 'Installation';
      e.page('Installation').slug = 'installation';
    });
    server.clock.advance(60_000);
    const answer = await merge(reviewer.token, spaceId, String(number));
    expectStatus(answer, 200);
    const { revision } = answer.body as { revision: string; result: string };
    expect(answer.body).toEqual({ revision, result: 'merge' });

    const stored = loadRevision(server.db, revision);
    expect(stored.type).toBe('merge');
    expect(stored.parents).toEqual([before, head]);
    expect(stored.tree).toEqual(loadRevision(server.db, head).tree);
    expect(Object.keys(contentOf(server, revision))).toEqual([
      'usage',
      'intro',
      'guide',
      'guide/installation',
      'changelog',
    ]);

    const space = await admin.client.call('getSpaceById', { params: { spaceId } });
    expect(space.revision).toBe(revision);
    expect(space.updatedAt).toBe(server.clock.now().toISOString());
    const merged = await admin.client.call('getChangeRequestById', {
      params: { spaceId, changeRequestId: id },
    });
    expect(merged).toMatchObject({
      status: 'merged',
      space: spaceId,
      revisionMerged: revision,
      mergedAt: server.clock.now().toISOString(),
      mergedBy: { id: reviewer.id, email: reviewer.email },
      updatedAt: server.clock.now().toISOString(),
      outdated: false,
    });
    // The merge revision names the request it came from, as GitBook's RevisionTypeMerge does (`mergedFrom`), in
    // GitBook's shape: without the review summary (an extension that depends on who reads the request).
    const read = await admin.client.call('getRevisionById', { params: { spaceId, revisionId: revision } });
    const asGitBook = Object.fromEntries(Object.entries(merged).filter(([field]) => field !== 'reviews'));
    expect(read).toMatchObject({ type: 'merge', mergedFrom: asGitBook });
    expect(read.mergedFrom).not.toHaveProperty('reviews');
    const edits = await admin.client.call('getRevisionById', { params: { spaceId, revisionId: before } });
    expect(edits.mergedFrom).toBeUndefined();
    const event = server.db.first(
      server.db.q
        .selectFrom('events')
        .selectAll()
        .where('subject_id', '=', id)
        .where('action', '=', 'change_request.merged'),
    );
    expect(event?.actor_id).toBe(reviewer.id);
  });

  it('turns the other open requests of the space outdated', async () => {
    const { admin, spaceId, request } = setup();
    const first = request('First');
    const second = request('Second');
    editRequestContent(server, first.id, (e) => e.replace('FAQ', 'Third line.', 'Third line, clarified.'));
    const get = (changeRequestId: string) =>
      admin.client.call('getChangeRequestById', { params: { spaceId, changeRequestId } });
    expect((await get(second.id)).outdated).toBe(false);
    expectStatus(await merge(admin.token, spaceId, first.id), 200);
    expect((await get(second.id)).outdated).toBe(true);
    const check = await admin.client.call('checkChangeRequestMerge', {
      params: { spaceId, changeRequestId: second.id },
    });
    expect(check).toEqual({ outdated: true, mergeable: true, conflicts: [], ...NO_RULES });
  });

  it('merges three ways when the space moved on: changes of both sides are kept', async () => {
    const { admin, spaceId, request } = setup();
    const { id } = request();
    editRequestContent(server, id, (e) => {
      e.replace('Intro', 'Fifth line.', 'Fifth line, from the request.');
      e.setBody('FAQ', '# FAQ\n\nRewritten.\n');
      e.add('Guide', { title: 'Tips', slug: 'tips', markdown: '# Tips\n' });
    });
    const mainRevision = editMainContent(server, spaceId, (e) => {
      e.replace('Intro', 'First line of Intro.', 'First line of Intro, from main.');
      e.add('Guide', { title: 'Tips', slug: 'tips', markdown: '# Main tips\n' });
      e.page('Usage').title = 'Using it';
    });
    const answer = await merge(admin.token, spaceId, id);
    expectStatus(answer, 200);
    const { revision } = answer.body as { revision: string };
    expect(loadRevision(server.db, revision).parents).toEqual([mainRevision, requestRow(id).revision_id]);
    const content = contentOf(server, revision);
    expect(content.intro).toBe(
      '# Intro\n\nFirst line of Intro, from main.\nSecond line.\nThird line.\nFourth line.\nFifth line, from the request.\n',
    );
    expect(content.faq).toBe('# FAQ\n\nRewritten.\n');
    expect(content['guide/tips']).toBe('# Main tips\n');
    expect(content['guide/tips-2']).toBe('# Tips\n');
    const tree = loadRevision(server.db, revision).tree;
    expect(tree.pages[1]?.pages.map((page) => page.title)).toEqual(['Setup', 'Using it', 'Tips', 'Tips']);
  });

  it('answers 409 naming the conflicting pages and writes nothing', async () => {
    const { admin, spaceId, request } = setup();
    const { id, number } = request();
    editRequestContent(server, id, (e) => {
      e.replace('Intro', 'Second line.', 'Second line, the request way.');
      e.replace('Setup', 'Third line.', 'Third line, the request way.');
      e.page('FAQ').title = 'Questions';
    });
    const mainRevision = editMainContent(server, spaceId, (e) => {
      e.replace('Intro', 'Second line.', 'Second line, the main way.');
      e.remove('Setup');
      e.page('FAQ').title = 'Frequent questions';
    });
    const before = snapshot();
    const row = requestRow(id);
    const message = expectError(await merge(admin.token, spaceId, id), 409);
    expect(message).toBe(
      `change request ${number} conflicts with the main content on pages “Intro”, “Setup”, “Questions”; update the change request and resolve them`,
    );
    expect(snapshot()).toEqual(before);
    expect(spaceRevision(spaceId)).toBe(mainRevision);
    expect(requestRow(id)).toEqual(row);
  });
});

describe('POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/update', () => {
  const update = (token: string, spaceId: string, changeRequestId: string) =>
    sendRaw(server, 'updateChangeRequest', { params: { spaceId, changeRequestId }, token });

  it('answers 401 without a valid token', async () => {
    const { spaceId, request } = setup();
    await expectUnauthorized(server, 'updateChangeRequest', {
      params: { spaceId, changeRequestId: request().id },
    });
  });

  it('answers 404 for an unknown request, a hidden space and a guest', async () => {
    const { admin, foreign, member, spaceId, request } = setup();
    expectError(await update(admin.token, spaceId, UNKNOWN_ID), 404, UNKNOWN_ID);
    const foreignRequest = server.buildChangeRequest(foreign.spaceId, foreign.owner.id);
    expectHidden(
      await update(admin.token, UNKNOWN_ID, foreignRequest.id),
      UNKNOWN_ID,
      await update(admin.token, foreign.spaceId, foreignRequest.id),
      foreign.spaceId,
    );
    expectError(await update(member(null).token, spaceId, request().id), 404);
  });

  it.each(LACKING_EDIT.map((r) => [roleName(r), r]))(
    'answers 403 to %s, naming the edit level',
    async (_n, role) => {
      const { member, spaceId, request } = setup();
      expectError(await update(member(role).token, spaceId, request().id), 403, 'edit');
    },
  );

  it('answers 409 for a merged or archived request and on a locked space', async () => {
    const { admin, spaceId, request } = setup();
    expectError(await update(admin.token, spaceId, request('a', 'archived').id), 409, 'archived');
    const merged = request();
    expectStatus(await merge(admin.token, spaceId, merged.id), 200);
    expectError(await update(admin.token, spaceId, merged.id), 409, 'merged');
    const open = request();
    server.db.run(server.db.q.updateTable('spaces').set({ edit_mode: 'locked' }).where('id', '=', spaceId));
    expectError(await update(admin.token, spaceId, open.id), 409, 'locked');
  });

  it('answers the head and writes nothing when the request is up to date', async () => {
    const { member, spaceId, request } = setup();
    const { id } = request();
    const before = snapshot();
    const answer = await update(member('edit').token, spaceId, id);
    expectStatus(answer, 200);
    expect(answer.body).toEqual({ revision: requestRow(id).revision_id, result: 'update' });
    expect(snapshot()).toEqual(before);
  });

  it('pulls the main content into an outdated request, which then merges as it is', async () => {
    const { admin, member, spaceId, request } = setup();
    const editor = member('edit');
    const { id } = request('Draft work', 'draft');
    const head = editRequestContent(server, id, (e) => {
      e.replace('Usage', 'Fourth line.', 'Fourth line, request.');
      e.remove('FAQ');
    });
    const mainRevision = editMainContent(server, spaceId, (e) => {
      e.replace('Usage', 'First line of Usage.', 'First line of Usage, main.');
      e.add(null, { title: 'News', markdown: '# News\n' });
    });
    const get = () => admin.client.call('getChangeRequestById', { params: { spaceId, changeRequestId: id } });
    expect((await get()).outdated).toBe(true);

    server.clock.advance(60_000);
    const answer = await update(editor.token, spaceId, id);
    expectStatus(answer, 200);
    const { revision } = answer.body as { revision: string };
    expect(answer.body).toEqual({ revision, result: 'update' });
    const stored = loadRevision(server.db, revision);
    expect(stored.type).toBe('update');
    expect(stored.parents).toEqual([head, mainRevision]);
    const content = contentOf(server, revision);
    expect(Object.keys(content)).toEqual(['intro', 'guide', 'guide/setup', 'guide/usage', 'news']);
    expect(content['guide/usage']).toContain('First line of Usage, main.');
    expect(content['guide/usage']).toContain('Fourth line, request.');

    const updated = await get();
    expect(updated).toMatchObject({
      status: 'draft',
      revision,
      revisionMergedAncestor: mainRevision,
      outdated: false,
      updatedAt: server.clock.now().toISOString(),
    });
    expect(spaceRevision(spaceId)).toBe(mainRevision);

    await admin.client.call('updateChangeRequestById', {
      params: { spaceId, changeRequestId: id },
      body: { status: 'open' },
    });
    const merged = await merge(admin.token, spaceId, id);
    expectStatus(merged, 200);
    const result = loadRevision(server.db, (merged.body as { revision: string }).revision);
    expect(result.tree).toEqual(stored.tree);
  });

  it('answers 409 naming the conflicting pages and writes nothing', async () => {
    const { admin, spaceId, request } = setup();
    const { id, number } = request();
    editRequestContent(server, id, (e) => e.replace('Guide', 'Third line.', 'Third line (request).'));
    editMainContent(server, spaceId, (e) => e.replace('Guide', 'Third line.', 'Third line (main).'));
    const before = snapshot();
    const row = requestRow(id);
    const message = expectError(
      await update(admin.token, spaceId, id),
      409,
      `change request ${number}`,
      '“Guide”',
    );
    expect(message).not.toContain('“Intro”');
    expect(snapshot()).toEqual(before);
    expect(requestRow(id)).toEqual(row);
  });
});

describe('GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge-check', () => {
  const check = (token: string, spaceId: string, changeRequestId: string) =>
    sendRaw(server, 'checkChangeRequestMerge', { params: { spaceId, changeRequestId }, token });

  it('answers 401 without a valid token, 404 for an unknown request or a hidden space', async () => {
    const { admin, foreign, member, spaceId, request } = setup();
    await expectUnauthorized(server, 'checkChangeRequestMerge', {
      params: { spaceId, changeRequestId: request().id },
    });
    expectError(await check(admin.token, spaceId, UNKNOWN_ID), 404, UNKNOWN_ID);
    const foreignRequest = server.buildChangeRequest(foreign.spaceId, foreign.owner.id);
    expectHidden(
      await check(admin.token, UNKNOWN_ID, foreignRequest.id),
      UNKNOWN_ID,
      await check(admin.token, foreign.spaceId, foreignRequest.id),
      foreign.spaceId,
    );
    expectError(await check(member(null).token, spaceId, request().id), 404);
  });

  it('tells a reader that an up-to-date open request is mergeable, and a draft is not', async () => {
    const { member, spaceId, request } = setup();
    const reader = member('read');
    const open = await check(reader.token, spaceId, request().id);
    expectStatus(open, 200);
    expect(open.body).toEqual({ outdated: false, mergeable: true, conflicts: [], ...NO_RULES });
    expect((await check(reader.token, spaceId, request('d', 'draft').id)).body).toEqual({
      outdated: false,
      mergeable: false,
      conflicts: [],
      ...NO_RULES,
    });
  });

  it('lists the conflicts with each side’s markdown, writing nothing', async () => {
    const { admin, spaceId, request } = setup();
    const { id } = request();
    editRequestContent(server, id, (e) => {
      e.replace('FAQ', 'Fourth line.', 'Fourth line, request.');
      e.replace('Intro', 'Fifth line.', 'Fifth line, request.');
    });
    editMainContent(server, spaceId, (e) => {
      e.replace('FAQ', 'Fourth line.', 'Fourth line, main.');
      e.replace('Intro', 'First line of Intro.', 'First line, main.');
    });
    const before = snapshot();
    const answer = await check(admin.token, spaceId, id);
    expectStatus(answer, 200);
    const faqId = loadRevision(server.db, requestRow(id).revision_id).tree.pages[2]!.id;
    expect(answer.body).toEqual({
      outdated: true,
      mergeable: false,
      conflicts: [
        {
          page: { id: faqId, title: 'FAQ', path: 'faq' },
          kind: 'content',
          message: '“FAQ” was edited on the same lines in the main content and in the change request',
          base: lines('FAQ'),
          main: lines('FAQ').replace('Fourth line.', 'Fourth line, main.'),
          changeRequest: lines('FAQ').replace('Fourth line.', 'Fourth line, request.'),
        },
      ],
      ...NO_RULES,
    });
    expect(snapshot()).toEqual(before);
  });

  it('computes a check once for the same three revisions, and anew when the request or the main content moves', async () => {
    const { admin, spaceId, request } = setup();
    const { id } = request();
    editRequestContent(server, id, (e) => e.replace('FAQ', 'Fourth line.', 'Fourth line, request.'));
    editMainContent(server, spaceId, (e) => e.replace('Intro', 'First line of Intro.', 'First line, main.'));
    // Over HTTP, the answer stays right as either side moves.
    const clean = { outdated: true, mergeable: true, conflicts: [], ...NO_RULES };
    expect((await check(admin.token, spaceId, id)).body).toEqual(clean);
    expect((await check(admin.token, spaceId, id)).body).toEqual(clean);
    editMainContent(server, spaceId, (e) => e.replace('FAQ', 'Fourth line.', 'Fourth line, main.'));
    const conflicting = (await check(admin.token, spaceId, id)).body as {
      mergeable: boolean;
      conflicts: unknown[];
    };
    expect(conflicting.mergeable).toBe(false);
    expect(conflicting.conflicts).toHaveLength(1);
    editRequestContent(server, id, (e) => e.replace('FAQ', 'Fourth line, request.', 'Fourth line, main.'));
    expect((await check(admin.token, spaceId, id)).body).toEqual(clean);

    // The same check asked twice at once, then again: one merge computed (counted at the worker's door, on revisions
    // no check above has seen: the count's answers are kept like real ones).
    editMainContent(server, spaceId, (e) => e.replace('Intro', 'Second line.', 'Second line, main.'));
    let runs = 0;
    const counted = {
      store: server.store,
      jobs: {
        runner: {
          run: async () => {
            runs++;
            return { conflicts: [] };
          },
        },
      },
    } as unknown as Services;
    const main = spaceRevision(spaceId);
    await Promise.all([
      mergeConflicts(counted, requestRow(id), main),
      mergeConflicts(counted, requestRow(id), main),
    ]);
    await mergeConflicts(counted, requestRow(id), main);
    expect(runs).toBe(1);
    editRequestContent(server, id, (e) => e.replace('Intro', 'Fifth line.', 'Fifth line, request.'));
    await mergeConflicts(counted, requestRow(id), main);
    expect(runs).toBe(2);
  });

  it('answers not outdated and not mergeable for a merged request', async () => {
    const { admin, spaceId, request } = setup();
    const { id } = request();
    expectStatus(await merge(admin.token, spaceId, id), 200);
    editMainContent(server, spaceId, (e) => e.setBody('FAQ', 'later'));
    expect((await check(admin.token, spaceId, id)).body).toEqual({
      outdated: false,
      mergeable: false,
      conflicts: [],
      ...NO_RULES,
    });
  });
});

describe('GET /v1/orgs/{organizationId}/change-requests', () => {
  const list = (token: string, organizationId: string, query: Record<string, unknown> = {}) =>
    sendRaw(server, 'listChangeRequestsForOrganization', { params: { organizationId }, query, token });

  it('answers 401 without a valid token, 404 to a non-member, 400 naming a bad query parameter', async () => {
    const { admin, orgId, foreign } = setup();
    await expectUnauthorized(server, 'listChangeRequestsForOrganization', {
      params: { organizationId: orgId },
    });
    expectHidden(
      await list(admin.token, UNKNOWN_ID),
      UNKNOWN_ID,
      await list(admin.token, foreign.orgId),
      foreign.orgId,
    );
    expectError(await list(admin.token, orgId, { status: 'closed' }), 400, 'status');
    expectError(await list(admin.token, orgId, { limit: -1 }), 400, 'limit');
    expectError(await list(admin.token, orgId, { page: 'not-a-cursor' }), 400, 'page');
    expectError(await list(admin.token, orgId, { space: '' }), 400, 'space');
  });

  it('lists the requests of every visible space, newest first, by status and space, page by page', async () => {
    const { admin, member, orgId, spaceId } = setup();
    const other = server.buildSpace(orgId, { title: 'Other' }).id;
    const hidden = server.buildSpace(orgId, { title: 'Admins only', defaultLevel: null }).id;
    const trashed = server.buildSpace(orgId, { title: 'Trashed' }).id;
    const made: { id: string; space: string }[] = [];
    for (const space of [spaceId, other, hidden, trashed, spaceId, other, spaceId]) {
      server.clock.advance(60_000);
      made.push({ id: server.buildChangeRequest(space, admin.id).id, space });
    }
    server.buildChangeRequest(spaceId, admin.id, { status: 'draft' });
    server.db.run(
      server.db.q
        .updateTable('spaces')
        .set({ deleted_at: server.clock.now().toISOString() })
        .where('id', '=', trashed),
    );
    const newestFirst = (spaces: string[]) =>
      made
        .filter((r) => spaces.includes(r.space))
        .reverse()
        .map((r) => r.id);

    const pages = await allPages(async (page) => {
      const answer = await list(admin.token, orgId, { limit: 2, ...(page ? { page } : {}) });
      expectStatus(answer, 200);
      return answer.body as { items: ChangeRequest[]; count: number; next?: { page: string } };
    });
    expect(pages).toHaveLength(3);
    expect(pages[0]?.count).toBe(6);
    const items = pages.flatMap((p) => p.items);
    expect(items.map((r) => r.id)).toEqual(newestFirst([spaceId, other, hidden]));
    for (const item of items) expect(item.space).toBe(made.find((r) => r.id === item.id)?.space);

    const reader = await list(member('read').token, orgId);
    expect((reader.body as { items: ChangeRequest[] }).items.map((r) => r.id)).toEqual(
      newestFirst([spaceId, other]),
    );
    const guest = await list(member(null).token, orgId);
    expectStatus(guest, 200);
    expect(guest.body).toEqual({ items: [], count: 0 });

    const drafts = (await list(admin.token, orgId, { status: 'draft' })).body as { items: ChangeRequest[] };
    expect(drafts.items.map((r) => r.status)).toEqual(['draft']);
    const bySpace = (await list(admin.token, orgId, { space: other })).body as { items: ChangeRequest[] };
    expect(bySpace.items.map((r) => r.id)).toEqual(newestFirst([other]));
    expect(((await list(admin.token, orgId, { space: UNKNOWN_ID })).body as { count: number }).count).toBe(0);
  });

  it('presents merged requests and open comment counts', async () => {
    const { admin, orgId, spaceId, request } = setup();
    const { id } = request();
    const open = request();
    for (const resolved of [0, 0, 1] as const) {
      const at = server.clock.now().toISOString();
      server.db.run(
        server.db.q.insertInto('comments').values({
          id: `c${Math.random().toString(36).slice(2, 12)}`,
          space_id: spaceId,
          change_request_id: open.id,
          author_id: admin.id,
          body: 'A comment',
          target_page_id: null,
          target_node: null,
          resolved,
          resolved_at: resolved ? at : null,
          resolved_by: resolved ? admin.id : null,
          created_at: at,
          updated_at: at,
          edited_at: null,
        }),
      );
    }
    expectStatus(await merge(admin.token, spaceId, id), 200);
    const merged = (await list(admin.token, orgId, { status: 'merged' })).body as { items: ChangeRequest[] };
    expect(merged.items).toEqual([
      expect.objectContaining({ id, status: 'merged', mergedBy: expect.objectContaining({ id: admin.id }) }),
    ]);
    const opened = (await list(admin.token, orgId)).body as { items: ChangeRequest[] };
    expect(opened.items).toEqual([expect.objectContaining({ id: open.id, comments: 2, outdated: true })]);
  });
});
