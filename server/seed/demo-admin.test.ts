/** The demo's administration data, read through the API: SAML, custom fields with values, translation settings. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOM_FIELD_TYPES } from '../../shared/contract/resources/customFields.ts';
import { checkCertificate } from '../domain/saml/certificate.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { expectStatus, sendOperation } from '../test/http-helpers.ts';
import { DEMO_SAML_CERTIFICATE } from '../../shared/certificates.ts';
import { DEMO_CUSTOM_FIELD_VALUES, DEMO_TRANSLATIONS } from './demo-admin.ts';
import { seedDemo } from './demo.ts';
import type { ApiClient } from '../../shared/client.ts';

let server: TestServer;
let client: ApiClient;
let token: string;
let organizationId: string;

beforeAll(async () => {
  server = await startTestServer();
  token = seedDemo(server.db, server.clock.now())!.tokens[0]!.token;
  client = server.client(token);
  organizationId = server.db.first(
    server.db.q.selectFrom('organizations').select('id').where('title', '=', 'Acme Docs'),
  )!.id;
});
afterAll(async () => server.close());

describe('demo administration data', () => {
  it('has an active SAML provider with a certificate valid for a century, and one being set up', async () => {
    const { subject, validTo } = checkCertificate(DEMO_SAML_CERTIFICATE, server.clock.now());
    expect(subject).toBe('CN=Acme IdP');
    expect(validTo.getUTCFullYear()).toBe(2126);
    const list = await client.call('listSAMLProvidersInOrganizationById', { params: { organizationId } });
    expect(list.items.map((p) => [p.label, p.status])).toEqual([
      ['Acme Okta', 'active'],
      ['Azure AD (setting up)', 'pending'],
    ]);
    expect(list.items[0]).toMatchObject({
      certificate: DEMO_SAML_CERTIFICATE,
      defaultTeam: { title: 'Engineering' },
      defaultRole: 'read',
    });
    const logins = await client.call('listSSOProviderLoginsInOrganization', { params: { organizationId } });
    expect(logins.items.map((login) => login.label)).toEqual(['Acme Okta']);
  });

  it('has a custom field of every type, with values on several spaces that pass the checks', async () => {
    const fields = await client.call('listOrganizationCustomFields', { params: { organizationId } });
    expect(fields.items.map((field) => field.type).sort()).toEqual([...CUSTOM_FIELD_TYPES].sort());
    const spaces = server.db.all(
      server.db.q
        .selectFrom('spaces')
        .select(['id', 'title'])
        .where('organization_id', '=', organizationId)
        .where('title', 'in', Object.keys(DEMO_CUSTOM_FIELD_VALUES)),
    );
    expect(spaces.length).toBeGreaterThanOrEqual(5);
    for (const space of spaces) {
      const entries = await client.call('getSpaceCustomFields', { params: { spaceId: space.id } });
      const values = Object.fromEntries(
        entries.filter((entry) => 'value' in entry).map((entry) => [entry.customField.name, entry.value]),
      );
      expect(values, space.title).toEqual(DEMO_CUSTOM_FIELD_VALUES[space.title]);
      // Written back through the API, every value passes its field's checks.
      const answer = await sendOperation(server, 'updateSpaceCustomFields', {
        token,
        params: { spaceId: space.id },
        body: {
          values: Object.fromEntries(Object.entries(values).map(([name, value]) => [name, { value }])),
        },
      });
      expectStatus(answer, 204);
    }
  });

  it('has translation settings, French and German for the product documentation', async () => {
    const list = await client.call('listTranslations', { params: { organizationId } });
    expect(list.items.map((s) => ({ title: s.title, languages: s.languages }))).toEqual(DEMO_TRANSLATIONS);
    expect(list.items[0]!.languages).toEqual(['fr', 'de']);
  });
});
