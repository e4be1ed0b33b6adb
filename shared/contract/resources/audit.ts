/**
 * The organization's audit log, in GitBook's shapes (`AuditEvent`, `AuditEventDetails`, `AuditEventAction` of
 * GitBook's published description): each event names who did what to what, and when.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, named, StringEnum } from '../common.ts';

/** GitBook's kinds of actor; this server records people, and `system` for changes no one made. */
export const AUDIT_ACTOR_TYPES = ['user', 'integration', 'installation', 'system', 'support'] as const;
/** GitBook's entry points of a change; every change this server records came through its API. */
export const AUDIT_SOURCES = [
  'ui',
  'api',
  'integration',
  'webhook',
  'workflow',
  'script',
  'support',
] as const;

/** The actor's `id` of changes no one made (`actor.type` `system`), also accepted by the `actor` filter. */
export const SYSTEM_ACTOR_ID = 'system';

export const AuditEventActor = named(
  'AuditEventActor',
  Type.Object({
    type: StringEnum(AUDIT_ACTOR_TYPES, { description: 'Kind of actor that initiated the change.' }),
    id: Type.String({ description: 'Stable identifier of the actor.' }),
    label: Type.Optional(
      Type.String({
        description: "Display label: the person's display name (as it is now, on this server).",
      }),
    ),
  }),
);

export const AuditEventTarget = named(
  'AuditEventTarget',
  Type.Object({
    type: Type.String({ description: 'Kind of resource affected by the change.' }),
    id: Type.String({ description: 'Stable identifier of the affected resource.' }),
    label: Type.Optional(Type.String({ description: 'Display label captured when the event was recorded.' })),
  }),
);

const auditEventFields = {
  object: Type.Literal('audit-event'),
  id: Type.String({ description: 'Unique identifier of the audit event.' }),
  occurredAt: DateTime,
  action: Type.String({ description: 'Stable action name describing the recorded change.' }),
  actor: AuditEventActor,
  source: StringEnum(AUDIT_SOURCES, { description: 'Entry point that initiated the change.' }),
  target: AuditEventTarget,
  urls: Type.Object({ location: Type.String({ description: 'URL of the audit event in the API.' }) }),
};

export const AuditEvent = named('AuditEvent', Type.Object(auditEventFields));
export type AuditEvent = Static<typeof AuditEvent>;

/** One event with what it recorded (GitBook's `allOf` of `AuditEvent` and these fields, written out as one object). */
export const AuditEventDetails = named(
  'AuditEventDetails',
  Type.Object({
    ...auditEventFields,
    schemaVersion: Type.Integer({ minimum: 1, description: 'Version of the action payload schema.' }),
    payload: Type.Record(Type.String(), Type.Unknown(), {
      description: 'Details specific to the action, as recorded with it (what changed; never secrets).',
    }),
  }),
);
export type AuditEventDetails = Static<typeof AuditEventDetails>;

export const AuditEventAction = named(
  'AuditEventAction',
  Type.Object({
    object: Type.Literal('audit-event-action'),
    id: Type.String({ description: 'Stable action identifier stored on audit events.' }),
    label: Type.String({ description: 'Human-readable label for the action.' }),
  }),
);
export type AuditEventAction = Static<typeof AuditEventAction>;

export const AuditEventActions = Type.Object({ items: Type.Array(AuditEventAction) });

/** GitBook's paging of the audit-event list: its own `limit` (1 to 100, default 20), not the lists' usual one. */
export const AUDIT_EVENTS_LIMIT_DEFAULT = 20;
export const AUDIT_EVENTS_LIMIT_MAX = 100;
