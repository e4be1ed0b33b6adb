/** The demo change requests, read through the API: every status, outdated and conflicting ones, comment threads. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeRequest } from '../../shared/contract/resources/changeRequests.ts';
import { flattenPages, loadRevision } from '../domain/content/revisions.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { expectStatus, sendOperation } from '../test/http-helpers.ts';
import { DEMO_REVIEW_SPACE } from './demo-change-requests.ts';
import { seedDemo } from './demo.ts';

let server: TestServer;
let token: string;
let spaceId: string;

beforeAll(async () => {
  server = await startTestServer();
  token = seedDemo(server.db, server.clock.now())!.tokens[0]!.token;
  spaceId = server.db.first(
    server.db.q.selectFrom('spaces').select('id').where('title', '=', DEMO_REVIEW_SPACE),
  )!.id;
});
afterAll(async () => server.close());

async function call(
  name: Parameters<typeof sendOperation>[1],
  input: Parameters<typeof sendOperation>[2] = {},
) {
  const answer = await sendOperation(server, name, { token, ...input });
  expectStatus(answer, 200);
  return answer.body;
}

async function requests(status: string): Promise<ChangeRequest[]> {
  const body = (await call('listChangeRequestsForSpace', { params: { spaceId }, query: { status } })) as {
    items: ChangeRequest[];
  };
  return body.items;
}

async function bySubject(subject: string): Promise<ChangeRequest> {
  for (const status of ['open', 'draft', 'merged', 'archived']) {
    const found = (await requests(status)).find((request) => request.subject === subject);
    if (found) return found;
  }
  throw new Error(`no demo request "${subject}"`);
}

const check = async (subject: string) =>
  call('checkChangeRequestMerge', { params: { spaceId, changeRequestId: (await bySubject(subject)).id } });

describe('demo change requests', () => {
  it('has open, draft, merged and archived requests on one space', async () => {
    const subjects = async (status: string) =>
      (await requests(status)).map((request) => request.subject).sort();
    expect(await subjects('open')).toEqual([
      'Document rate limits',
      'Reword the introduction',
      'Rewrite the quickstart',
    ]);
    expect(await subjects('draft')).toEqual(['Glossary']);
    expect(await subjects('merged')).toEqual(['Fix typos in the FAQ']);
    expect(await subjects('archived')).toEqual(['Navigation experiment']);
  });

  it('merged the typo fixes through a real merge, by a reviewer', async () => {
    const merged = await bySubject('Fix typos in the FAQ');
    const space = (await call('getSpaceById', { params: { spaceId } })) as { revision: string };
    expect(merged.revisionMerged).toBe(space.revision);
    expect(merged.mergedBy?.displayName).toBe('Margaret Hamilton');
    expect(merged.mergedAt).toBeDefined();
    const revision = loadRevision(server.db, space.revision);
    expect(revision.type).toBe('merge');
    expect(revision.parents).toEqual([merged.revisionInitial, merged.revision]);
  });

  it('has an up-to-date clean request, an outdated clean one, and one that conflicts with main', async () => {
    expect(await check('Rewrite the quickstart')).toEqual({
      outdated: false,
      mergeable: true,
      conflicts: [],
      rules: [],
      canBypass: false,
    });
    expect(await check('Document rate limits')).toEqual({
      outdated: true,
      mergeable: true,
      conflicts: [],
      rules: [],
      canBypass: false,
    });
    const conflicting = (await check('Reword the introduction')) as {
      outdated: boolean;
      mergeable: boolean;
      conflicts: {
        page: { title: string };
        kind: string;
        base?: string;
        main?: string;
        changeRequest?: string;
      }[];
    };
    expect(conflicting).toMatchObject({ outdated: true, mergeable: false });
    expect(conflicting.conflicts).toHaveLength(1);
    const [found] = conflicting.conflicts;
    expect(found).toMatchObject({ page: { title: 'Introduction' }, kind: 'content' });
    expect(found?.base).toContain('This page covers introduction for the Acme platform.');
    expect(found?.main).toContain('This page introduces the Acme platform.');
    expect(found?.changeRequest).toContain('Start here: what the Acme platform is');
    const merge = await sendOperation(server, 'mergeChangeRequest', {
      token,
      params: { spaceId, changeRequestId: (await bySubject('Reword the introduction')).id },
    });
    expect(merge.status).toBe(409);
    expect(JSON.stringify(merge.body)).toContain('“Introduction”');
  });

  it('rewrites the quickstart with every kind of change, and comment threads', async () => {
    const request = await bySubject('Rewrite the quickstart');
    const space = (await call('getSpaceById', { params: { spaceId } })) as { revision: string };
    const paths = (revisionId: string) =>
      flattenPages(loadRevision(server.db, revisionId).tree.pages).map((placed) => placed.path);
    expect(paths(space.revision)).toEqual([
      'introduction',
      'key-concepts',
      'features',
      'features/editor',
      'features/search',
      'features/analytics',
      'faq',
    ]);
    expect(paths(request.revision)).toEqual([
      'introduction',
      'quickstart',
      'core-concepts',
      'features',
      'features/search',
      'features/editor',
      'faq',
    ]);
    expect(request.comments).toBe(2);
    const { db } = server;
    const comments = db.all(
      db.q.selectFrom('comments').selectAll().where('change_request_id', '=', request.id),
    );
    expect(comments.map((c) => c.resolved).sort()).toEqual([0, 0, 1]);
    expect(comments.reduce((sum, c) => sum + (c.replies ?? 0), 0)).toBe(3);
    const reactions = db.all(
      db.q
        .selectFrom('comment_reactions')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb(
              'comment_id',
              'in',
              comments.map((c) => c.id),
            ),
            eb(
              'reply_id',
              'in',
              db.q
                .selectFrom('comment_replies')
                .select('id')
                .where(
                  'comment_id',
                  'in',
                  comments.map((c) => c.id),
                ),
            ),
          ]),
        ),
    );
    expect(reactions.length).toBeGreaterThanOrEqual(4);
    expect(reactions.some((reaction) => reaction.reply_id !== null)).toBe(true);
  });

  it('lists the open requests in the organization inbox, and merges the clean ones', async () => {
    const orgId = server.db.first(
      server.db.q.selectFrom('spaces').select('organization_id').where('id', '=', spaceId),
    )!.organization_id;
    const inbox = (await call('listChangeRequestsForOrganization', {
      params: { organizationId: orgId },
    })) as {
      items: ChangeRequest[];
    };
    expect(inbox.items.map((request) => [request.subject, request.space])).toEqual(
      expect.arrayContaining([
        ['Rewrite the quickstart', spaceId],
        ['Document rate limits', spaceId],
        ['Reword the introduction', spaceId],
      ]),
    );
    for (const subject of ['Rewrite the quickstart', 'Document rate limits']) {
      await call('mergeChangeRequest', {
        params: { spaceId, changeRequestId: (await bySubject(subject)).id },
      });
    }
    const space = (await call('getSpaceById', { params: { spaceId } })) as { revision: string };
    expect(flattenPages(loadRevision(server.db, space.revision).tree.pages).map((p) => p.path)).toEqual([
      'introduction',
      'quickstart',
      'core-concepts',
      'rate-limits',
      'features',
      'features/search',
      'features/editor',
      'faq',
    ]);
  });
});
