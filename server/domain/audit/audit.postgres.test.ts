/**
 * The audit log on PostgreSQL (services with only a `PostgresStore` and a clock; test/postgres-handlers.ts): events
 * listed newest first across pages, filtered by actor, action, target and time, one read, the catalogue.
 */
import { describe, expect, it } from 'vitest';
import { pages, statusOf, usePostgresHandlers } from '../../test/postgres-handlers.ts';
import { auditHandlers } from './handlers.ts';

const pg = usePostgresHandlers({ truncate: 'users, organizations, events' });
const org = { organizationId: 'o1' };
const list = (query: object) =>
  pages((page) =>
    auditHandlers.listOrganizationAuditEvents(
      pg.context('admin', org, undefined, { ...query, limit: 2, ...(page ? { page } : {}) }),
    ),
  );

describe('the audit log on PostgreSQL', () => {
  it('lists events newest first across pages, filtered, and reads one', async () => {
    await pg.sql(`INSERT INTO events (id, organization_id, actor_id, action, subject_type, subject_id, data, created_at) VALUES
      ('e1', 'o1', 'admin', 'space.created', 'space', 's1', '{"title":"One"}', '2026-03-01T09:00:00.000Z'),
      ('e2', 'o1', 'reader', 'space.updated', 'space', 's1', '{}', '2026-03-01T10:00:00.000Z'),
      ('e3', 'o1', NULL, 'space.updated', 'space', 's2', '{}', '2026-03-01T11:00:00.000Z'),
      ('e4', 'o2', 'stranger', 'space.created', 'space', 's9', '{}', '2026-03-01T12:00:00.000Z')`);
    const all = await list({});
    expect(all.items.map((event) => event.id)).toEqual(['e3', 'e2', 'e1']);
    expect(all.counts).toEqual([3, 3]);
    expect(all.items.map((event) => event.actor)).toEqual([
      { type: 'system', id: expect.any(String) },
      { type: 'user', id: 'reader', label: 'Reader' },
      { type: 'user', id: 'admin', label: 'Admin' },
    ]);
    expect((await list({ action: 'space.updated' })).items.map((event) => event.id)).toEqual(['e3', 'e2']);
    expect((await list({ actor: 'admin' })).items.map((event) => event.id)).toEqual(['e1']);
    expect((await list({ actor: 'system' })).items.map((event) => event.id)).toEqual(['e3']);
    expect(
      (await list({ target: 's1', to: '2026-03-01T09:00:00.000Z' })).items.map((event) => event.id),
    ).toEqual(['e1']);
    expect(
      await auditHandlers.getOrganizationAuditEvent(pg.context('admin', { ...org, auditEventId: 'e1' })),
    ).toMatchObject({ id: 'e1', target: { label: 'One' }, payload: { title: 'One' } });
    const refused = async (promise: Promise<unknown>, status: number) =>
      expect(promise).rejects.toSatisfy((error) => statusOf(error) === status);
    await refused(
      auditHandlers.getOrganizationAuditEvent(pg.context('admin', { ...org, auditEventId: 'e4' })),
      404,
    );
    await refused(auditHandlers.listOrganizationAuditEventActions(pg.context('reader', org)), 403);
    await refused(auditHandlers.listOrganizationAuditEventActions(pg.context('stranger', org)), 404);
    expect(
      (await auditHandlers.listOrganizationAuditEventActions(pg.context('admin', org))).items.length,
    ).toBeGreaterThan(0);
  });
});
