/**
 * Translation settings written at the same time, over HTTP, now that the writes run in async transactions of the
 * store: no request fails with a 5xx, and a PUT without `languages` keeps the list it reads in its transaction, so
 * renames sent together with one change of languages never put the former list back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminOrg } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('translation settings written at the same time', () => {
  it('answers 20 renames, one change of languages, creates and reads sent together; the languages stay changed', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const reader = server.buildMember(orgId, 'read');
    const organizationId = orgId;
    const { id } = await admin.client.call('createTranslation', {
      params: { organizationId },
      body: { title: 'Start', languages: ['fr'] },
    });
    const params = { organizationId, translationSettingsId: id };
    const renames = Array.from({ length: 20 }, (_, index) =>
      admin.client.request('updateTranslation', { params, body: { title: `Title ${index}` } }),
    );
    const change = admin.client.request('updateTranslation', {
      params,
      body: { title: 'Languages', languages: ['es', 'it'] },
    });
    const creates = Array.from({ length: 5 }, (_, index) =>
      admin.client.request('createTranslation', {
        params: { organizationId },
        body: { title: `New ${index}` },
      }),
    );
    const reads = Array.from({ length: 10 }, () => reader.client.request('getTranslation', { params }));
    const answers = await Promise.all([...renames, change, ...creates, ...reads]);
    expect(answers.map((answer) => answer.status)).toEqual([
      ...renames.map(() => 200),
      200,
      ...creates.map(() => 201),
      ...reads.map(() => 200),
    ]);
    const final = await admin.client.call('getTranslation', { params });
    expect(final.languages).toEqual(['es', 'it']);
    const list = await admin.client.call('listTranslations', { params: { organizationId } });
    expect(list.count).toBe(6);
  });
});
