import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentReferenceUsage, LinkReport } from '../../../shared/contract/resources/links.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import {
  expectError,
  expectHidden,
  expectStatus,
  expectUnauthorized,
  sendOperation,
  UNKNOWN_ID,
} from '../../test/http-helpers.ts';
import { allPages } from '../../test/factories.ts';
import { createSpaceRecord, type NewSpace } from '../spaces/records.ts';
import type { PageInput } from './revisions.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Three pages linking to each other, to files, to URLs and to things that do not exist. */
const PAGES: PageInput[] = [
  {
    title: 'Introduction',
    markdown: [
      '# Welcome',
      'Start with [installing](getting-started/install.md) and read the [FAQ](faq.md).',
      '![Architecture](.gitbook/assets/architecture.png)',
      '![Missing](.gitbook/assets/missing.png)',
      'Questions: <mailto:help@example.com>. Source on [GitHub](https://github.com/acme/docs).',
      '```md',
      '[example only](not-a-real-page.md)',
      '```',
    ].join('\n'),
  },
  {
    title: 'Getting started',
    markdown: 'Pick [a step](install.md).',
    pages: [
      {
        title: 'Install',
        markdown: [
          'Back to the [introduction](../introduction.md), then [configure](configure.md#proxy).',
          'See also [the removed page][old] and the [app](https://app.gitbook.com/o/acme/s/docs).',
          '',
          '[old]: ../removed-page.md',
        ].join('\n'),
      },
      {
        title: 'Configure',
        markdown: 'Undo with [uninstall](uninstall.md). [GitHub](https://github.com/acme/docs)',
      },
    ],
  },
];

function buildSpace(orgId: string, options: Partial<NewSpace> = {}): string {
  return createSpaceRecord(server.db, server.clock.now(), {
    organizationId: orgId,
    parentId: null,
    title: 'Handbook',
    pages: PAGES,
    files: [{ name: 'architecture.png', contentType: 'image/png', data: PNG }],
    actorId: null,
    ...options,
  });
}

function buildOrgWithSpace(): { admin: TestUser; orgId: string; spaceId: string } {
  const admin = server.buildUser({ name: 'Ada Admin' });
  const { id: orgId } = server.buildOrg(admin);
  return { admin, orgId, spaceId: buildSpace(orgId) };
}

async function report(
  user: TestUser,
  spaceId: string,
  query: Record<string, unknown> = {},
): Promise<LinkReport> {
  const answer = await sendOperation(server, 'listSpaceLinks', {
    token: user.token,
    params: { spaceId },
    query,
  });
  expectStatus(answer, 200);
  return answer.body as LinkReport;
}

/** The contract types embedded pages and files as `{ id }` plus anything: read the fields the report sends. */
const field = (embedded: { id: string } | undefined, name: 'title' | 'name') =>
  (embedded as Record<string, unknown> | undefined)?.[name] as string | undefined;

const summary = (usage: ContentReferenceUsage) => ({
  status: usage.status,
  kind: usage.targetReference?.kind,
  target:
    field(usage.targetReference?.page, 'title') ??
    field(usage.targetReference?.file, 'name') ??
    usage.targetReference?.url,
  from: usage.locationReferences.map((location) => field(location.page, 'title')),
});

