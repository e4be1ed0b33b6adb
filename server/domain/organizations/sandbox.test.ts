/**
 * `createOrganization` (extension): only the sandbox's own user (a token the sandbox minted) creates an
 * organization; 401 without a token, 403 for any other token, 400 naming the field, 409 past the bound; the new
 * organization is read back and its creation is in its audit log. Over HTTP, on a real server and a temp database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_ORGANIZATIONS_MAX } from '../../../shared/contract/operations/sandbox.ts';
import type { Organization } from '../../../shared/contract/resources/organizations.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { send } from '../../test/http-helpers.ts';
import { allEvents } from '../../test/factories.ts';
import { addMember, createOrganization, issueToken } from './commands.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** A user with a token the sandbox minted (as server/cli.ts mints it for the app, or for the command line). */
function sandboxUser(label: 'sandbox' | 'sandbox-cli' = 'sandbox') {
  const user = server.buildUser();
  const token = issueToken(server.db, server.clock.now(), user.id, label);
  return { ...user, token, client: server.client(token) };
}

const create = (token: string | undefined, body: unknown) =>
  send(server.baseUrl, 'POST', '/v1/orgs', { ...(token !== undefined ? { token } : {}), body });

describe('createOrganization', () => {
  it('answers 401 without a token', async () => {
    const answer = await create(undefined, { title: 'Copy' });
    expect(answer.status).toBe(401);
  });

  it('answers 403 to a token the sandbox did not mint, even its user’s, and creates nothing', async () => {
    const owner = sandboxUser();
    const other = server.buildUser();
    const before = server.db.all(server.db.q.selectFrom('organizations').select('id')).length;
    for (const token of [other.token, issueToken(server.db, server.clock.now(), owner.id, 'cli')]) {
      const answer = await create(token, { title: 'Copy' });
      expect(answer.status).toBe(403);
      expect(JSON.stringify(answer.body)).toContain('sandbox');
    }
    expect(server.db.all(server.db.q.selectFrom('organizations').select('id'))).toHaveLength(before);
  });

  it('answers 400 naming the field', async () => {
    const { token } = sandboxUser();
    const cases: [unknown, string][] = [
      [{}, 'title'],
      [{ title: 'x' }, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(256) }, 'title'],
      [{ title: 'Copy', owner: 'someone' }, 'owner'],
    ];
    for (const [body, field] of cases) {
      const answer = await create(token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.body), JSON.stringify(body)).toContain(field);
    }
  });

  it('creates an empty organization, its caller its only admin, read back and audited', async () => {
    for (const label of ['sandbox', 'sandbox-cli'] as const) {
      const user = sandboxUser(label);
      const answer = await create(user.token, { title: '  Acme (rehearsal)  ' });
      expect(answer.status).toBe(201);
      const created = answer.body as Organization;
      expect(created).toMatchObject({ object: 'organization', title: 'Acme (rehearsal)' });
      const read = await user.client.call('getOrganizationById', { params: { organizationId: created.id } });
      expect(read).toMatchObject({ id: created.id, title: 'Acme (rehearsal)' });
      const members = await user.client.call('listMembersInOrganizationById', {
        params: { organizationId: created.id },
        query: {},
      });
      expect(members.items.map((member) => [member.user.id, member.role])).toEqual([[user.id, 'admin']]);
      const events = await allEvents(server, user, created.id);
      expect(events).toEqual([
        expect.objectContaining({
          action: 'organization.created',
          actor: expect.objectContaining({ id: user.id }),
          target: expect.objectContaining({ type: 'organization', id: created.id }),
        }),
      ]);
    }
  });

  it(`answers 409 once its user belongs to ${SANDBOX_ORGANIZATIONS_MAX} organizations`, async () => {
    const user = sandboxUser();
    const now = server.clock.now();
    const first = createOrganization(server.db, now, { title: 'First', ownerId: user.id });
    for (let index = 1; index < SANDBOX_ORGANIZATIONS_MAX; index++) {
      const other = createOrganization(server.db, now, {
        title: `Org ${index}`,
        ownerId: server.buildUser().id,
      });
      addMember(server.db, now, other.id, user.id, 'read');
    }
    const answer = await create(user.token, { title: 'One too many' });
    expect(answer.status).toBe(409);
    expect(first.id).toBeDefined();
  });
});
