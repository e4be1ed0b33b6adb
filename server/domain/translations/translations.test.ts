/** Translation settings over HTTP: every operation, language codes, who may. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationName } from '../../../shared/contract/index.ts';
import {
  TRANSLATION_LANGUAGES,
  type TranslationSettings,
} from '../../../shared/contract/resources/translations.ts';
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

const create = (user: TestUser, orgId: string, body: unknown) =>
  sendOperation(server, 'createTranslation', { token: user.token, params: { organizationId: orgId }, body });

async function createSettings(admin: TestUser, orgId: string, body: unknown): Promise<TranslationSettings> {
  const answer = await create(admin, orgId, body);
  expectStatus(answer, 201);
  return answer.body as TranslationSettings;
}

const put = (user: TestUser, orgId: string, id: string, body: unknown) =>
  sendOperation(server, 'updateTranslation', {
    token: user.token,
    params: { organizationId: orgId, translationSettingsId: id },
    body,
  });

const get = (user: TestUser, orgId: string, id: string) =>
  sendOperation(server, 'getTranslation', {
    token: user.token,
    params: { organizationId: orgId, translationSettingsId: id },
  });

const remove = (user: TestUser, orgId: string, id: string) =>
  sendOperation(server, 'deleteTranslation', {
    token: user.token,
    params: { organizationId: orgId, translationSettingsId: id },
  });

describe('authentication', () => {
  it('answers 401 to every operation without a valid token', async () => {
    const { orgId } = buildOrg();
    const params = { organizationId: orgId, translationSettingsId: UNKNOWN_ID };
    const cases: [OperationName, unknown][] = [
      ['listTranslations', undefined],
      ['createTranslation', { title: 'x' }],
      ['getTranslation', undefined],
      ['updateTranslation', { title: 'x' }],
      ['deleteTranslation', undefined],
    ];
    for (const [name, body] of cases)
      await expectUnauthorized(server, name, { params, ...(body !== undefined ? { body } : {}) });
  });
});

describe('translation settings', () => {
  it('creates settings with a title and languages, with a Location header', async () => {
    const { admin, orgId } = buildOrg();
    const answer = await create(admin, orgId, { title: '  Product docs ', languages: ['fr', 'de', 'pt-br'] });
    expectStatus(answer, 201);
    const settings = answer.body as TranslationSettings;
    expect(settings).toMatchObject({
      object: 'translation-settings',
      title: 'Product docs',
      languages: ['fr', 'de', 'pt-br'],
      createdAt: server.clock.now().toISOString(),
      updatedAt: server.clock.now().toISOString(),
      permissions: { view: true, edit: true },
      urls: { location: `${server.baseUrl}/v1/orgs/${orgId}/translations/${settings.id}` },
    });
    expect(answer.headers.get('location')).toBe(settings.urls.location);
    // A title alone (the spec's body) has no languages yet.
    expect((await createSettings(admin, orgId, { title: 'Later' })).languages).toEqual([]);
    // Every language GitBook publishes is accepted.
    expect(
      (await createSettings(admin, orgId, { title: 'All', languages: TRANSLATION_LANGUAGES })).languages,
    ).toEqual([...TRANSLATION_LANGUAGES]);
  });

  it('refuses bad titles and language codes, naming the field, and writes nothing', async () => {
    const { admin, orgId } = buildOrg();
    const cases: [unknown, string[]][] = [
      [{}, ['title']],
      [{ title: '' }, ['title']],
      [{ title: '   ' }, ['title', 'visible']],
      [{ title: 't'.repeat(101) }, ['title']],
      [{ title: 'x', languages: ['fr', 'xx'] }, ['languages']],
      [{ title: 'x', languages: ['FR'] }, ['languages']],
      [{ title: 'x', languages: ['en-US'] }, ['languages']],
      [{ title: 'x', languages: 'fr' }, ['languages']],
      [{ title: 'x', languages: ['fr', 'de', 'fr'] }, ['languages', '`fr` is listed twice']],
      [{ title: 'x', languages: [...TRANSLATION_LANGUAGES, 'fr'] }, ['languages']],
      [{ title: 'x', source: { space: 'abc' } }, ['source']],
    ];
    for (const [body, fragments] of cases) expectError(await create(admin, orgId, body), 400, ...fragments);
    const list = await admin.client.call('listTranslations', { params: { organizationId: orgId } });
    expect(list.items).toEqual([]);
  });

  it('lists settings in creation order, page by page, and reads one', async () => {
    const { admin, orgId } = buildOrg();
    const first = await createSettings(admin, orgId, { title: 'First', languages: ['fr'] });
    server.clock.advance(1000);
    const second = await createSettings(admin, orgId, { title: 'Second', languages: ['ja'] });
    const params = { organizationId: orgId };
    const page1 = await admin.client.call('listTranslations', { params, query: { limit: 1 } });
    expect(page1.items.map((s) => s.id)).toEqual([first.id]);
    expect(page1.count).toBe(2);
    const page2 = await admin.client.call('listTranslations', {
      params,
      query: { limit: 1, page: page1.next!.page },
    });
    expect(page2.items.map((s) => s.id)).toEqual([second.id]);
    expect((await get(admin, orgId, second.id)).body).toEqual(second);
  });

  it('renames with PUT, replacing the languages when given and keeping them otherwise', async () => {
    const { admin, orgId } = buildOrg();
    const settings = await createSettings(admin, orgId, { title: 'Docs', languages: ['fr', 'de'] });
    server.clock.advance(60_000);
    const renamed = await put(admin, orgId, settings.id, { title: 'Product docs' });
    expectStatus(renamed, 200);
    expect(renamed.body).toMatchObject({
      title: 'Product docs',
      languages: ['fr', 'de'],
      createdAt: settings.createdAt,
      updatedAt: server.clock.now().toISOString(),
    });
    const relanguaged = await put(admin, orgId, settings.id, { title: 'Product docs', languages: ['es'] });
    expect(relanguaged.body).toMatchObject({ languages: ['es'] });
    expectError(
      await put(admin, orgId, settings.id, { title: 'x', languages: ['klingon'] }),
      400,
      'languages',
    );
    expectError(await put(admin, orgId, settings.id, { languages: ['fr'] }), 400, 'title');
    expectError(await put(admin, orgId, settings.id, { title: ' ' }), 400, 'title');
    expect((await get(admin, orgId, settings.id)).body).toMatchObject({
      title: 'Product docs',
      languages: ['es'],
    });
  });

  it('deletes settings (205), which are then gone', async () => {
    const { admin, orgId } = buildOrg();
    const settings = await createSettings(admin, orgId, { title: 'Docs' });
    expectStatus(await remove(admin, orgId, settings.id), 205);
    expectError(await get(admin, orgId, settings.id), 404, settings.id);
    expectError(await remove(admin, orgId, settings.id), 404, settings.id);
  });

  it('answers 404 for unknown settings and for settings of another organization', async () => {
    const { admin, orgId } = buildOrg();
    const other = buildOrg();
    const foreign = await createSettings(other.admin, other.orgId, { title: 'Theirs' });
    for (const id of [UNKNOWN_ID, foreign.id]) {
      expectError(await get(admin, orgId, id), 404, id);
      expectError(await put(admin, orgId, id, { title: 'Mine' }), 404, id);
      expectError(await remove(admin, orgId, id), 404, id);
    }
    expect((await get(other.admin, other.orgId, foreign.id)).body).toMatchObject({ title: 'Theirs' });
  });
});

describe('who may', () => {
  it('lets members read settings, and only admins change them', async () => {
    const { admin, orgId } = buildOrg();
    const settings = await createSettings(admin, orgId, { title: 'Docs', languages: ['fr'] });
    for (const role of NON_ADMIN_ROLES) {
      const member = server.buildMember(orgId, role);
      const label = roleName(role);
      const list = await sendOperation(server, 'listTranslations', {
        token: member.token,
        params: { organizationId: orgId },
      });
      if (role === null) {
        expectError(list, 403, 'guests');
        expectError(await get(member, orgId, settings.id), 403, 'guests');
      } else {
        expectStatus(list, 200);
        expect(
          ((await get(member, orgId, settings.id)).body as TranslationSettings).permissions,
          label,
        ).toEqual({
          view: true,
          edit: false,
        });
      }
      expectError(await create(member, orgId, { title: 'Mine' }), 403, 'admins');
      expectError(await put(member, orgId, settings.id, { title: 'Mine' }), 403, 'admins');
      expectError(await remove(member, orgId, settings.id), 403, 'admins');
    }
    expect((await get(admin, orgId, settings.id)).body).toMatchObject({ title: 'Docs' });
  });

  it('answers 404 to a caller outside the organization, as for one that does not exist', async () => {
    const { admin, orgId } = buildOrg();
    const settings = await createSettings(admin, orgId, { title: 'Docs' });
    const stranger = server.buildUser();
    const names: OperationName[] = ['listTranslations', 'getTranslation', 'deleteTranslation'];
    for (const name of names) {
      const ask = (organizationId: string) =>
        sendOperation(server, name, {
          token: stranger.token,
          params: { organizationId, translationSettingsId: settings.id },
        });
      expectHidden(await ask(UNKNOWN_ID), UNKNOWN_ID, await ask(orgId), orgId);
    }
  });
});
