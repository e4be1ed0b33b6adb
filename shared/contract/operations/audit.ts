/**
 * The organization's audit log: GitBook's three operations, with GitBook's methods, paths, operation ids, filters
 * and shapes. They are not in the spec, hence marked as extensions.
 */
import { Type } from '@sinclair/typebox';
import { DateTime, List, ListQuery } from '../common.ts';
import {
  AUDIT_EVENTS_LIMIT_DEFAULT,
  AUDIT_EVENTS_LIMIT_MAX,
  AuditEvent,
  AuditEventActions,
  AuditEventDetails,
} from '../resources/audit.ts';
import { defineOperation as op } from '../operation.ts';

const group = 'Organizations, invites, search';
const Filter = (description: string) =>
  Type.Optional(Type.String({ minLength: 1, maxLength: 128, description }));

export const auditOperations = {
  listOrganizationAuditEvents: op({
    name: 'listOrganizationAuditEvents',
    group,
    method: 'GET',
    path: '/v1/orgs/{organizationId}/audit-events',
    summary: 'List the recorded changes of an organization, newest first (admins only)',
    query: Type.Object({
      page: ListQuery.page,
      limit: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: AUDIT_EVENTS_LIMIT_MAX,
          default: AUDIT_EVENTS_LIMIT_DEFAULT,
          description: `Number of events to return, up to ${AUDIT_EVENTS_LIMIT_MAX}.`,
        }),
      ),
      from: Type.Optional({ ...DateTime, description: 'Include events occurring at or after this time.' }),
      to: Type.Optional({ ...DateTime, description: 'Include events occurring at or before this time.' }),
      action: Filter('Filter by an exact audit action name (see `audit-event-actions`).'),
      actor: Filter('Filter by an exact stable actor identifier (a user id, or `system`).'),
      target: Filter('Filter by an exact stable target identifier.'),
    }),
    response: List(AuditEvent),
    success: 200,
    extension: true,
  }),
  getOrganizationAuditEvent: op({
    name: 'getOrganizationAuditEvent',
    group,
    method: 'GET',
    path: '/v1/orgs/{organizationId}/audit-events/{auditEventId}',
    summary: 'Get one recorded change of an organization, with what it recorded (admins only)',
    response: AuditEventDetails,
    success: 200,
    extension: true,
  }),
  listOrganizationAuditEventActions: op({
    name: 'listOrganizationAuditEventActions',
    group,
    method: 'GET',
    path: '/v1/orgs/{organizationId}/audit-event-actions',
    summary: 'List the audit event actions and their labels (admins only)',
    response: AuditEventActions,
    success: 200,
    extension: true,
  }),
};
