/** The audit log over HTTP: what an event says, who may read it, and the errors of each parameter. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationName } from '../../../shared/contract/index.ts';
import type {
  AuditEvent,
  AuditEventAction,
  AuditEventDetails,
} from '../../../shared/contract/resources/audit.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
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
import { encodeCursor } from '../../http/pagination.ts';
import { AUDIT_ACTIONS } from './actions.ts';
import { buildAdminOrg, listEvents } from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const OPERATIONS: OperationName[] = [
  'listOrganizationAuditEvents',
  'getOrganizationAuditEvent',
  'listOrganizationAuditEventActions',
];

describe('authentication', () => {
  it('answers 401 to every operation without a valid token', async () => {
    const { orgId } = buildAdminOrg(server);
    const params = { organizationId: orgId, auditEventId: UNKNOWN_ID };
    for (const name of OPERATIONS) await expectUnauthorized(server, name, { params });
  });
});

describe('what the audit log says', () => {
  it('names the actor, action and target of each write, newest first, and what each recorded', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const created = server.clock.now().toISOString();
    const reader = server.buildMember(orgId, 'read', { name: 'Rita Reader' });
    const params = { organizationId: orgId };
    server.clock.advance(60_000);
    const space = await admin.client.call('createSpace', { params, body: { title: 'Handbook' } });
    const spaceAt = server.clock.now().toISOString();
    server.clock.advance(60_000);
    await admin.client.call('updateMemberInOrganizationById', {
      params: { organizationId: orgId, userId: reader.id },
      body: { role: 'edit' },
    });
    const roleAt = server.clock.now().toISOString();
    server.clock.advance(60_000);
    const team = await admin.client.call('createOrganizationTeam', { params, body: { title: 'Writers' } });
    const teamAt = server.clock.now().toISOString();

    const list = await admin.client.call('listOrganizationAuditEvents', { params });
    const actor = { type: 'user', id: admin.id, label: 'Ada Admin' };
    const location = (id: string) => `${server.baseUrl}/v1/orgs/${orgId}/audit-events/${id}`;
    const expected = [
      ['team.created', teamAt, { type: 'team', id: team.id, label: 'Writers' }],
      ['member.role_changed', roleAt, { type: 'member', id: reader.id }],
      ['space.created', spaceAt, { type: 'space', id: space.id, label: 'Handbook' }],
      ['organization.created', created, { type: 'organization', id: orgId, label: expect.any(String) }],
    ] as const;
    expect(list.count).toBe(expected.length);
    expect(list.next).toBeUndefined();
    expect(list.items).toEqual(
      expected.map(([action, occurredAt, target], index) => {
        const id = list.items[index]!.id;
        return {
          object: 'audit-event',
          id,
          occurredAt,
          action,
          actor,
          source: 'api',
          target,
          urls: { location: location(id) },
        };
      }),
    );

    // One event in full: the summary's fields, and what the change was.
    const [, roleChange] = list.items as [AuditEvent, AuditEvent];
    const details = await admin.client.call('getOrganizationAuditEvent', {
      params: { organizationId: orgId, auditEventId: roleChange.id },
    });
    expect(details).toEqual({ ...roleChange, schemaVersion: 1, payload: { from: 'read', to: 'edit' } });
    const teamDetails: AuditEventDetails = await admin.client.call('getOrganizationAuditEvent', {
      params: { organizationId: orgId, auditEventId: list.items[0]!.id },
    });
    expect(teamDetails.payload).toEqual({ title: 'Writers', members: 0 });
  });

  it('names a change request by its subject, else by its number', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const space = await admin.client.call('createSpace', {
      params: { organizationId: orgId },
      body: { title: 'Guide' },
    });
    server.clock.advance(1000);
    const titled = await admin.client.call('createChangeRequest', {
      params: { spaceId: space.id },
      body: { subject: 'Fix the typos' },
    });
    server.clock.advance(1000);
    const untitled = await admin.client.call('createChangeRequest', {
      params: { spaceId: space.id },
      body: {},
    });
    server.clock.advance(1000);
    await admin.client.call('updateChangeRequestById', {
      params: { spaceId: space.id, changeRequestId: untitled.id },
      body: { subject: 'Later named' },
    });
    const events = (
      await admin.client.call('listOrganizationAuditEvents', { params: { organizationId: orgId } })
    ).items;
    expect(events.slice(0, 3).map((event) => [event.action, event.target])).toEqual([
      ['change_request.updated', { type: 'change_request', id: untitled.id, label: 'Later named' }],
      ['change_request.created', { type: 'change_request', id: untitled.id, label: `#${untitled.number}` }],
      ['change_request.created', { type: 'change_request', id: titled.id, label: 'Fix the typos' }],
    ]);
  });

  it('names no one for a change no one made (system), and no label for a deleted user', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    server.clock.advance(1000);
    const space = server.buildSpace(orgId, { title: 'Seeded' });
    const [event] = (
      await admin.client.call('listOrganizationAuditEvents', { params: { organizationId: orgId } })
    ).items as [AuditEvent];
    expect(event).toMatchObject({
      action: 'space.created',
      actor: { type: 'system', id: 'system' },
      target: { type: 'space', id: space.id, label: 'Seeded' },
    });
    expect(event.actor.label).toBeUndefined();

    const gone = server.buildMember(orgId, 'admin');
    server.clock.advance(1000);
    await gone.client.call('createOrganizationTeam', {
      params: { organizationId: orgId },
      body: { title: 'Left behind' },
    });
    server.db.run(server.db.q.deleteFrom('users').where('id', '=', gone.id));
    const [latest] = (
      await admin.client.call('listOrganizationAuditEvents', { params: { organizationId: orgId } })
    ).items as [AuditEvent];
    expect(latest.actor).toEqual({ type: 'user', id: gone.id });
  });

  it('lists every action with its label, each once', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const { items } = await admin.client.call('listOrganizationAuditEventActions', {
      params: { organizationId: orgId },
    });
    expect(items).toEqual(
      Object.entries(AUDIT_ACTIONS).map(([id, label]): AuditEventAction => ({
        object: 'audit-event-action',
        id,
        label,
      })),
    );
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    expect(items.map((item) => item.id)).toEqual(
      expect.arrayContaining([
        'organization.created',
        'space.created',
        'member.role_changed',
        'team.created',
      ]),
    );
    for (const item of items) expect(item.label.trim()).not.toBe('');
  });
});

describe('bad parameters', () => {
  it('answers 400 naming the parameter, for each bad value', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const cases: [Record<string, unknown>, string[]][] = [
      [{ limit: 0 }, ['limit']],
      [{ limit: 101 }, ['limit']],
      [{ limit: 2.5 }, ['limit']],
      [{ limit: 'ten' }, ['limit']],
      [{ from: 'yesterday' }, ['from']],
      [{ from: '2026-03-01' }, ['from']],
      [{ to: '2026-13-01T00:00:00Z' }, ['to']],
      [{ to: '2026-03-01T10:00:00' }, ['to']],
      [{ from: '2026-03-02T00:00:00Z', to: '2026-03-01T00:00:00Z' }, ['from', 'to', 'after']],
      [{ action: 'space.exploded' }, ['action', 'space.exploded', 'audit-event-actions']],
      [{ action: 'toString' }, ['action', 'toString']],
      [{ action: '' }, ['action']],
      [{ actor: '' }, ['actor']],
      [{ target: 'x'.repeat(129) }, ['target']],
      [{ page: 'not a cursor' }, ['page']],
      [{ page: encodeCursor(['2026-03-01T00:00:00.000Z']) }, ['page']],
      [{ page: encodeCursor([1, 2]) }, ['page']],
    ];
    for (const [query, fragments] of cases)
      expectError(await listEvents(server, admin, orgId, query), 400, ...fragments);
  });
});

describe('who may read the audit log', () => {
  it.each(NON_ADMIN_ROLES.map((role) => [roleName(role), role] as const))(
    'refuses a member with the %s role (403)',
    async (_name, role) => {
      const { admin, orgId } = buildAdminOrg(server);
      const member = server.buildMember(orgId, role);
      const [event] = (
        await admin.client.call('listOrganizationAuditEvents', { params: { organizationId: orgId } })
      ).items as [AuditEvent];
      const params = { organizationId: orgId, auditEventId: event.id };
      for (const name of OPERATIONS)
        expectError(await sendOperation(server, name, { token: member.token, params }), 403, 'audit log');
    },
  );

  it('hides an organization from a caller outside it, as one that does not exist (404)', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const stranger = buildAdminOrg(server, 'Sam Stranger').admin;
    const [event] = (
      await admin.client.call('listOrganizationAuditEvents', { params: { organizationId: orgId } })
    ).items as [AuditEvent];
    for (const name of OPERATIONS) {
      const unknown = await sendOperation(server, name, {
        token: stranger.token,
        params: { organizationId: UNKNOWN_ID, auditEventId: event.id },
      });
      const foreign = await sendOperation(server, name, {
        token: stranger.token,
        params: { organizationId: orgId, auditEventId: event.id },
      });
      expectHidden(unknown, UNKNOWN_ID, foreign, orgId);
    }
  });

  it("answers 404 for an unknown event id and for another organization's event", async () => {
    const a = buildAdminOrg(server);
    const b = buildAdminOrg(server);
    const [eventOfA] = (
      await a.admin.client.call('listOrganizationAuditEvents', { params: { organizationId: a.orgId } })
    ).items as [AuditEvent];
    const get = (auditEventId: string) =>
      sendOperation(server, 'getOrganizationAuditEvent', {
        token: b.admin.token,
        params: { organizationId: b.orgId, auditEventId },
      });
    expectError(await get(UNKNOWN_ID), 404, UNKNOWN_ID);
    expectError(await get(eventOfA.id), 404, eventOfA.id);
    // Nor does B's list show A's events, even filtered by A's targets.
    const listed = await listEvents(server, b.admin, b.orgId, { target: a.orgId });
    expectStatus(listed, 200);
    expect(listed.body).toEqual({ items: [], count: 0 });
  });
});
