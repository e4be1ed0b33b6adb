/**
 * SAML providers on PostgreSQL (services with only a `PostgresStore` and a clock; test/postgres-handlers.ts): made,
 * listed with their default team, read, changed and deleted, with their events; the SSO logins. A change reads the
 * provider in its transaction: changes of different fields sent together leave an event that names them all.
 */
import { describe, expect, it } from 'vitest';
import { pages, statusOf, usePostgresHandlers } from '../../test/postgres-handlers.ts';
import { VALID_CERTIFICATE } from '../../test/factories.ts';
import { samlHandlers } from './handlers.ts';

const pg = usePostgresHandlers({ truncate: 'users, organizations, events' });
const org = { organizationId: 'o1' };
// The test certificate is valid from 2026-11-22.
pg.clock.advance(300 * 24 * 60 * 60 * 1000);

const create = (userId: string, body: object) =>
  samlHandlers.createOrganizationSAMLProvider(pg.context(userId, org, body));
const update = (samlProviderId: string, body: object) =>
  samlHandlers.updateOrganizationSAMLProvider(pg.context('admin', { ...org, samlProviderId }, body));
const events = async (action: string) =>
  (await pg.store.all(pg.store.q.selectFrom('events').select('data').where('action', '=', action))).map(
    (row) => JSON.parse(row.data) as Record<string, unknown>,
  );

describe('SAML providers on PostgreSQL', () => {
  it('makes, lists, reads, changes and deletes providers, with their events and the SSO logins', async () => {
    await pg.sql(
      `INSERT INTO teams (id, organization_id, title, created_at) VALUES ('t1', 'o1', 'Team', 't')`,
    );
    const active = await create('admin', {
      label: 'Okta',
      entityID: 'https://idp.example.com',
      ssoURL: 'https://idp.example.com/sso',
      certificate: VALID_CERTIFICATE,
      defaultTeam: 't1',
    });
    expect(active).toMatchObject({ status: 'active', defaultTeam: { id: 't1' }, defaultRole: null });
    pg.clock.advance(1000);
    const pending = await create('admin', { label: 'Later' });
    const listed = await pages((page) =>
      samlHandlers.listSAMLProvidersInOrganizationById(
        pg.context('admin', org, undefined, { limit: 1, ...(page ? { page } : {}) }),
      ),
    );
    expect(listed.items.map((item) => [item.label, item.defaultTeam?.id])).toEqual([
      ['Okta', 't1'],
      ['Later', undefined],
    ]);
    expect(await update(pending.id, { label: 'Renamed' })).toMatchObject({
      label: 'Renamed',
      status: 'pending',
    });
    expect(
      await samlHandlers.getOrganizationSAMLProviderById(
        pg.context('admin', { ...org, samlProviderId: pending.id }),
      ),
    ).toMatchObject({ label: 'Renamed' });
    const logins = await samlHandlers.listSSOProviderLoginsInOrganization(pg.context('reader', org));
    expect(logins.items.map((item) => item.id)).toEqual([active.id]);
    await samlHandlers.deleteOrganizationSAMLProvider(
      pg.context('admin', { ...org, samlProviderId: pending.id }),
    );
    expect((await events('saml-provider.created')).map((data) => data.label).sort()).toEqual([
      'Later',
      'Okta',
    ]);
    expect(await events('saml-provider.deleted')).toEqual([{ label: 'Renamed' }]);
  });

  it('refuses a reader (403), a stranger (404), an unknown team (400) and an unknown provider (404)', async () => {
    const refused = async (promise: Promise<unknown>, status: number) =>
      expect(promise).rejects.toSatisfy((error) => statusOf(error) === status);
    await refused(create('reader', { label: 'Mine' }), 403);
    await refused(create('stranger', { label: 'Theirs' }), 404);
    await refused(create('admin', { label: 'X', defaultTeam: 'nope' }), 400);
    await refused(update('nope', { label: 'X' }), 404);
    expect(await pg.store.all(pg.store.q.selectFrom('saml_providers').select('id'))).toEqual([]);
  });

  it('changes of different fields sent together: the last event names them all', async () => {
    const { id } = await create('admin', { label: 'Start' });
    await Promise.all([
      update(id, { label: 'New label' }),
      update(id, { entityID: 'https://idp.example.org' }),
      update(id, { ssoURL: 'https://idp.example.org/sso' }),
      update(id, { defaultRole: 'edit' }),
    ]);
    const all = {
      label: 'New label',
      entityID: 'https://idp.example.org',
      ssoURL: 'https://idp.example.org/sso',
      defaultRole: 'edit',
    };
    const changes = await events('saml-provider.updated');
    expect(changes).toHaveLength(4);
    // Serial: each event shows the fields of every change before it, so one shows all four.
    expect(
      changes.filter((data) => Object.entries(all).every(([key, value]) => data[key] === value)),
    ).toHaveLength(1);
  });
});
