/**
 * Custom field writes at the same time, over HTTP, now that they run in async transactions of the store: no request
 * fails with a 5xx, one name sent many times at once is created once (409 for the others), and option changes sent
 * with value writes leave every space holding only choices the field still offers (each write reads the field in
 * its transaction, so a value checked against options a change then drops is dropped by that change).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminOrg } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const statuses = (answers: readonly { status: number }[]) => answers.map((answer) => answer.status).sort();

describe('custom field writes at the same time', () => {
  it('creates a name sent 10 times at once once, and answers the others 409', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const params = { organizationId: orgId };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        admin.client.request('createOrganizationCustomField', {
          params,
          body: { name: 'once', type: 'text' },
        }),
      ),
    );
    expect(statuses(answers)).toEqual([201, ...Array.from({ length: 9 }, () => 409)]);
    const list = await admin.client.call('listOrganizationCustomFields', { params });
    expect(list.items.map((field) => field.name)).toEqual(['once']);
  });

  it('answers option changes, value writes and reads sent together; values end within the last options', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const params = { organizationId: orgId, fieldName: 'labels' };
    await admin.client.call('createOrganizationCustomField', {
      params: { organizationId: orgId },
      body: { name: 'labels', type: 'select:multi', options: ['a', 'b', 'c', 'd'] },
    });
    const spaces = Array.from({ length: 5 }, () => server.buildSpace(orgId).id);
    const optionSets = [
      ['a', 'b', 'c'],
      ['a', 'b', 'd'],
      ['a', 'c', 'd'],
      ['b', 'c', 'd'],
    ];
    const changes = optionSets.map((options) =>
      admin.client.request('updateOrganizationCustomField', { params, body: { options } }),
    );
    const writes = spaces.flatMap((spaceId) =>
      optionSets.map((options) =>
        admin.client.request('updateSpaceCustomFields', {
          params: { spaceId },
          body: { values: { labels: { value: options.slice(0, 2) } } },
        }),
      ),
    );
    const reads = spaces.map((spaceId) =>
      admin.client.request('getSpaceCustomFields', { params: { spaceId } }),
    );
    const [changed, written, read] = await Promise.all([
      Promise.all(changes),
      Promise.all(writes),
      Promise.all(reads),
    ]);
    expect(statuses(changed)).toEqual(changes.map(() => 200));
    expect(statuses(read)).toEqual(reads.map(() => 200));
    // A value naming a choice an earlier change dropped is refused 400; none fails otherwise.
    for (const answer of written) expect([204, 400]).toContain(answer.status);

    const field = await admin.client.call('getOrganizationCustomFieldByName', { params });
    const offered = field.options ?? [];
    for (const spaceId of spaces) {
      const values = await admin.client.call('getSpaceCustomFields', { params: { spaceId } });
      for (const entry of values) {
        if (entry.value === undefined) continue;
        expect(Array.isArray(entry.value)).toBe(true);
        for (const choice of entry.value as string[]) expect(offered).toContain(choice);
      }
    }
  });
});
