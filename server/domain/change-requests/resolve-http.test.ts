/**
 * Conflicts resolved the app's way, through GitBook's operations only (`shared/conflicts/resolution.ts`): for each
 * kind of conflict and each side, the three calls (content write, update from main, content write) leave a request
 * whose merge check is clean, and whose merge gives the content decided.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Static } from '@sinclair/typebox';
import type { ChangeRequestMergeCheck } from '../../../shared/contract/resources/changeRequests.ts';
import type { Page } from '../../../shared/contract/resources/revisions.ts';
import {
  conflictKey,
  pagesToReinsert,
  planResolution,
  type ConflictChoice,
} from '../../../shared/conflicts/resolution.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import {
  buildContentOrg,
  call,
  contentOf,
  editMainContent,
  editRequestContent,
  expectStatus,
  requestRow,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

type Check = Static<typeof ChangeRequestMergeCheck>;
const body = (title: string) => `# ${title}\n\nOne.\nTwo.\nThree.\n`;

/** A space of Intro, Guide (with Setup), FAQ and a request by its admin. */
function arrange() {
  const { admin, orgId } = buildContentOrg(server);
  const { id: spaceId } = server.buildSpace(orgId, {
    pages: [
      { title: 'Intro', markdown: body('Intro') },
      { title: 'Guide', markdown: body('Guide'), pages: [{ title: 'Setup', markdown: body('Setup') }] },
      { title: 'FAQ', markdown: body('FAQ') },
    ],
  });
  const { id } = server.buildChangeRequest(spaceId, admin.id, { subject: 'Conflicting' });
  return { admin, spaceId, id, params: { spaceId, changeRequestId: id } };
}

/** Resolves every conflict of the request with `choose`, through the API, and answers the merge check after. */
async function resolve(
  token: string,
  params: { spaceId: string; changeRequestId: string },
  choose: (kind: string, title: string) => ConflictChoice,
): Promise<{ before: Check; after: Check }> {
  const before = (await call(server, 'checkChangeRequestMerge', token, { params })).body as Check;
  const request = requestRow(server, params.changeRequestId);
  const space = server.db.first(
    server.db.q.selectFrom('spaces').selectAll().where('id', '=', params.spaceId),
  )!;
  const pagesOf = async (revisionId: string) =>
    (
      (
        await call(server, 'listPagesInRevisionById', token, {
          params: { spaceId: params.spaceId, revisionId },
        })
      ).body as { pages: Page[] }
    ).pages;
  const trees = {
    base: await pagesOf(request.revision_merged_ancestor ?? request.revision_initial),
    main: await pagesOf(space.revision_id),
    head: await pagesOf(request.revision_id),
  };
  const choices = new Map(before.conflicts.map((c) => [conflictKey(c), choose(c.kind, c.page.title)]));
  const headBodies = new Map<string, string>();
  for (const pageId of pagesToReinsert({ conflicts: before.conflicts, choices, ...trees })) {
    const page = await call(server, 'getPageInChangeRequestById', token, {
      params: { ...params, pageId },
      query: { format: 'markdown' },
    });
    headBodies.set(pageId, (page.body as Page).markdown ?? '');
  }
  const plan = planResolution({ conflicts: before.conflicts, choices, ...trees, headBodies });
  for (const changes of plan.first)
    expectStatus(await call(server, 'updateChangeRequestContent', token, { params, body: { changes } }), 200);
  expectStatus(await call(server, 'updateChangeRequest', token, { params }), 200);
  for (const changes of plan.then)
    expectStatus(await call(server, 'updateChangeRequestContent', token, { params, body: { changes } }), 200);
  const after = (await call(server, 'checkChangeRequestMerge', token, { params })).body as Check;
  return { before, after };
}

/** Merges and answers the space's content as `path: markdown`. */
async function mergedContent(token: string, params: { spaceId: string; changeRequestId: string }) {
  expectStatus(await call(server, 'mergeChangeRequest', token, { params }), 200);
  const space = server.db.first(
    server.db.q.selectFrom('spaces').selectAll().where('id', '=', params.spaceId),
  )!;
  return contentOf(server, space.revision_id);
}

