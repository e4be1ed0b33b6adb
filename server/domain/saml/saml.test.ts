/** SAML providers and SSO login info over HTTP: every operation, every kind of bad certificate, who may do what. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationName } from '../../../shared/contract/index.ts';
import type { SAMLProvider } from '../../../shared/contract/resources/saml.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import {
  expectError,
  expectHidden,
  expectStatus,
  expectUnauthorized,
  NON_ADMIN_ROLES,
  ROLES_OR_GUEST,
  roleName,
  sendOperation,
  UNKNOWN_ID,
} from '../../test/http-helpers.ts';
import { EXPIRED_CERTIFICATE, keyPems, VALID_CERTIFICATE } from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const COMPLETE = {
  label: 'Okta',
  entityID: 'http://www.okta.com/exk123',
  ssoURL: 'https://acme.okta.test/app/sso/saml',
  certificate: VALID_CERTIFICATE,
};

function buildOrg(): { admin: TestUser; orgId: string } {
  const admin = server.buildUser({ name: 'Ada Admin' });
  return { admin, orgId: server.buildOrg(admin).id };
}

async function create(admin: TestUser, orgId: string, body: Record<string, unknown>) {
  return sendOperation(server, 'createOrganizationSAMLProvider', {
    token: admin.token,
    params: { organizationId: orgId },
    body,
  });
}

async function createProvider(admin: TestUser, orgId: string, body: Record<string, unknown> = COMPLETE) {
  const answer = await create(admin, orgId, body);
  expectStatus(answer, 201);
  return answer.body as SAMLProvider;
}

async function get(admin: TestUser, orgId: string, samlProviderId: string) {
  return sendOperation(server, 'getOrganizationSAMLProviderById', {
    token: admin.token,
    params: { organizationId: orgId, samlProviderId },
  });
}

async function logins(user: TestUser, orgId: string) {
  const answer = await sendOperation(server, 'listSSOProviderLoginsInOrganization', {
    token: user.token,
    params: { organizationId: orgId },
  });
  expectStatus(answer, 200);
  return (answer.body as { items: { id: string; label: string; startURL: string }[] }).items;
}

describe('authentication', () => {
  it('answers 401 to every operation without a valid token', async () => {
    const { orgId } = buildOrg();
    const params = { organizationId: orgId, samlProviderId: UNKNOWN_ID };
    const names: OperationName[] = [
      'listSAMLProvidersInOrganizationById',
      'createOrganizationSAMLProvider',
      'getOrganizationSAMLProviderById',
      'updateOrganizationSAMLProvider',
      'deleteOrganizationSAMLProvider',
      'listSSOProviderLoginsInOrganization',
    ];
    for (const name of names) {
      const withBody = name.startsWith('create') || name.startsWith('update');
      await expectUnauthorized(server, name, { params, ...(withBody ? { body: { label: 'x' } } : {}) });
    }
  });
});

describe('POST /v1/orgs/{organizationId}/saml', () => {
  it('creates a complete provider: active, with service URLs from the base URL and a Location header', async () => {
    const { admin, orgId } = buildOrg();
    const team = server.buildTeam(orgId, 'Engineering');
    const answer = await create(admin, orgId, { ...COMPLETE, defaultTeam: team.id, defaultRole: 'edit' });
    expectStatus(answer, 201);
    const provider = answer.body as SAMLProvider;
    const root = `${server.baseUrl}/sso/saml/${provider.id}`;
    expect(provider).toMatchObject({
      object: 'saml-provider',
      label: 'Okta',
      entityID: COMPLETE.entityID,
      ssoURL: COMPLETE.ssoURL,
      certificate: VALID_CERTIFICATE,
      defaultTeam: { id: team.id, title: 'Engineering' },
      defaultRole: 'edit',
      status: 'active',
      createdAt: server.clock.now().toISOString(),
      service: { entityID: root, acsURL: `${root}/acs`, startURL: `${root}/start` },
      urls: { location: `${server.baseUrl}/v1/orgs/${orgId}/saml/${provider.id}` },
    });
    expect(answer.headers.get('location')).toBe(provider.urls.location);
    // The service values are stable: the same on every read.
    const again = await get(admin, orgId, provider.id);
    expect((again.body as SAMLProvider).service).toEqual(provider.service);
  });

  it('creates a provider from a label alone: pending, with the organization default role', async () => {
    const { admin, orgId } = buildOrg();
    const provider = await createProvider(admin, orgId, { label: 'Draft' });
    expect(provider).toMatchObject({ status: 'pending', entityID: '', ssoURL: '', certificate: '' });
    expect(provider.defaultRole).toBe('read');
    expect(provider.defaultTeam).toBeUndefined();
    // A guest default role is allowed.
    expect(
      (await createProvider(admin, orgId, { label: 'Guests', defaultRole: null })).defaultRole,
    ).toBeNull();
  });

  it('accepts a certificate with surrounding whitespace and stores it trimmed', async () => {
    const { admin, orgId } = buildOrg();
    const provider = await createProvider(admin, orgId, {
      ...COMPLETE,
      certificate: `\n  ${VALID_CERTIFICATE}\r\n\n`,
    });
    expect(provider.certificate).toBe(VALID_CERTIFICATE);
  });

  describe('refuses a certificate that is not a valid X.509 PEM certificate, saying what is wrong', () => {
    const body = VALID_CERTIFICATE.split('\n').slice(1, -1).join('\n');
    const cases: [string, () => string, string[]][] = [
      ['garbage', () => 'not a certificate at all', ['certificate', 'not PEM']],
      ['bare base64 without the PEM lines', () => body, ['certificate', 'not PEM', 'BEGIN CERTIFICATE']],
      [
        'mismatched PEM lines',
        () => VALID_CERTIFICATE.replace('END CERTIFICATE', 'END PUBLIC KEY'),
        ['certificate', 'not PEM'],
      ],
      [
        'text around the block',
        () => `Subject: Test\n${VALID_CERTIFICATE}`,
        ['certificate', 'nothing around it'],
      ],
      [
        'a private key',
        () => keyPems().privateKey,
        ['certificate', '`PRIVATE KEY`', 'not a certificate', 'never'],
      ],
      ['a public key', () => keyPems().publicKey, ['certificate', '`PUBLIC KEY`', 'not a certificate']],
      [
        'a CERTIFICATE block that is not X.509',
        () => `-----BEGIN CERTIFICATE-----\naGVsbG8gd29ybGQ=\n-----END CERTIFICATE-----`,
        ['certificate', 'does not parse as an X.509 certificate'],
      ],
      [
        'two certificates',
        () => `${VALID_CERTIFICATE}\n${EXPIRED_CERTIFICATE}`,
        ['certificate', '2 PEM blocks'],
      ],
      [
        'an expired certificate',
        () => EXPIRED_CERTIFICATE,
        ['certificate', 'expired on 2021-01-01T00:00:00.000Z', 'Expired IdP'],
      ],
    ];
    it.each(cases)('%s', async (_label, certificate, fragments) => {
      const { admin, orgId } = buildOrg();
      expectError(await create(admin, orgId, { ...COMPLETE, certificate: certificate() }), 400, ...fragments);
      // Nothing was written.
      const list = await admin.client.call('listSAMLProvidersInOrganizationById', {
        params: { organizationId: orgId },
      });
      expect(list.items).toEqual([]);
    });

    it('a certificate over 10,000 characters', async () => {
      const { admin, orgId } = buildOrg();
      expectError(
        await create(admin, orgId, { ...COMPLETE, certificate: 'A'.repeat(10_001) }),
        400,
        'certificate',
      );
    });
  });

  it('checks expiry against the server clock', async () => {
    const { admin, orgId } = buildOrg();
    const century = 101 * 365 * 86_400_000;
    server.clock.advance(century);
    try {
      expectError(await create(admin, orgId, COMPLETE), 400, 'certificate', 'expired on 2126-');
    } finally {
      server.clock.advance(-century);
    }
    await createProvider(admin, orgId);
  });

  it('refuses bad labels, entity IDs, sign-in URLs and roles, naming the field', async () => {
    const { admin, orgId } = buildOrg();
    const cases: [Record<string, unknown>, string][] = [
      [{ label: '' }, 'label'],
      [{ label: '   ' }, 'label'],
      [{ label: 'x'.repeat(31) }, 'label'],
      [{}, 'label'],
      [{ label: 'x', entityID: 'has spaces in it' }, 'entityID'],
      [{ label: 'x', entityID: 'e'.repeat(1025) }, 'entityID'],
      [{ label: 'x', ssoURL: 'http://idp.test/sso' }, 'ssoURL'],
      [{ label: 'x', ssoURL: 'https://' }, 'ssoURL'],
      [{ label: 'x', ssoURL: 'not a url' }, 'ssoURL'],
      [{ label: 'x', ssoURL: `https://idp.test/${'p'.repeat(2048)}` }, 'ssoURL'],
      [{ label: 'x', defaultRole: 'owner' }, 'defaultRole'],
      [{ label: 'x', unknown: 1 }, 'unknown'],
    ];
    for (const [body, field] of cases) expectError(await create(admin, orgId, body), 400, field);
  });

  it('refuses a default team of another organization or that does not exist, naming it', async () => {
    const { admin, orgId } = buildOrg();
    const other = buildOrg();
    const foreignTeam = server.buildTeam(other.orgId, 'Foreign');
    for (const teamId of [foreignTeam.id, UNKNOWN_ID]) {
      expectError(
        await create(admin, orgId, { label: 'x', defaultTeam: teamId }),
        400,
        'defaultTeam',
        teamId,
      );
    }
  });
});

describe('reading, changing and deleting providers', () => {
  it('lists the providers in creation order, page by page', async () => {
    const { admin, orgId } = buildOrg();
    const first = await createProvider(admin, orgId, { label: 'First' });
    server.clock.advance(1000);
    const second = await createProvider(admin, orgId, { label: 'Second' });
    const page1 = await admin.client.call('listSAMLProvidersInOrganizationById', {
      params: { organizationId: orgId },
      query: { limit: 1 },
    });
    expect(page1.items.map((p) => p.id)).toEqual([first.id]);
    expect(page1.count).toBe(2);
    const page2 = await admin.client.call('listSAMLProvidersInOrganizationById', {
      params: { organizationId: orgId },
      query: { limit: 1, page: page1.next!.page },
    });
    expect(page2.items.map((p) => p.id)).toEqual([second.id]);
    expect(page2.next).toBeUndefined();
  });

  it('patches fields one by one; a bad field writes nothing', async () => {
    const { admin, orgId } = buildOrg();
    const provider = await createProvider(admin, orgId, { label: 'Draft' });
    const params = { organizationId: orgId, samlProviderId: provider.id };
    const patch = (body: Record<string, unknown>) =>
      sendOperation(server, 'updateOrganizationSAMLProvider', { token: admin.token, params, body });

    expectError(await patch({ label: 'Renamed', certificate: EXPIRED_CERTIFICATE }), 400, 'expired');
    expect((await get(admin, orgId, provider.id)).body).toMatchObject({ label: 'Draft', certificate: '' });

    const team = server.buildTeam(orgId, 'Support');
    const patched = await patch({ ...COMPLETE, label: 'Renamed', defaultTeam: team.id, defaultRole: null });
    expectStatus(patched, 200);
    expect(patched.body).toMatchObject({
      label: 'Renamed',
      status: 'active',
      defaultTeam: { id: team.id },
      defaultRole: null,
      createdAt: provider.createdAt,
    });
    expect(await logins(admin, orgId)).toEqual([
      { id: provider.id, label: 'Renamed', startURL: provider.service.startURL },
    ]);

    // An empty certificate unsets it: the provider is pending again and no longer a sign-in option.
    expect((await patch({ certificate: '' })).body).toMatchObject({ status: 'pending', label: 'Renamed' });
    expect(await logins(admin, orgId)).toEqual([]);

    const foreignTeam = server.buildTeam(buildOrg().orgId, 'Foreign');
    expectError(await patch({ defaultTeam: foreignTeam.id }), 400, 'defaultTeam', foreignTeam.id);
    expectError(await patch({ ssoURL: 'ftp://idp.test' }), 400, 'ssoURL');
    expectError(await patch({ label: ' ' }), 400, 'label');

    // Deleting the default team forgets it.
    server.db.run(server.db.q.deleteFrom('teams').where('id', '=', team.id));
    expect((await get(admin, orgId, provider.id)).body).not.toHaveProperty('defaultTeam');
  });

  it('keeps an unchanged certificate that has expired since, when patching other fields', async () => {
    const { admin, orgId } = buildOrg();
    const provider = await createProvider(admin, orgId);
    const century = 101 * 365 * 86_400_000;
    server.clock.advance(century);
    try {
      const answer = await sendOperation(server, 'updateOrganizationSAMLProvider', {
        token: admin.token,
        params: { organizationId: orgId, samlProviderId: provider.id },
        body: { label: 'Later' },
      });
      expectStatus(answer, 200);
    } finally {
      server.clock.advance(-century);
    }
  });

  it('deletes a provider (204), which is then gone', async () => {
    const { admin, orgId } = buildOrg();
    const provider = await createProvider(admin, orgId);
    const params = { organizationId: orgId, samlProviderId: provider.id };
    expectStatus(
      await sendOperation(server, 'deleteOrganizationSAMLProvider', { token: admin.token, params }),
      204,
    );
    expectError(await get(admin, orgId, provider.id), 404, provider.id);
    expectError(
      await sendOperation(server, 'deleteOrganizationSAMLProvider', { token: admin.token, params }),
      404,
      provider.id,
    );
    expect(await logins(admin, orgId)).toEqual([]);
  });

  it('answers 404 for an unknown provider and for a provider of another organization', async () => {
    const { admin, orgId } = buildOrg();
    const other = buildOrg();
    const foreign = await createProvider(other.admin, other.orgId);
    for (const id of [UNKNOWN_ID, foreign.id]) {
      const params = { organizationId: orgId, samlProviderId: id };
      expectError(await get(admin, orgId, id), 404, id);
      expectError(
        await sendOperation(server, 'updateOrganizationSAMLProvider', {
          token: admin.token,
          params,
          body: { label: 'x' },
        }),
        404,
        id,
      );
      expectError(
        await sendOperation(server, 'deleteOrganizationSAMLProvider', { token: admin.token, params }),
        404,
        id,
      );
    }
    expect((await get(other.admin, other.orgId, foreign.id)).status).toBe(200);
  });

  it('never writes the certificate into the audit events', async () => {
    const { admin, orgId } = buildOrg();
    await createProvider(admin, orgId);
    const events = server.db.all(
      server.db.q.selectFrom('events').select(['action', 'data']).where('organization_id', '=', orgId),
    );
    expect(events.map((e) => e.action)).toContain('saml-provider.created');
    for (const event of events) expect(event.data).not.toContain('BEGIN CERTIFICATE');
  });
});

describe('who may', () => {
  it('lets only admins list, read, add, change and delete providers (others 403)', async () => {
    const { admin, orgId } = buildOrg();
    const provider = await createProvider(admin, orgId);
    const params = { organizationId: orgId, samlProviderId: provider.id };
    for (const role of NON_ADMIN_ROLES) {
      const member = server.buildMember(orgId, role);
      const calls: [OperationName, Record<string, unknown> | undefined][] = [
        ['listSAMLProvidersInOrganizationById', undefined],
        ['createOrganizationSAMLProvider', { label: 'Mine' }],
        ['getOrganizationSAMLProviderById', undefined],
        ['updateOrganizationSAMLProvider', { label: 'Mine' }],
        ['deleteOrganizationSAMLProvider', undefined],
      ];
      for (const [name, body] of calls) {
        const answer = await sendOperation(server, name, {
          token: member.token,
          params,
          ...(body ? { body } : {}),
        });
        expect(expectError(answer, 403, 'admins'), `${roleName(role)} ${name}`).toContain('SAML');
      }
    }
    expect((await get(admin, orgId, provider.id)).body).toMatchObject({ label: 'Okta' });
  });

  it('shows the sign-in options (active providers only) to every member, guests included', async () => {
    const { admin, orgId } = buildOrg();
    const active = await createProvider(admin, orgId);
    await createProvider(admin, orgId, { label: 'Pending' });
    for (const role of ROLES_OR_GUEST) {
      const member = server.buildMember(orgId, role);
      expect(await logins(member, orgId), roleName(role)).toEqual([
        { id: active.id, label: 'Okta', startURL: active.service.startURL },
      ]);
    }
  });

  it('answers 404 to a caller outside the organization, as for one that does not exist', async () => {
    const { admin, orgId } = buildOrg();
    const provider = await createProvider(admin, orgId);
    const stranger = server.buildUser();
    const names: OperationName[] = [
      'listSAMLProvidersInOrganizationById',
      'getOrganizationSAMLProviderById',
      'listSSOProviderLoginsInOrganization',
      'deleteOrganizationSAMLProvider',
    ];
    for (const name of names) {
      const ask = (organizationId: string) =>
        sendOperation(server, name, {
          token: stranger.token,
          params: { organizationId, samlProviderId: provider.id },
        });
      expectHidden(await ask(UNKNOWN_ID), UNKNOWN_ID, await ask(orgId), orgId);
    }
    expectHidden(
      await create(stranger, UNKNOWN_ID, { label: 'x' }),
      UNKNOWN_ID,
      await create(stranger, orgId, { label: 'x' }),
      orgId,
    );
  });
});