describe('GET /v1/spaces/{spaceId}/links', () => {
  it('answers 401 without a valid token', async () => {
    const { spaceId } = buildOrgWithSpace();
    await expectUnauthorized(server, 'listSpaceLinks', { params: { spaceId } });
  });

  it('answers the same 404 for an unknown space and another organization’s space', async () => {
    const { admin } = buildOrgWithSpace();
    const foreign = buildOrgWithSpace();
    const unknown = await sendOperation(server, 'listSpaceLinks', {
      token: admin.token,
      params: { spaceId: UNKNOWN_ID },
    });
    const other = await sendOperation(server, 'listSpaceLinks', {
      token: admin.token,
      params: { spaceId: foreign.spaceId },
    });
    expectHidden(unknown, UNKNOWN_ID, other, foreign.spaceId);
  });

  it('answers 404 for a space the caller has no access to, and for a space in the trash', async () => {
    const { orgId, admin } = buildOrgWithSpace();
    const reader = server.buildMember(orgId, 'read');
    const closed = buildSpace(orgId, { title: 'Closed', defaultLevel: null });
    expectError(
      await sendOperation(server, 'listSpaceLinks', { token: reader.token, params: { spaceId: closed } }),
      404,
      closed,
    );
    const guest = server.buildMember(orgId, null);
    const open = buildSpace(orgId, { title: 'Open' });
    expectError(
      await sendOperation(server, 'listSpaceLinks', { token: guest.token, params: { spaceId: open } }),
      404,
    );
    server.db.run(
      server.db.q
        .updateTable('spaces')
        .set({ deleted_at: server.clock.now().toISOString() })
        .where('id', '=', open),
    );
    expectError(
      await sendOperation(server, 'listSpaceLinks', { token: admin.token, params: { spaceId: open } }),
      404,
      'trash',
    );
  });

  it('answers 400 naming the query parameter that breaks a rule', async () => {
    const { admin, spaceId } = buildOrgWithSpace();
    const bad: [Record<string, unknown>, string][] = [
      [{ status: 'dead' }, 'status'],
      [{ status: '' }, 'status'],
      [{ limit: -1 }, 'limit'],
      [{ limit: 1001 }, 'limit'],
      [{ page: 'garbage' }, 'page'],
      [{ page: Buffer.from(JSON.stringify(['a', 'b', 'c'])).toString('base64url') }, 'page'],
      [{ page: Buffer.from(JSON.stringify([0, 1])).toString('base64url') }, 'page'],
    ];
    for (const [query, field] of bad) {
      const answer = await sendOperation(server, 'listSpaceLinks', {
        token: admin.token,
        params: { spaceId },
        query,
      });
      expectError(answer, 400, field);
    }
  });

  it('lets a reader see every link of the space, classified and grouped by target, broken ones first', async () => {
    const { orgId, spaceId } = buildOrgWithSpace();
    const reader = server.buildMember(orgId, 'read');
    const answer = await report(reader, spaceId);
    expect(answer.items.map(summary)).toEqual([
      { status: 'broken', kind: 'page', target: '../removed-page.md', from: ['Install'] },
      { status: 'broken', kind: 'file', target: '.gitbook/assets/missing.png', from: ['Introduction'] },
      { status: 'broken', kind: 'page', target: 'faq.md', from: ['Introduction'] },
      { status: 'broken', kind: 'page', target: 'uninstall.md', from: ['Configure'] },
      { status: 'ok', kind: 'file', target: 'architecture.png', from: ['Introduction'] },
      { status: 'ok', kind: 'page', target: 'Configure', from: ['Install'] },
      { status: 'ok', kind: 'page', target: 'Install', from: ['Introduction', 'Getting started'] },
      { status: 'in-app', kind: 'url', target: 'https://app.gitbook.com/o/acme/s/docs', from: ['Install'] },
      {
        status: 'ok',
        kind: 'url',
        target: 'https://github.com/acme/docs',
        from: ['Introduction', 'Configure'],
      },
      { status: 'ok', kind: 'page', target: 'Introduction', from: ['Install'] },
      { status: 'ok', kind: 'url', target: 'mailto:help@example.com', from: ['Introduction'] },
    ]);
    expect(answer.count).toBe(11);
    expect(answer.stats).toEqual({ total: 11, broken: { total: 4 } });
    const configure = answer.items.find(
      (usage) => field(usage.targetReference?.page, 'title') === 'Configure',
    );
    expect(configure?.targetReference?.internalLocation).toEqual({ type: 'anchor', anchor: 'proxy' });
    const location = answer.items[0]!.locationReferences[0]!;
    expect(location).toMatchObject({
      kind: 'page',
      page: { title: 'Install', path: 'getting-started/install' },
      space: { id: spaceId },
    });
    expect(location.space?.permissions.edit).toBe(false);
  });

  it('reports a link to this server as in-app', async () => {
    const { admin, orgId } = buildOrgWithSpace();
    const spaceId = buildSpace(orgId, {
      pages: [
        {
          title: 'Home',
          markdown: `[the space](${server.baseUrl}/s/abc/) and [elsewhere](https://example.com)`,
        },
      ],
    });
    const answer = await report(admin, spaceId);
    expect(answer.items.map((usage) => [usage.status, usage.targetReference?.url])).toEqual([
      ['in-app', `${server.baseUrl}/s/abc/`],
      ['ok', 'https://example.com'],
    ]);
  });

  it('filters by status, with stats over the whole space', async () => {
    const { admin, spaceId } = buildOrgWithSpace();
    const broken = await report(admin, spaceId, { status: 'broken' });
    expect(broken.items.map((usage) => usage.status)).toEqual(['broken', 'broken', 'broken', 'broken']);
    expect(broken.count).toBe(4);
    expect(broken.stats).toEqual({ total: 11, broken: { total: 4 } });
    const inApp = await report(admin, spaceId, { status: 'in-app' });
    expect(inApp.items.map((usage) => usage.targetReference?.url)).toEqual([
      'https://app.gitbook.com/o/acme/s/docs',
    ]);
    expect(inApp.stats.total).toBe(11);
  });

  it('walks every item exactly once, page by page, with whole-space stats on each page', async () => {
    const { admin, spaceId } = buildOrgWithSpace();
    const whole = await report(admin, spaceId);
    for (const limit of [1, 3, 4]) {
      const pages = await allPages((page) => report(admin, spaceId, { limit, ...(page ? { page } : {}) }));
      expect(pages.flatMap((page) => page.items)).toEqual(whole.items);
      expect(pages.length).toBe(Math.ceil(11 / limit));
      for (const page of pages) {
        expect(page.count).toBe(11);
        expect((page as LinkReport).stats).toEqual(whole.stats);
      }
    }
    const brokenPages = await allPages((page) =>
      report(admin, spaceId, { status: 'broken', limit: 3, ...(page ? { page } : {}) }),
    );
    expect(brokenPages.flatMap((page) => page.items).map((usage) => usage.status)).toEqual(
      Array(4).fill('broken'),
    );
  });

  it('answers an empty report for a space without links', async () => {
    const { admin, orgId } = buildOrgWithSpace();
    const spaceId = buildSpace(orgId, { pages: [{ title: 'Empty' }], files: [] });
    expect(await report(admin, spaceId)).toEqual({
      items: [],
      count: 0,
      stats: { total: 0, broken: { total: 0 } },
    });
    // A cursor of another list is refused even when there is nothing to page through.
    const badCursor = Buffer.from(JSON.stringify(['a', 'b', 'c'])).toString('base64url');
    expectError(
      await sendOperation(server, 'listSpaceLinks', {
        token: admin.token,
        params: { spaceId },
        query: { page: badCursor },
      }),
      400,
      'page',
    );
  });
});
