/** Custom field values on a space over HTTP: every type valid and invalid, removal, atomicity, who may. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import {
  expectError,
  expectStatus,
  expectUnauthorized,
  sendOperation,
  UNKNOWN_ID,
} from '../../test/http-helpers.ts';
import { MAX_TAGS } from './values.ts';

let server: TestServer;
let admin: TestUser;
let orgId: string;

const FIELDS = [
  { name: 'owner', type: 'text' },
  { name: 'review-days', type: 'number' },
  { name: 'public', type: 'boolean' },
  { name: 'keywords', type: 'tags' },
  { name: 'stage', type: 'select:single', options: ['beta', 'stable'] },
  { name: 'audience', type: 'select:multi', options: ['dev', 'ops'] },
] as const;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.buildUser({ name: 'Ada Admin' });
  orgId = server.buildOrg(admin).id;
  for (const field of FIELDS) {
    const answer = await sendOperation(server, 'createOrganizationCustomField', {
      token: admin.token,
      params: { organizationId: orgId },
      body: field,
    });
    expectStatus(answer, 201);
  }
});
afterAll(async () => server.close());

const setValues = (user: TestUser, spaceId: string, values: Record<string, unknown>) =>
  sendOperation(server, 'updateSpaceCustomFields', {
    token: user.token,
    params: { spaceId },
    body: { values: Object.fromEntries(Object.entries(values).map(([k, value]) => [k, { value }])) },
  });

async function valuesOf(user: TestUser, spaceId: string): Promise<Record<string, unknown>> {
  const list = await user.client.call('getSpaceCustomFields', { params: { spaceId } });
  return Object.fromEntries(
    list.filter((entry) => 'value' in entry).map((entry) => [entry.customField.name, entry.value]),
  );
}

describe('GET and PATCH /v1/spaces/{spaceId}/custom-fields', () => {
  it('answers 401 without a valid token', async () => {
    const spaceId = server.buildSpace(orgId).id;
    await expectUnauthorized(server, 'getSpaceCustomFields', { params: { spaceId } });
    await expectUnauthorized(server, 'updateSpaceCustomFields', {
      params: { spaceId },
      body: { values: {} },
    });
  });

  it('lists every field of the organization by name, with the value of the space when set', async () => {
    const spaceId = server.buildSpace(orgId).id;
    const before = await admin.client.call('getSpaceCustomFields', { params: { spaceId } });
    expect(before.map((entry) => entry.customField.name)).toEqual([
      'audience',
      'keywords',
      'owner',
      'public',
      'review-days',
      'stage',
    ]);
    expect(before.every((entry) => !('value' in entry))).toBe(true);
    expect(before[0]!.customField).toMatchObject({ options: ['dev', 'ops'], permissions: { edit: true } });
  });

  it('sets a value of every type, replaces values, and removes them with null', async () => {
    const spaceId = server.buildSpace(orgId).id;
    const all = {
      owner: 'Docs team',
      'review-days': 30.5,
      public: false,
      keywords: ['api', 'rest'],
      stage: 'beta',
      audience: ['dev', 'ops'],
    };
    expectStatus(await setValues(admin, spaceId, all), 204);
    expect(await valuesOf(admin, spaceId)).toEqual(all);
    expectStatus(await setValues(admin, spaceId, { owner: 'Platform', stage: null, keywords: [] }), 204);
    expect(await valuesOf(admin, spaceId)).toEqual({
      ...all,
      owner: 'Platform',
      stage: undefined,
      keywords: [],
    });
    expect(await valuesOf(admin, spaceId)).not.toHaveProperty('stage');
    // Removing what is not set, and an empty change, are fine.
    expectStatus(await setValues(admin, spaceId, { stage: null }), 204);
    expectStatus(await setValues(admin, spaceId, {}), 204);
    // Values belong to one space.
    expect(await valuesOf(admin, server.buildSpace(orgId).id)).toEqual({});
  });

  describe('checks each value against its field type and options', () => {
    const cases: [string, unknown, string[]][] = [
      ['owner', 42, ['values.owner.value', 'text']],
      ['owner', ['a'], ['values.owner.value', 'text']],
      ['owner', 'x'.repeat(257), ['values']],
      ['review-days', '3', ['values.review-days.value', 'number']],
      ['review-days', true, ['values.review-days.value', 'number']],
      ['public', 'true', ['values.public.value', '`true` or `false`']],
      ['public', 0, ['values.public.value', '`true` or `false`']],
      ['keywords', 'api', ['values.keywords.value', 'list of tags']],
      ['keywords', ['api', 'api'], ['values.keywords.value', '`api` is listed twice']],
      ['keywords', ['api', ' '], ['values.keywords.value.1', 'visible']],
      [
        'keywords',
        Array.from({ length: MAX_TAGS + 1 }, (_, i) => `t${i}`),
        ['values.keywords.value', 'tags'],
      ],
      ['stage', 'alpha', ['values.stage.value', '`beta`, `stable`']],
      ['stage', ['beta'], ['values.stage.value', 'one of the options']],
      ['stage', 1, ['values.stage.value']],
      ['audience', 'dev', ['values.audience.value', 'list of options']],
      ['audience', ['dev', 'pm'], ['values.audience.value', '`pm` is not an option']],
      ['audience', ['dev', 'dev'], ['values.audience.value', '`dev` is listed twice']],
      ['audience', [1], ['values']],
      ['owner', { nested: true }, ['values']],
    ];
    it.each(cases)('%s = %j', async (name, value, fragments) => {
      const spaceId = server.buildSpace(orgId).id;
      expectError(await setValues(admin, spaceId, { [name]: value }), 400, ...fragments);
      expect(await valuesOf(admin, spaceId)).toEqual({});
    });
  });

  it('refuses a field name the organization does not have, naming it', async () => {
    const spaceId = server.buildSpace(orgId).id;
    expectError(await setValues(admin, spaceId, { missing: 'x' }), 400, 'values.missing', '`missing`');
    expectError(await setValues(admin, spaceId, { missing: null }), 400, '`missing`');
    expectError(await setValues(admin, spaceId, { 'Bad Name': 'x' }), 400, 'values');
    // A field of another organization is not a field of this one.
    const other = server.buildUser();
    const otherOrg = server.buildOrg(other).id;
    expectStatus(
      await sendOperation(server, 'createOrganizationCustomField', {
        token: other.token,
        params: { organizationId: otherOrg },
        body: { name: 'foreign-only', type: 'text' },
      }),
      201,
    );
    expectError(await setValues(admin, spaceId, { 'foreign-only': 'x' }), 400, '`foreign-only`');
  });

  it('drops the values of a space transferred to another organization, whose fields are its own', async () => {
    const spaceId = server.buildSpace(orgId).id;
    expectStatus(await setValues(admin, spaceId, { owner: 'Docs team', 'review-days': 30 }), 204);
    const secondOrg = server.buildOrg(admin).id;
    expectStatus(
      await sendOperation(server, 'createOrganizationCustomField', {
        token: admin.token,
        params: { organizationId: secondOrg },
        body: { name: 'owner', type: 'text' },
      }),
      201,
    );
    expectStatus(
      await sendOperation(server, 'transferSpace', {
        token: admin.token,
        params: { spaceId },
        body: { organization: secondOrg },
      }),
      200,
    );
    expect(await valuesOf(admin, spaceId)).toEqual({});
  });

  it('writes nothing when one value of a change is bad', async () => {
    const spaceId = server.buildSpace(orgId).id;
    expectStatus(await setValues(admin, spaceId, { owner: 'Before', public: true }), 204);
    expectError(
      await setValues(admin, spaceId, { owner: 'After', public: null, keywords: ['ok'], stage: 'alpha' }),
      400,
      'values.stage.value',
    );
    expect(await valuesOf(admin, spaceId)).toEqual({ owner: 'Before', public: true });
    expectError(await setValues(admin, spaceId, { owner: 'After', nothing: 1 }), 400, '`nothing`');
    expect(await valuesOf(admin, spaceId)).toEqual({ owner: 'Before', public: true });
  });

  it('answers 404 for an unknown space, a space in the trash, and a space of another organization', async () => {
    const trashed = server.buildSpace(orgId).id;
    server.db.run(
      server.db.q
        .updateTable('spaces')
        .set({ deleted_at: server.clock.now().toISOString() })
        .where('id', '=', trashed),
    );
    const foreignOwner = server.buildUser();
    const foreignSpace = server.buildSpace(server.buildOrg(foreignOwner).id).id;
    for (const spaceId of [UNKNOWN_ID, trashed, foreignSpace]) {
      expectError(
        await sendOperation(server, 'getSpaceCustomFields', { token: admin.token, params: { spaceId } }),
        404,
        spaceId,
      );
      expectError(await setValues(admin, spaceId, { owner: 'x' }), 404, spaceId);
    }
  });
});

describe('who may', () => {
  it('lets callers who view the space read its values, and those who edit it change them', async () => {
    const spaceId = server.buildSpace(orgId).id;
    expectStatus(await setValues(admin, spaceId, { owner: 'Ada' }), 204);
    const cases = [
      ['create', true],
      ['review', true],
      ['edit', true],
      ['comment', false],
      ['read', false],
    ] as const;
    let current = 'Ada';
    for (const [role, mayEdit] of cases) {
      const member = server.buildMember(orgId, role);
      const list = await member.client.call('getSpaceCustomFields', { params: { spaceId } });
      expect(list.find((entry) => entry.customField.name === 'owner')?.value, role).toBe(current);
      expect(list[0]!.customField.permissions, role).toEqual({ view: true, edit: false });
      const answer = await setValues(member, spaceId, { owner: `Set by ${role}` });
      if (mayEdit) {
        expectStatus(answer, 204);
        current = `Set by ${role}`;
      } else expectError(answer, 403, 'edit level');
    }
    expect((await valuesOf(admin, spaceId)).owner).toBe('Set by edit');
  });

  it('hides the space (404) from a guest without access and from a stranger', async () => {
    const spaceId = server.buildSpace(orgId).id;
    for (const user of [server.buildMember(orgId, null), server.buildUser()]) {
      expectError(
        await sendOperation(server, 'getSpaceCustomFields', { token: user.token, params: { spaceId } }),
        404,
        spaceId,
      );
      expectError(await setValues(user, spaceId, { owner: 'x' }), 404, spaceId);
    }
  });

  it('lets a member with edit rights on one space only change that space', async () => {
    const restricted = server.buildSpace(orgId, { defaultLevel: 'read' }).id;
    const open = server.buildSpace(orgId).id;
    const editor = server.buildMember(orgId, 'edit');
    expectError(await setValues(editor, restricted, { owner: 'x' }), 403, 'edit level');
    expectStatus(await setValues(editor, open, { owner: 'x' }), 204);
  });
});
