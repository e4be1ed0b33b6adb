/** Custom field definitions over HTTP: types and options, unique names, changes, deletion, who may. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationName } from '../../../shared/contract/index.ts';
import type { CustomField } from '../../../shared/contract/resources/customFields.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import {
  expectError,
  expectHidden,
  expectStatus,
  expectUnauthorized,
  NON_ADMIN_ROLES,
  roleName,
  sendOperation,
  UNKNOWN_ID,
} from '../../test/http-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

function buildOrg(): { admin: TestUser; orgId: string } {
  const admin = server.buildUser({ name: 'Ada Admin' });
  return { admin, orgId: server.buildOrg(admin).id };
}

const create = (user: TestUser, orgId: string, body: Record<string, unknown>) =>
  sendOperation(server, 'createOrganizationCustomField', {
    token: user.token,
    params: { organizationId: orgId },
    body,
  });

async function createField(
  admin: TestUser,
  orgId: string,
  body: Record<string, unknown>,
): Promise<CustomField> {
  const answer = await create(admin, orgId, body);
  expectStatus(answer, 201);
  return answer.body as CustomField;
}

const patchField = (user: TestUser, orgId: string, fieldName: string, body: Record<string, unknown>) =>
  sendOperation(server, 'updateOrganizationCustomField', {
    token: user.token,
    params: { organizationId: orgId, fieldName },
    body,
  });

const getField = (user: TestUser, orgId: string, fieldName: string) =>
  sendOperation(server, 'getOrganizationCustomFieldByName', {
    token: user.token,
    params: { organizationId: orgId, fieldName },
  });

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

describe('authentication', () => {
  it('answers 401 to every operation without a valid token', async () => {
    const { orgId } = buildOrg();
    const params = { organizationId: orgId, fieldName: 'status' };
    const cases: [OperationName, unknown][] = [
      ['listOrganizationCustomFields', undefined],
      ['createOrganizationCustomField', { name: 'status', type: 'text' }],
      ['getOrganizationCustomFieldByName', undefined],
      ['updateOrganizationCustomField', { title: 'x' }],
      ['deleteOrganizationCustomField', undefined],
    ];
    for (const [name, body] of cases)
      await expectUnauthorized(server, name, { params, ...(body !== undefined ? { body } : {}) });
  });
});

describe('POST /v1/orgs/{organizationId}/custom-fields', () => {
  it('creates a field of each type; select types with their options', async () => {
    const { admin, orgId } = buildOrg();
    for (const type of ['text', 'number', 'boolean', 'tags'] as const) {
      const field = await createField(admin, orgId, { name: `f-${type}`, type });
      expect(field).toMatchObject({
        name: `f-${type}`,
        type,
        title: `f-${type}`,
        description: '',
        placeholder: '',
      });
      expect(field).not.toHaveProperty('options');
    }
    for (const type of ['select:single', 'select:multi'] as const) {
      const answer = await create(admin, orgId, {
        name: `f_${type.replace(':', '_')}`,
        type,
        title: 'Lifecycle',
        description: 'Where the docs stand',
        placeholder: 'Pick one',
        options: ['Draft', 'Stable'],
      });
      expectStatus(answer, 201);
      const field = answer.body as CustomField;
      expect(field).toMatchObject({
        type,
        title: 'Lifecycle',
        description: 'Where the docs stand',
        placeholder: 'Pick one',
        options: ['Draft', 'Stable'],
        createdAt: server.clock.now().toISOString(),
        updatedAt: server.clock.now().toISOString(),
        permissions: { view: true, edit: true },
        urls: { location: `${server.baseUrl}/v1/orgs/${orgId}/custom-fields/${field.name}` },
      });
      expect(answer.headers.get('location')).toBe(field.urls.location);
    }
  });

  it('refuses bad names, types and options, naming the field', async () => {
    const { admin, orgId } = buildOrg();
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ name: 'Bad Name', type: 'text' }, 'name'],
      [{ name: '', type: 'text' }, 'name'],
      [{ name: 'n'.repeat(51), type: 'text' }, 'name'],
      [{ type: 'text' }, 'name'],
      [{ name: 'ok', type: 'date' }, 'type'],
      [{ name: 'ok' }, 'type'],
      [{ name: 'ok', type: 'select:single' }, 'options', 'required'],
      [{ name: 'ok', type: 'select:multi' }, 'options', 'required'],
      [{ name: 'ok', type: 'select:single', options: [] }, 'options'],
      [
        { name: 'ok', type: 'select:single', options: Array.from({ length: 51 }, (_, i) => `o${i}`) },
        'options',
      ],
      [{ name: 'ok', type: 'select:single', options: ['o'.repeat(41)] }, 'options'],
      [{ name: 'ok', type: 'select:single', options: ['a', 'a'] }, 'options', '`a` is listed twice'],
      [{ name: 'ok', type: 'select:multi', options: ['a', ' '] }, 'options[1]', 'visible'],
      [{ name: 'ok', type: 'text', options: ['a'] }, 'options', 'only select fields'],
      [{ name: 'ok', type: 'number', options: ['1'] }, 'options', 'only select fields'],
      [{ name: 'ok', type: 'text', title: 't'.repeat(101) }, 'title'],
      [{ name: 'ok', type: 'text', description: 'd'.repeat(201) }, 'description'],
      [{ name: 'ok', type: 'text', placeholder: 'p'.repeat(101) }, 'placeholder'],
    ];
    for (const [body, ...fragments] of cases)
      expectError(await create(admin, orgId, body), 400, ...(fragments as string[]));
    const list = await admin.client.call('listOrganizationCustomFields', {
      params: { organizationId: orgId },
    });
    expect(list.items).toEqual([]);
  });

  it('answers 409 for a name the organization already has; another organization may use it', async () => {
    const { admin, orgId } = buildOrg();
    await createField(admin, orgId, { name: 'owner', type: 'text' });
    expectError(await create(admin, orgId, { name: 'owner', type: 'number' }), 409, 'name', '`owner`');
    const other = buildOrg();
    await createField(other.admin, other.orgId, { name: 'owner', type: 'number' });
  });
});

describe('reading, changing and deleting fields', () => {
  it('lists fields by name, page by page, and reads one by name', async () => {
    const { admin, orgId } = buildOrg();
    for (const name of ['zeta', 'alpha', 'mid-1']) await createField(admin, orgId, { name, type: 'text' });
    const params = { organizationId: orgId };
    const first = await admin.client.call('listOrganizationCustomFields', { params, query: { limit: 2 } });
    expect(first.items.map((f) => f.name)).toEqual(['alpha', 'mid-1']);
    expect(first.count).toBe(3);
    const second = await admin.client.call('listOrganizationCustomFields', {
      params,
      query: { limit: 2, page: first.next!.page },
    });
    expect(second.items.map((f) => f.name)).toEqual(['zeta']);
    expect((await getField(admin, orgId, 'mid-1')).body).toMatchObject({ name: 'mid-1', type: 'text' });
    expectError(await getField(admin, orgId, 'nothing'), 404, '`nothing`');
    expectError(await getField(admin, orgId, 'Not A Name'), 400, 'fieldName');
  });

  it('patches title, description, placeholder and options; refuses options on other types', async () => {
    const { admin, orgId } = buildOrg();
    await createField(admin, orgId, { name: 'notes', type: 'text' });
    await createField(admin, orgId, { name: 'stage', type: 'select:single', options: ['a', 'b'] });
    server.clock.advance(60_000);
    const answer = await patchField(admin, orgId, 'notes', {
      title: 'Notes',
      description: 'Anything',
      placeholder: 'Write here',
    });
    expectStatus(answer, 200);
    expect(answer.body).toMatchObject({
      name: 'notes',
      title: 'Notes',
      description: 'Anything',
      placeholder: 'Write here',
      updatedAt: server.clock.now().toISOString(),
    });
    expectError(await patchField(admin, orgId, 'notes', { options: ['x'] }), 400, 'options', 'only select');
    expectError(await patchField(admin, orgId, 'stage', { options: ['a', 'a'] }), 400, 'options');
    expectError(await patchField(admin, orgId, 'stage', { name: 'renamed' }), 400, 'name');
    expectError(await patchField(admin, orgId, 'nothing', { title: 'x' }), 404, '`nothing`');
    expect((await getField(admin, orgId, 'stage')).body).toMatchObject({ options: ['a', 'b'] });
    const changed = await patchField(admin, orgId, 'stage', { options: ['a', 'b', 'c'] });
    expect(changed.body).toMatchObject({ options: ['a', 'b', 'c'] });
  });

  it('drops the choices an option change removes from every space', async () => {
    const { admin, orgId } = buildOrg();
    await createField(admin, orgId, { name: 'stage', type: 'select:single', options: ['beta', 'stable'] });
    await createField(admin, orgId, {
      name: 'audience',
      type: 'select:multi',
      options: ['dev', 'ops', 'pm'],
    });
    const one = server.buildSpace(orgId).id;
    const two = server.buildSpace(orgId).id;
    expectStatus(await setValues(admin, one, { stage: 'beta', audience: ['dev', 'ops'] }), 204);
    expectStatus(await setValues(admin, two, { stage: 'stable', audience: ['ops'] }), 204);

    expectStatus(await patchField(admin, orgId, 'stage', { options: ['stable', 'ga'] }), 200);
    expectStatus(await patchField(admin, orgId, 'audience', { options: ['dev', 'pm'] }), 200);
    expect(await valuesOf(admin, one)).toEqual({ audience: ['dev'] });
    expect(await valuesOf(admin, two)).toEqual({ stage: 'stable', audience: [] });
  });

  it('deletes a field (204) with its values on every space; the name can be used again', async () => {
    const { admin, orgId } = buildOrg();
    await createField(admin, orgId, { name: 'owner', type: 'text' });
    await createField(admin, orgId, { name: 'kept', type: 'boolean' });
    const spaces = [server.buildSpace(orgId).id, server.buildSpace(orgId).id];
    for (const spaceId of spaces)
      expectStatus(await setValues(admin, spaceId, { owner: 'Ada', kept: true }), 204);

    const params = { organizationId: orgId, fieldName: 'owner' };
    expectStatus(
      await sendOperation(server, 'deleteOrganizationCustomField', { token: admin.token, params }),
      204,
    );
    expectError(await getField(admin, orgId, 'owner'), 404);
    for (const spaceId of spaces) {
      const list = await admin.client.call('getSpaceCustomFields', { params: { spaceId } });
      expect(list.map((entry) => entry.customField.name)).toEqual(['kept']);
      expect(await valuesOf(admin, spaceId)).toEqual({ kept: true });
    }
    expectError(
      await sendOperation(server, 'deleteOrganizationCustomField', { token: admin.token, params }),
      404,
      '`owner`',
    );
    await createField(admin, orgId, { name: 'owner', type: 'number' });
    expect(await valuesOf(admin, spaces[0]!)).toEqual({ kept: true });
  });
});

describe('who may', () => {
  it('lets members read definitions, and only admins change them', async () => {
    const { admin, orgId } = buildOrg();
    await createField(admin, orgId, { name: 'owner', type: 'text' });
    for (const role of NON_ADMIN_ROLES) {
      const member = server.buildMember(orgId, role);
      const label = roleName(role);
      const list = await sendOperation(server, 'listOrganizationCustomFields', {
        token: member.token,
        params: { organizationId: orgId },
      });
      if (role === null) {
        expectError(list, 403, 'guests');
        expectError(await getField(member, orgId, 'owner'), 403, 'guests');
      } else {
        expectStatus(list, 200);
        const field = (await getField(member, orgId, 'owner')).body as CustomField;
        expect(field.permissions, label).toEqual({ view: true, edit: false });
      }
      expectError(await create(member, orgId, { name: 'mine', type: 'text' }), 403, 'admins');
      expectError(await patchField(member, orgId, 'owner', { title: 'Mine' }), 403, 'admins');
      expectError(
        await sendOperation(server, 'deleteOrganizationCustomField', {
          token: member.token,
          params: { organizationId: orgId, fieldName: 'owner' },
        }),
        403,
        'admins',
      );
    }
    expect((await getField(admin, orgId, 'owner')).body).toMatchObject({ title: 'owner' });
  });

  it('answers 404 to a caller outside the organization, as for one that does not exist', async () => {
    const { admin, orgId } = buildOrg();
    await createField(admin, orgId, { name: 'owner', type: 'text' });
    const stranger = server.buildUser();
    const names: OperationName[] = [
      'listOrganizationCustomFields',
      'getOrganizationCustomFieldByName',
      'deleteOrganizationCustomField',
    ];
    for (const name of names) {
      const ask = (organizationId: string) =>
        sendOperation(server, name, {
          token: stranger.token,
          params: { organizationId, fieldName: 'owner' },
        });
      expectHidden(await ask(UNKNOWN_ID), UNKNOWN_ID, await ask(orgId), orgId);
    }
  });
});
