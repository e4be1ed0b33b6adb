/**
 * Writes of a site's structure at the same time, over HTTP, now that they run in async transactions of the store:
 * no request fails (a synchronous statement of another request would meet the fence while a transaction is open),
 * and each write reads the sort keys and paths it writes from in its transaction, so sections moved or added
 * together each get a key and a path of their own, and reads sent with them see a whole structure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelined, type Answer } from '../../test/http-helpers.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildStructureOrg, siteParams } from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const statuses = (answers: readonly Answer[]) => answers.map((answer) => answer.status);

/** The site's top-level sections (outside groups), in key order. */
function topSections(siteId: string) {
  return server.db.all(
    server.db.q
      .selectFrom('site_sections')
      .select(['id', 'sort_key', 'path'])
      .where('site_id', '=', siteId)
      .where('group_id', 'is', null)
      .orderBy('sort_key'),
  );
}

describe('site structure writes at the same time', () => {
  it('moves 10 sections after one section together, with 10 reads: every key distinct, every answer 200', async () => {
    const { admin, orgId, siteId, sections, space } = buildStructureOrg(server);
    const params = siteParams(orgId, siteId);
    const added: string[] = [];
    for (let index = 0; index < 10; index++) {
      const section = await admin.client.call('addSectionToSite', {
        params,
        body: { spaceId: space(`Moved ${index}`) },
      });
      added.push(section.id);
    }
    const moves = added.map((siteSectionId) =>
      admin.client.request('moveSiteSection', {
        params: { ...params, siteSectionId },
        body: { position: { after: { type: 'site-section', siteSection: sections.first } } },
      }),
    );
    const reads = added.map(() => admin.client.request('getSiteStructure', { params }));
    const [moved, read] = await Promise.all([Promise.all(moves), Promise.all(reads)]);
    expect(statuses(moved)).toEqual(added.map(() => 200));
    expect(statuses(read)).toEqual(added.map(() => 200));
    // Every read saw the whole structure: the two top-level sections of the factory, the group and the 10 added.
    for (const answer of read) expect((answer.body as { structure: unknown[] }).structure).toHaveLength(13);

    const rows = topSections(siteId);
    expect(new Set(rows.map((row) => row.sort_key)).size).toBe(rows.length);
    expect(rows.map((row) => row.id)).toEqual([
      sections.first,
      ...rows.slice(1, 11).map((row) => row.id),
      sections.second,
    ]);
    expect(
      rows
        .slice(1, 11)
        .map((row) => row.id)
        .sort(),
    ).toEqual([...added].sort());
  });

  it('adds 10 sections of one space together: 10 paths, 10 keys, one event each', async () => {
    const { admin, orgId, siteId, space } = buildStructureOrg(server);
    const params = siteParams(orgId, siteId);
    const spaceId = space('Same title');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        admin.client.request('addSectionToSite', { params, body: { spaceId } }),
      ),
    );
    expect(statuses(answers)).toEqual(answers.map(() => 201));
    const rows = topSections(siteId);
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((row) => row.sort_key)).size).toBe(12);
    const paths = rows.map((row) => row.path).filter((path) => path.startsWith('same-title'));
    expect(new Set(paths).size).toBe(10);
    const events = server.db.all(
      server.db.q
        .selectFrom('events')
        .select('subject_id')
        .where('organization_id', '=', orgId)
        .where('action', '=', 'site.section.created'),
    );
    expect(events).toHaveLength(10);
  });

  it('answers moves and reads pipelined on one connection (parsed together, handled in turn)', async () => {
    const { admin, orgId, siteId, sections } = buildStructureOrg(server);
    const base = `/v1/orgs/${orgId}/sites/${siteId}`;
    const headers = `Host: test\r\nAuthorization: Bearer ${admin.token}\r\n`;
    const requests = Array.from({ length: 10 }, (_, index) => {
      const [moved, anchor] =
        index % 2 === 0 ? [sections.second, sections.first] : [sections.first, sections.second];
      const body = JSON.stringify({ position: { after: { type: 'site-section', siteSection: anchor } } });
      return [
        `POST ${base}/sections/${moved}/move HTTP/1.1\r\n${headers}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
        `GET ${base}/structure HTTP/1.1\r\n${headers}\r\n`,
      ];
    }).flat();
    expect(await pipelined(server.baseUrl, requests)).toEqual(requests.map(() => 200));
    // The last move put the first section after the second. On PostgreSQL the moves run at once, and the ones that
    // collide run again after a random pause (store/postgres-store.ts): either move may be the last.
    const order = topSections(siteId).map((row) => row.id);
    if (server.dialect === 'sqlite') expect(order).toEqual([sections.second, sections.first]);
    else expect([...order].sort()).toEqual([sections.first, sections.second].sort());
  });
});