describe('content conflicts', () => {
  it("takes main's side, the request's side and a hand-edited text, one page each, then merges", async () => {
    const { admin, spaceId, id, params } = arrange();
    editRequestContent(server, id, (e) => {
      for (const title of ['Intro', 'Guide', 'FAQ']) e.replace(title, 'Two.', `Two, request ${title}.`);
    });
    editMainContent(server, spaceId, (e) => {
      for (const title of ['Intro', 'Guide', 'FAQ']) e.replace(title, 'Two.', `Two, main ${title}.`);
    });
    const { before, after } = await resolve(admin.token, params, (_kind, title) =>
      title === 'Intro'
        ? { side: 'main' }
        : title === 'Guide'
          ? { side: 'changeRequest' }
          : { side: 'edited', markdown: '# FAQ\n\nBy hand.\n' },
    );
    expect(before.conflicts.map((c) => [c.kind, c.page.title])).toEqual([
      ['content', 'Intro'],
      ['content', 'Guide'],
      ['content', 'FAQ'],
    ]);
    expect(after).toMatchObject({ outdated: false, mergeable: true, conflicts: [] });
    expect(await mergedContent(admin.token, params)).toMatchObject({
      intro: body('Intro').replace('Two.', 'Two, main Intro.'),
      guide: body('Guide').replace('Two.', 'Two, request Guide.'),
      faq: '# FAQ\n\nBy hand.\n',
    });
  });
});

describe('metadata, structure and edited-deleted conflicts', () => {
  it.each([['main'], ['changeRequest']] as const)(
    'resolves a page each side deleted while the other edited it, for the %s side',
    async (side) => {
      const { admin, spaceId, id, params } = arrange();
      editRequestContent(server, id, (e) => {
        e.replace('Setup', 'Two.', 'Two, request.');
        e.remove('Intro');
      });
      editMainContent(server, spaceId, (e) => {
        e.replace('Intro', 'Two.', 'Two, main.');
        e.remove('Guide');
      });
      const { before, after } = await resolve(admin.token, params, () => ({ side }));
      expect(before.conflicts.map((c) => [c.kind, c.page.title]).sort()).toEqual([
        ['edited-deleted', 'Intro'],
        ['edited-deleted', 'Setup'],
      ]);
      expect(after).toMatchObject({ outdated: false, mergeable: true, conflicts: [] });
      const content = await mergedContent(admin.token, params);
      expect(content).toEqual(
        side === 'main'
          ? { intro: body('Intro').replace('Two.', 'Two, main.'), faq: body('FAQ') }
          : { faq: body('FAQ'), setup: body('Setup').replace('Two.', 'Two, request.') },
      );
    },
  );

  it.each([['main'], ['changeRequest']] as const)(
    'resolves a field and a move for the %s side',
    async (side) => {
      const { admin, spaceId, id, params } = arrange();
      editRequestContent(server, id, (e) => {
        e.page('Intro').emoji = '🚀';
        e.move('FAQ', 'Guide', 1);
        e.page('FAQ').title = 'Questions';
      });
      editMainContent(server, spaceId, (e) => {
        e.page('Intro').emoji = '📘';
        e.move('FAQ', null, 0);
        e.page('FAQ').title = 'Answers';
      });
      const { before, after } = await resolve(admin.token, params, () => ({ side }));
      expect(before.conflicts.map((c) => c.kind).sort()).toEqual(['metadata', 'metadata', 'structure']);
      expect(after).toMatchObject({ outdated: false, mergeable: true, conflicts: [] });
      expectStatus(await call(server, 'mergeChangeRequest', admin.token, { params }), 200);
      const space = server.db.first(server.db.q.selectFrom('spaces').selectAll().where('id', '=', spaceId))!;
      const tree = (
        (
          await call(server, 'listPagesInRevisionById', admin.token, {
            params: { spaceId, revisionId: space.revision_id },
          })
        ).body as { pages: Page[] }
      ).pages;
      const intro = tree.find((page) => page.title === 'Intro');
      const faqAtTop = tree.some((page) => page.title === (side === 'main' ? 'Answers' : 'Questions'));
      expect(intro?.emoji).toBe(side === 'main' ? '📘' : '🚀');
      expect(faqAtTop).toBe(side === 'main');
    },
  );
});
