/** Route tests: inviting users by email (POST /v1/orgs/{organizationId}/invites). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from '../../../shared/contract/resources/members.ts';
import { issueToken } from '../organizations/commands.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import {
  expectError,
  expectHidden,
  expectUnauthorized,
  NON_ADMIN_ROLES,
  roleName,
  sendRequest,
  UNKNOWN_ID,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

let counter = 0;
/** An address no other test uses. */
const fresh = (name: string) => `${name}.${++counter}@invited.test`;

async function freshOrg(): Promise<{ owner: TestUser; id: string }> {
  const owner = server.buildUser();
  return { owner, id: server.buildOrg(owner).id };
}

/** Every member of the organization by email, as its admin lists them. */
async function membersByEmail(owner: TestUser, organizationId: string): Promise<Map<string, Member>> {
  const list = await owner.client.call('listMembersInOrganizationById', {
    params: { organizationId },
    query: { limit: 1000 },
  });
  return new Map(list.items.map((m) => [m.user.email ?? '', m]));
}

const userExists = (email: string) =>
  server.db.first(server.db.q.selectFrom('users').select('id').where('email', '=', email)) !== undefined;

describe('POST /v1/orgs/{organizationId}/invites (inviteUsersToOrganization)', () => {
  it('401 without a token, with a malformed Authorization header, with an unknown token; nobody is invited', async () => {
    const { id } = await freshOrg();
    const email = fresh('nobody');
    await expectUnauthorized(server, 'inviteUsersToOrganization', {
      params: { organizationId: id },
      body: { emails: [email] },
    });
    expect(userExists(email)).toBe(false);
  });

  describe('400 for a body that breaks the contract, naming the field, and nobody is invited', () => {
    const valid = 'valid.first@invited.test';
    const cases: [string, unknown, string][] = [
      ['emails missing', { role: 'read' }, '`emails`'],
      ['emails empty', { emails: [] }, '`emails`'],
      ['emails not an array', { emails: valid }, '`emails`'],
      ['an invalid email string', { emails: [valid, 'not-an-email'] }, '`emails[1]`'],
      ['an email string with spaces', { emails: [valid, valid, 'ada lovelace@invited.test'] }, '`emails[2]`'],
      [
        'an email string too long',
        { emails: [valid, `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.test`] },
        '`emails[1]`',
      ],
      ['an email that is not a string', { emails: [valid, 42] }, '`emails[1]`'],
      [
        'an invalid email in an object',
        { emails: [valid, { email: 'nope', role: 'read' }] },
        '`emails[1].email`',
      ],
      ['an object without its role', { emails: [{ email: valid }] }, '`emails[0].role`'],
      ['an object with an invalid role', { emails: [{ email: valid, role: 'owner' }] }, '`emails[0].role`'],
      [
        'an object with an unknown field',
        { emails: [{ email: valid, role: 'read', name: 'V' }] },
        '`emails[0].name`',
      ],
      ['role not a role', { emails: [valid], role: 'boss' }, '`role`'],
      ['sso not a boolean', { emails: [valid], sso: 'yes' }, '`sso`'],
      ['an unknown field', { emails: [valid], message: 'Welcome' }, '`message`'],
      [
        'more than 1000 addresses',
        { emails: Array.from({ length: 1001 }, (_, i) => `u${i}@bulk.test`) },
        '`emails`',
      ],
      ['an array instead of an object', [valid], 'body'],
    ];
    for (const [label, json, fragment] of cases) {
      it(label, async () => {
        const { owner, id } = await freshOrg();
        const path = `/v1/orgs/${id}/invites`;
        expectError(
          await sendRequest(server, { method: 'POST', path, token: owner.token, json }),
          400,
          fragment,
        );
        expect(userExists(valid)).toBe(false);
        expect((await membersByEmail(owner, id)).size).toBe(1);
      });
    }

    it('malformed JSON, no body, an empty body', async () => {
      const { owner, id } = await freshOrg();
      const path = `/v1/orgs/${id}/invites`;
      expectError(
        await sendRequest(server, { method: 'POST', path, token: owner.token, text: '{"emails": [' }),
        400,
        'JSON',
      );
      expectError(await sendRequest(server, { method: 'POST', path, token: owner.token }), 400, 'body');
      expectError(
        await sendRequest(server, { method: 'POST', path, token: owner.token, text: '' }),
        400,
        'body',
      );
      expect((await membersByEmail(owner, id)).size).toBe(1);
    });
  });

  for (const role of NON_ADMIN_ROLES) {
    it(`403 for a member with the role ${roleName(role)}, and nobody is invited`, async () => {
      const { owner, id } = await freshOrg();
      const member = server.buildMember(id, role);
      const email = fresh('blocked');
      const answer = await member.client.request('inviteUsersToOrganization', {
        params: { organizationId: id },
        body: { emails: [email], role: 'admin' },
      });
      expectError(answer, 403, 'invite members');
      expect(userExists(email)).toBe(false);
      expect((await membersByEmail(owner, id)).size).toBe(2);
    });
  }

  it('404 for an unknown organization and for one the caller is not a member of, with the same answer', async () => {
    const { owner } = await freshOrg();
    const foreign = await freshOrg();
    const email = fresh('hidden');
    const body = { emails: [email] };
    expectHidden(
      await owner.client.request('inviteUsersToOrganization', {
        params: { organizationId: UNKNOWN_ID },
        body,
      }),
      UNKNOWN_ID,
      await owner.client.request('inviteUsersToOrganization', {
        params: { organizationId: foreign.id },
        body,
      }),
      foreign.id,
    );
    expect(userExists(email)).toBe(false);
    expect((await membersByEmail(foreign.owner, foreign.id)).size).toBe(1);
  });

  it('200: creates the users, adds them with the given roles, and counts them', async () => {
    const { owner, id } = await freshOrg();
    const [ada, grace, alan, barbara] = [fresh('ada'), fresh('grace'), fresh('alan'), fresh('barbara')];
    const answer = await owner.client.request('inviteUsersToOrganization', {
      params: { organizationId: id },
      body: {
        emails: [ada, { email: grace, role: 'admin' }, { email: alan, role: null }, barbara],
        role: 'edit',
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      users: [expect.any(String), expect.any(String), expect.any(String), expect.any(String)],
      invited: 4,
    });

    const members = await membersByEmail(owner, id);
    expect(members.size).toBe(5);
    const expected: [string, string | null][] = [
      [ada, 'edit'],
      [grace, 'admin'],
      [alan, null],
      [barbara, 'edit'],
    ];
    for (const [email, role] of expected) {
      expect(members.get(email), email).toMatchObject({ role, sso: false, disabled: false });
    }
    const users = answer.ok ? answer.body.users : [];
    expect(users).toEqual(expected.map(([email]) => members.get(email)?.id));

    // The new users are real: they get a token and see the organization with their role.
    const token = issueToken(server.db, server.clock.now(), users[1]!);
    const org = await server.client(token).call('getOrganizationById', { params: { organizationId: id } });
    expect(org.permissions.admin).toBe(true);
  });

  it('without `role`, string addresses get the organization default role (guests included)', async () => {
    const { owner, id } = await freshOrg();
    const params = { organizationId: id };
    const reader = fresh('reader');
    await owner.client.call('inviteUsersToOrganization', { params, body: { emails: [reader] } });
    await owner.client.call('updateOrganizationById', { params, body: { defaultRole: null } });
    const guest = fresh('guest');
    await owner.client.call('inviteUsersToOrganization', { params, body: { emails: [guest] } });
    await owner.client.call('updateOrganizationById', { params, body: { defaultRole: 'review' } });
    const reviewer = fresh('reviewer');
    await owner.client.call('inviteUsersToOrganization', { params, body: { emails: [reviewer] } });

    const members = await membersByEmail(owner, id);
    expect(members.get(reader)?.role).toBe('read');
    expect(members.get(guest)?.role).toBeNull();
    expect(members.get(reviewer)?.role).toBe('review');
  });

  it('adds existing users without creating them again, and skips members and duplicates', async () => {
    const { owner, id } = await freshOrg();
    const existingUser = server.buildUser();
    const member = server.buildMember(id, 'comment');
    const newcomer = fresh('newcomer');
    const answer = await owner.client.call('inviteUsersToOrganization', {
      params: { organizationId: id },
      body: {
        emails: [
          existingUser.email.toUpperCase(),
          { email: member.email, role: 'admin' },
          owner.email,
          newcomer,
          newcomer.toUpperCase(),
          { email: newcomer, role: 'admin' },
        ],
        role: 'create',
      },
    });
    const members = await membersByEmail(owner, id);
    expect(answer.invited).toBe(2);
    expect(answer.users).toEqual([existingUser.id, members.get(newcomer)?.id]);
    expect(members.size).toBe(4);
    expect(members.get(existingUser.email)).toMatchObject({ id: existingUser.id, role: 'create' });
    expect(members.get(member.email)?.role).toBe('comment');
    expect(members.get(owner.email)?.role).toBe('admin');
    expect(members.get(newcomer)?.role).toBe('create');
    const sameEmail = server.db.all(
      server.db.q.selectFrom('users').select('id').where('email', '=', newcomer),
    );
    expect(sameEmail).toHaveLength(1);

    const again = await owner.client.call('inviteUsersToOrganization', {
      params: { organizationId: id },
      body: { emails: [newcomer, existingUser.email] },
    });
    expect(again).toEqual({ users: [], invited: 0 });
    expect((await membersByEmail(owner, id)).size).toBe(4);
  });

  it('`sso: true` marks the new members as SSO members; without it they are not', async () => {
    const { owner, id } = await freshOrg();
    const params = { organizationId: id };
    const [viaSso, viaSsoObject, plain] = [fresh('sso'), fresh('ssoobject'), fresh('plain')];
    await owner.client.call('inviteUsersToOrganization', {
      params,
      body: { emails: [viaSso, { email: viaSsoObject, role: 'edit' }], sso: true },
    });
    await owner.client.call('inviteUsersToOrganization', { params, body: { emails: [plain], sso: false } });
    const members = await membersByEmail(owner, id);
    expect(members.get(viaSso)).toMatchObject({ sso: true, role: 'read' });
    expect(members.get(viaSsoObject)).toMatchObject({ sso: true, role: 'edit' });
    expect(members.get(plain)?.sso).toBe(false);
    expect(members.get(owner.email)?.sso).toBe(false);
  });

  it('the invited users can read the organization they were added to, and only it', async () => {
    const { owner, id } = await freshOrg();
    const other = await freshOrg();
    const email = fresh('reader');
    const { users } = await owner.client.call('inviteUsersToOrganization', {
      params: { organizationId: id },
      body: { emails: [email] },
    });
    const client = server.client(issueToken(server.db, server.clock.now(), users[0]!));
    const list = await client.call('listOrganizationsForAuthenticatedUser');
    expect(list.items.map((o) => o.id)).toEqual([id]);
    expectError(await client.request('getOrganizationById', { params: { organizationId: other.id } }), 404);
  });

  it('writes a `member.invited` event naming the new members', async () => {
    const { owner, id } = await freshOrg();
    const { users } = await owner.client.call('inviteUsersToOrganization', {
      params: { organizationId: id },
      body: { emails: [fresh('evented'), owner.email] },
    });
    const events = server.db.all(
      server.db.q
        .selectFrom('events')
        .selectAll()
        .where('organization_id', '=', id)
        .where('action', '=', 'member.invited'),
    );
    expect(events.map((e) => [e.actor_id, JSON.parse(e.data) as unknown])).toEqual([
      [owner.id, { users, requested: 2 }],
    ]);
  });
});
