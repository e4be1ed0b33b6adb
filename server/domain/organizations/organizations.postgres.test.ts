/**
 * Organizations on PostgreSQL (services with only a `PostgresStore` and a clock; test/postgres-handlers.ts): listed,
 * read, updated (hostname held by another, merge rules naming a stranger), found by email domain, and created in
 * the sandbox up to its bound. The bound is counted in the transaction that adds the membership: creations sent
 * together at one below the bound let exactly one through.
 */
import { describe, expect, it } from 'vitest';
import { SANDBOX_ORGANIZATIONS_MAX } from '../../../shared/contract/operations/sandbox.ts';
import { pages, statusOf, usePostgresHandlers } from '../../test/postgres-handlers.ts';
import { organizationHandlers } from './handlers.ts';
import { sandboxHandlers } from './sandbox.ts';

const pg = usePostgresHandlers({ truncate: 'users, organizations, events' });
const refused = async (promise: Promise<unknown>, status: number) =>
  expect(promise).rejects.toSatisfy((error) => statusOf(error) === status);

describe('organizations on PostgreSQL', () => {
  it('lists, reads and updates an organization, with its event', async () => {
    const listed = await pages((page) =>
      organizationHandlers.listOrganizationsForAuthenticatedUser(
        pg.context('admin', {}, undefined, { limit: 1, ...(page ? { page } : {}) }),
      ),
    );
    expect(listed.items.map((org) => org.id)).toEqual(['o1']);
    const updated = await organizationHandlers.updateOrganizationById(
      pg.context('admin', { organizationId: 'o1' }, { title: ' Renamed ', hostname: 'docs.example.com' }),
    );
    expect(updated).toMatchObject({ title: 'Renamed' });
    expect(
      await organizationHandlers.getOrganizationById(pg.context('reader', { organizationId: 'o1' })),
    ).toMatchObject({ title: 'Renamed' });
    const events = await pg.store.all(
      pg.store.q.selectFrom('events').select(['action', 'data']).where('organization_id', '=', 'o1'),
    );
    expect(events).toEqual([
      { action: 'organization.updated', data: JSON.stringify({ fields: ['title', 'hostname'] }) },
    ]);
  });

  it('refuses a reader (403), a stranger (404), a hostname held by another (409), a rule naming a stranger (400)', async () => {
    await organizationHandlers.updateOrganizationById(
      pg.context('stranger', { organizationId: 'o2' }, { hostname: 'taken.example.com' }),
    );
    const update = (userId: string, body: object) =>
      organizationHandlers.updateOrganizationById(pg.context(userId, { organizationId: 'o1' }, body));
    await refused(update('reader', { title: 'Mine' }), 403);
    await refused(update('stranger', { title: 'Theirs' }), 404);
    await refused(update('admin', { hostname: 'taken.example.com' }), 409);
    await refused(
      update('admin', {
        mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: ['stranger'] }] },
      }),
      400,
    );
    await update('admin', {
      mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: ['reader'] }] },
    });
  });

  it('finds organizations by email domain: the caller’s own, or ones they belong to', async () => {
    await pg.sql(`UPDATE organizations SET email_domains = '["x.org"]' WHERE id IN ('o1', 'o2')`);
    const found = await organizationHandlers.getOrganizationsForEmailDomain(
      pg.context('reader', { emailDomain: 'X.org' }),
    );
    expect(found.organizations.map((org) => org.id).sort()).toEqual(['o1', 'o2']);
  });

  it('creates sandbox organizations up to the bound, counted in the transaction: one of those sent together passes', async () => {
    // Without a token the sandbox minted: 403.
    await refused(
      sandboxHandlers.createOrganization(pg.context('reader', {}, { title: 'Not a sandbox token' })),
      403,
    );
    await pg.sql(`INSERT INTO tokens (hash, user_id, label, created_at) VALUES ('h', 'other', 'sandbox', 't');
      INSERT INTO organizations (id, title, created_at, email_domains, type, sso, ai, invite_links, plan)
        SELECT 'n' || i, 'N', 't', '[]', 'business', 0, 0, 1, 'free' FROM generate_series(2, ${SANDBOX_ORGANIZATIONS_MAX - 1}) AS i;
      INSERT INTO members (organization_id, user_id, role, disabled, sso, joined_at)
        SELECT 'n' || i, 'other', 'admin', 0, 0, 't' FROM generate_series(2, ${SANDBOX_ORGANIZATIONS_MAX - 1}) AS i;`);
    // The context's token hash is `h`: here a token the sandbox minted.
    const create = (title: string) => sandboxHandlers.createOrganization(pg.context('other', {}, { title }));
    const results = await Promise.allSettled(['A1', 'A2', 'A3', 'A4'].map(create));
    expect(results.map((result) => result.status).sort()).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'rejected',
    ]);
    for (const result of results) if (result.status === 'rejected') expect(statusOf(result.reason)).toBe(409);
    const count = await pg.store.first(
      pg.store.q
        .selectFrom('members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', 'other'),
    );
    expect(Number(count?.n)).toBe(SANDBOX_ORGANIZATIONS_MAX);
  });
});
