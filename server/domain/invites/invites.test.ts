/** Route tests: invite links of an organization (list, create, get, change role, revoke). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invite } from '../../../shared/contract/resources/organizations.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import {
  expectError,
  expectHidden,
  expectUnauthorized,
  NON_ADMIN_ROLES,
  orgWithInvites,
  roleName,
  ROLES_OR_GUEST,
  sendRequest,
  UNKNOWN_ID,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** Another organization, with an invite link, that the callers of a test do not belong to. */
async function foreignInvite(): Promise<{ id: string; inviteId: string }> {
  const { id, invites } = await orgWithInvites(server, ['read']);
  return { id, inviteId: invites[0]!.id };
}

const listAll = async (user: TestUser, organizationId: string) =>
  (
    await user.client.call('listOrganizationInviteLinks', {
      params: { organizationId },
      query: { limit: 1000 },
    })
  ).items;

describe('GET /v1/orgs/{organizationId}/link-invites (listOrganizationInviteLinks)', () => {
  it('401 without a token, with a malformed Authorization header, with an unknown token', async () => {
    const { id } = await orgWithInvites(server, ['read']);
    await expectUnauthorized(server, 'listOrganizationInviteLinks', { params: { organizationId: id } });
  });

  it('400 for `limit` -1, 1001 or not an integer, and for a bad page cursor, naming the parameter', async () => {
    const { owner, id } = await orgWithInvites(server, ['read']);
    const params = { organizationId: id };
    for (const limit of [-1, 1001]) {
      expectError(
        await owner.client.request('listOrganizationInviteLinks', { params, query: { limit } }),
        400,
        '`limit`',
      );
    }
    const path = `/v1/orgs/${id}/link-invites?limit=many`;
    expectError(await sendRequest(server, { method: 'GET', path, token: owner.token }), 400, '`limit`');
    for (const page of ['garbage', Buffer.from('["x"]').toString('base64url')]) {
      expectError(
        await owner.client.request('listOrganizationInviteLinks', { params, query: { page } }),
        400,
        'page',
      );
    }
  });

  for (const role of NON_ADMIN_ROLES) {
    it(`403 for a member with the role ${roleName(role)}`, async () => {
      const { id } = await orgWithInvites(server, ['read']);
      const member = server.buildMember(id, role);
      const answer = await member.client.request('listOrganizationInviteLinks', {
        params: { organizationId: id },
      });
      expectError(answer, 403, 'invite links');
    });
  }

  it('404 for an unknown organization and for one the caller is not a member of, with the same answer', async () => {
    const { owner } = await orgWithInvites(server);
    const foreign = await foreignInvite();
    expectHidden(
      await owner.client.request('listOrganizationInviteLinks', { params: { organizationId: UNKNOWN_ID } }),
      UNKNOWN_ID,
      await owner.client.request('listOrganizationInviteLinks', { params: { organizationId: foreign.id } }),
      foreign.id,
    );
  });

  it("lists this organization's links only, newest first, with their count", async () => {
    const { owner, id, invites } = await orgWithInvites(server, ['read', null]);
    server.clock.advance(1000);
    const newest = await owner.client.call('createOrganizationInvite', {
      params: { organizationId: id },
      body: { role: 'edit' },
    });
    await foreignInvite();
    const list = await owner.client.call('listOrganizationInviteLinks', { params: { organizationId: id } });
    expect(list.count).toBe(3);
    expect(list.next).toBeUndefined();
    expect(list.items[0]).toEqual(newest);
    expect(
      list.items
        .slice(1)
        .map((i) => i.id)
        .sort(),
    ).toEqual(invites.map((i) => i.id).sort());
    expect([...list.items].sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(
      [...invites, newest].sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
  });

  it('pages with limit 1 through `next.page`, visiting each link exactly once', async () => {
    const { owner, id, invites } = await orgWithInvites(server, ['admin', 'read', null, 'edit']);
    const seen: string[] = [];
    let page: string | undefined;
    do {
      const answer = await owner.client.call('listOrganizationInviteLinks', {
        params: { organizationId: id },
        query: page === undefined ? { limit: 1 } : { limit: 1, page },
      });
      expect(answer.items).toHaveLength(1);
      expect(answer.count).toBe(4);
      seen.push(answer.items[0]!.id);
      page = answer.next?.page;
    } while (page !== undefined && seen.length <= invites.length);
    expect(seen).toHaveLength(4);
    expect([...seen].sort()).toEqual(invites.map((i) => i.id).sort());
  });

  it('answers an empty list when there are no links', async () => {
    const { owner, id } = await orgWithInvites(server);
    expect(
      await owner.client.call('listOrganizationInviteLinks', { params: { organizationId: id } }),
    ).toEqual({
      items: [],
      count: 0,
    });
  });
});

describe('POST /v1/orgs/{organizationId}/link-invites (createOrganizationInvite)', () => {
  it('401 without a token, with a malformed Authorization header, with an unknown token', async () => {
    const { owner, id } = await orgWithInvites(server);
    await expectUnauthorized(server, 'createOrganizationInvite', {
      params: { organizationId: id },
      body: { role: 'read' },
    });
    expect(await listAll(owner, id)).toEqual([]);
  });

  describe('400 for a body that breaks the contract, naming the field, and nothing is created', () => {
    const cases: [string, unknown, string][] = [
      ['role missing', {}, '`role`'],
      ['role not a role', { role: 'owner' }, '`role`'],
      ['role not a string', { role: 1 }, '`role`'],
      ['an unknown field', { role: 'read', expires: 'never' }, '`expires`'],
      ['an array instead of an object', [{ role: 'read' }], 'body'],
      ['null instead of an object', null, 'body'],
    ];
    for (const [label, json, fragment] of cases) {
      it(label, async () => {
        const { owner, id } = await orgWithInvites(server);
        const path = `/v1/orgs/${id}/link-invites`;
        expectError(
          await sendRequest(server, { method: 'POST', path, token: owner.token, json }),
          400,
          fragment,
        );
        expect(await listAll(owner, id)).toEqual([]);
      });
    }

    it('malformed JSON, no body, an empty body', async () => {
      const { owner, id } = await orgWithInvites(server);
      const path = `/v1/orgs/${id}/link-invites`;
      expectError(
        await sendRequest(server, { method: 'POST', path, token: owner.token, text: '{"role":' }),
        400,
        'JSON',
      );
      expectError(await sendRequest(server, { method: 'POST', path, token: owner.token }), 400, 'body');
      expectError(
        await sendRequest(server, { method: 'POST', path, token: owner.token, text: '' }),
        400,
        'body',
      );
      expect(await listAll(owner, id)).toEqual([]);
    });
  });

  for (const role of NON_ADMIN_ROLES) {
    it(`403 for a member with the role ${roleName(role)}, and nothing is created`, async () => {
      const { owner, id } = await orgWithInvites(server);
      const member = server.buildMember(id, role);
      const answer = await member.client.request('createOrganizationInvite', {
        params: { organizationId: id },
        body: { role: 'admin' },
      });
      expectError(answer, 403, 'invite links');
      expect(await listAll(owner, id)).toEqual([]);
    });
  }

  it('404 for an unknown organization and for one the caller is not a member of, with the same answer', async () => {
    const { owner } = await orgWithInvites(server);
    const foreign = await orgWithInvites(server);
    const body = { role: 'admin' as const };
    expectHidden(
      await owner.client.request('createOrganizationInvite', {
        params: { organizationId: UNKNOWN_ID },
        body,
      }),
      UNKNOWN_ID,
      await owner.client.request('createOrganizationInvite', {
        params: { organizationId: foreign.id },
        body,
      }),
      foreign.id,
    );
    expect(await listAll(foreign.owner, foreign.id)).toEqual([]);
  });

  it('409 when invite links are turned off, naming `inviteLinks`; 201 again once they are on', async () => {
    const owner = server.buildUser();
    const { id } = server.buildOrg(owner, { inviteLinks: false });
    const params = { organizationId: id };
    expectError(
      await owner.client.request('createOrganizationInvite', { params, body: { role: 'read' } }),
      409,
      '`inviteLinks`',
    );
    expect(await listAll(owner, id)).toEqual([]);
    await owner.client.call('updateOrganizationById', { params, body: { inviteLinks: true } });
    expect(
      (await owner.client.request('createOrganizationInvite', { params, body: { role: 'read' } })).status,
    ).toBe(201);
    await owner.client.call('updateOrganizationById', { params, body: { inviteLinks: false } });
    expectError(
      await owner.client.request('createOrganizationInvite', { params, body: { role: 'read' } }),
      409,
      '`inviteLinks`',
    );
    expect(await listAll(owner, id)).toHaveLength(1);
  });

  for (const role of ROLES_OR_GUEST) {
    it(`201 with the role ${roleName(role)}, then found by get and list`, async () => {
      const { owner, id } = await orgWithInvites(server);
      const answer = await owner.client.request('createOrganizationInvite', {
        params: { organizationId: id },
        body: { role },
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({ object: 'invite', id: expect.any(String), role, redundant: true });
      const created = answer.body as Invite;
      const read = await owner.client.call('getOrganizationInviteLink', {
        params: { organizationId: id, inviteId: created.id },
      });
      expect(read).toEqual(created);
      expect(await listAll(owner, id)).toEqual([created]);
    });
  }

  it('writes an `invite.created` event', async () => {
    const { owner, id, invites } = await orgWithInvites(server, ['comment']);
    const events = server.db.all(
      server.db.q
        .selectFrom('events')
        .selectAll()
        .where('action', '=', 'invite.created')
        .where('organization_id', '=', id),
    );
    expect(events.map((e) => [e.actor_id, e.subject_id, JSON.parse(e.data)])).toEqual([
      [owner.id, invites[0]!.id, { role: 'comment' }],
    ]);
  });
});

describe('GET /v1/orgs/{organizationId}/link-invites/{inviteId} (getOrganizationInviteLink)', () => {
  it('401 without a token, with a malformed Authorization header, with an unknown token', async () => {
    const { id, invites } = await orgWithInvites(server, ['read']);
    await expectUnauthorized(server, 'getOrganizationInviteLink', {
      params: { organizationId: id, inviteId: invites[0]!.id },
    });
  });

  it('400 when the invite id is longer than an id may be, naming `inviteId`', async () => {
    const { owner, id } = await orgWithInvites(server);
    const answer = await owner.client.request('getOrganizationInviteLink', {
      params: { organizationId: id, inviteId: 'i'.repeat(257) },
    });
    expectError(answer, 400, '`inviteId`');
  });

  for (const role of NON_ADMIN_ROLES) {
    it(`403 for a member with the role ${roleName(role)}`, async () => {
      const { id, invites } = await orgWithInvites(server, ['read']);
      const member = server.buildMember(id, role);
      const answer = await member.client.request('getOrganizationInviteLink', {
        params: { organizationId: id, inviteId: invites[0]!.id },
      });
      expectError(answer, 403, 'invite links');
    });
  }

  it('404 for an unknown organization and for one the caller is not a member of, with the same answer', async () => {
    const { owner } = await orgWithInvites(server);
    const foreign = await foreignInvite();
    expectHidden(
      await owner.client.request('getOrganizationInviteLink', {
        params: { organizationId: UNKNOWN_ID, inviteId: foreign.inviteId },
      }),
      UNKNOWN_ID,
      await owner.client.request('getOrganizationInviteLink', {
        params: { organizationId: foreign.id, inviteId: foreign.inviteId },
      }),
      foreign.id,
    );
  });

  it("404 for an unknown invite and for another organization's invite, with the same answer", async () => {
    const { owner, id } = await orgWithInvites(server, ['read']);
    const foreign = await foreignInvite();
    expectHidden(
      await owner.client.request('getOrganizationInviteLink', {
        params: { organizationId: id, inviteId: UNKNOWN_ID },
      }),
      UNKNOWN_ID,
      await owner.client.request('getOrganizationInviteLink', {
        params: { organizationId: id, inviteId: foreign.inviteId },
      }),
      foreign.inviteId,
    );
  });

  it('answers the invite, `redundant` since an admin already has every right an invite grants', async () => {
    const { owner, id, invites } = await orgWithInvites(server, ROLES_OR_GUEST.slice());
    for (const invite of invites) {
      const read = await owner.client.call('getOrganizationInviteLink', {
        params: { organizationId: id, inviteId: invite.id },
      });
      expect(read).toEqual({ object: 'invite', id: invite.id, role: invite.role, redundant: true });
    }
  });
});
