/** Retention of the audit log: the setting over HTTP (admins only, bounds) and the purge it drives. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '../../../shared/contract/resources/organizations.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import {
  expectError,
  expectStatus,
  NON_ADMIN_ROLES,
  roleName,
  sendOperation,
} from '../../test/http-helpers.ts';
import { recordEvent } from '../events.ts';
import { purgeExpiredAuditEvents } from './retention.ts';
import { allEvents, buildAdminOrg } from '../../test/factories.ts';

const DAY = 24 * 60 * 60 * 1000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const setRetention = (user: TestUser, orgId: string, days: unknown) =>
  sendOperation(server, 'updateOrganizationById', {
    token: user.token,
    params: { organizationId: orgId },
    body: { auditLogRetentionDays: days },
  });

describe('the retention setting', () => {
  it('is set and cleared by an admin, shown on the organization, and recorded in the audit log', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const set = await setRetention(admin, orgId, 90);
    expectStatus(set, 200);
    expect((set.body as Organization).auditLogRetentionDays).toBe(90);
    const read = await admin.client.call('getOrganizationById', { params: { organizationId: orgId } });
    expect(read.auditLogRetentionDays).toBe(90);
    const [event] = await allEvents(server, admin, orgId, { action: 'organization.updated' });
    expect(event?.actor.id).toBe(admin.id);
    const details = await admin.client.call('getOrganizationAuditEvent', {
      params: { organizationId: orgId, auditEventId: event!.id },
    });
    expect(details.payload).toEqual({ fields: ['auditLogRetentionDays'] });

    const cleared = await setRetention(admin, orgId, null);
    expectStatus(cleared, 200);
    expect(cleared.body).not.toHaveProperty('auditLogRetentionDays');
  });

  it('refuses a number of days out of bounds or not a whole number (400)', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    for (const days of [0, -1, 3651, 1.5, '30', true])
      expectError(await setRetention(admin, orgId, days), 400, 'auditLogRetentionDays');
    expect(await setRetention(admin, orgId, 1)).toMatchObject({ status: 200 });
    expect(await setRetention(admin, orgId, 3650)).toMatchObject({ status: 200 });
  });

  it.each(NON_ADMIN_ROLES.map((role) => [roleName(role), role] as const))(
    'may not be changed by a member with the %s role (403)',
    async (_name, role) => {
      const { orgId } = buildAdminOrg(server);
      const member = server.buildMember(orgId, role);
      expectError(await setRetention(member, orgId, 30), 403);
    },
  );
});

describe('the purge of expired events', () => {
  it('deletes the events older than the retention, in batches, and only in organizations that set one', async () => {
    const kept = buildAdminOrg(server);
    const forever = buildAdminOrg(server);
    const now = server.clock.now().getTime();
    const record = (orgId: string, daysAgo: number, subjectId: string) =>
      recordEvent(server.db, new Date(now - daysAgo * DAY), {
        organizationId: orgId,
        actorId: null,
        action: 'space.updated',
        subjectType: 'space',
        subjectId,
      });
    for (const org of [kept, forever])
      for (const [daysAgo, subject] of [
        [45, 'old-1'],
        [31, 'old-2'],
        [30.5, 'old-3'],
        [29, 'recent'],
      ] as const)
        record(org.orgId, daysAgo, subject);
    // A second later than the organization's creation, so that the two events have an order.
    server.clock.advance(1000);
    expectStatus(await setRetention(kept.admin, kept.orgId, 30), 200);

    const pauses: number[] = [];
    const purged = await purgeExpiredAuditEvents(server.store, server.clock, {
      batch: 2,
      pause: async () => void pauses.push(1),
    });
    expect(purged).toBe(3);
    // A full batch of 2, a pause, then a batch of 1 ends the purge.
    expect(pauses).toHaveLength(1);
    const targets = async (org: { admin: TestUser; orgId: string }) =>
      (await allEvents(server, org.admin, org.orgId, { action: 'space.updated' })).map((e) => e.target.id);
    expect(await targets(kept)).toEqual(['recent']);
    expect(await targets(forever)).toEqual(['recent', 'old-3', 'old-2', 'old-1']);
    // Events of the last 30 days (the setting's own among them) stay.
    expect((await allEvents(server, kept.admin, kept.orgId)).map((e) => e.action)).toEqual([
      'organization.updated',
      'organization.created',
      'space.updated',
    ]);
    expect(await purgeExpiredAuditEvents(server.store, server.clock)).toBe(0);
  });
});
