import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

describe('smoke', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('lists the organizations of the caller', async () => {
    const owner = server.buildUser();
    const org = server.buildOrg(owner, { title: 'Acme' });
    const list = await owner.client.call('listOrganizationsForAuthenticatedUser');
    expect(list.items.map((o) => o.id)).toEqual([org.id]);
    expect(list.count).toBe(1);
    const team = await owner.client.call('createOrganizationTeam', {
      params: { organizationId: org.id },
      body: { title: 'Core' },
    });
    expect(team.title).toBe('Core');
    const members = await owner.client.call('listMembersInOrganizationById', {
      params: { organizationId: org.id },
    });
    expect(members.items).toHaveLength(1);
  });
});
