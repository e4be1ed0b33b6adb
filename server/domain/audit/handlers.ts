/**
 * The organization's audit log: GitBook's three operations over the events every write records.
 *
 * Rules:
 * - Only admins of the organization read it (403 for other members, guests included); callers outside the
 *   organization get 404, as for an organization that does not exist, and so does another organization's event.
 * - Events come newest first, in pages of 20 by default (GitBook's), up to 100; filters are exact: `actor` (a user
 *   id, or `system`), `action` (a name of the catalogue, else 400), `target` (the affected resource's id), and the
 *   time range `from`..`to`, both included (400 when reversed).
 * - Every event says `source: api`: every change this server records came through its API.
 */
import type {
  AuditEvent,
  AuditEventAction,
  AuditEventDetails,
} from '../../../shared/contract/resources/audit.ts';
import { AUDIT_EVENTS_LIMIT_DEFAULT, SYSTEM_ACTOR_ID } from '../../../shared/contract/resources/audit.ts';
import { notFound } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { listPageIn } from '../../http/pagination.ts';
import { authorize } from '../../policies/index.ts';
import type { Statements } from '../../storage/store/store.ts';
import { loadOrgAccessIn } from '../access.ts';
import { AUDIT_ACTIONS, type AuditAction } from './actions.ts';
import { EVENT_KEYS, eventQueries, findEvent, type EventRow } from './records.ts';

/** The catalogue as GitBook lists it, built once. */
const ACTION_LIST: AuditEventAction[] = (Object.entries(AUDIT_ACTIONS) as [AuditAction, string][]).map(
  ([id, label]) => ({ object: 'audit-event-action', id, label }),
);

/** What the event recorded; `{}` if its text is not a JSON object (never in practice: `recordEvent` writes it). */
function payloadOf(row: EventRow): Record<string, unknown> {
  const value: unknown = JSON.parse(row.data);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * The target's label as the event recorded it: a created, renamed or deleted item's title; for a change request
 * its subject where the event holds one, else its number (`#12`), as GitBook's app names requests.
 */
function targetLabel(type: string, payload: Record<string, unknown>): string | undefined {
  if (typeof payload.title === 'string') return payload.title;
  if (type !== 'change_request') return undefined;
  if (typeof payload.subject === 'string' && payload.subject !== '') return payload.subject;
  return typeof payload.number === 'number' ? `#${payload.number}` : undefined;
}

function presentEvent(row: EventRow, payload: Record<string, unknown>, baseUrl: string): AuditEvent {
  const label = targetLabel(row.subject_type, payload);
  return {
    object: 'audit-event',
    id: row.id,
    occurredAt: row.created_at,
    action: row.action,
    actor:
      row.actor_id === null
        ? { type: 'system', id: SYSTEM_ACTOR_ID }
        : { type: 'user', id: row.actor_id, ...(row.actor_name !== null ? { label: row.actor_name } : {}) },
    source: 'api',
    // The label it had then, as the event recorded it.
    target: { type: row.subject_type, id: row.subject_id, ...(label !== undefined ? { label } : {}) },
    urls: { location: `${baseUrl}/v1/orgs/${row.organization_id}/audit-events/${row.id}` },
  };
}

/** The caller, once checked: a member (else 404) and an admin (else 403). */
async function checkAdmin(on: Statements, organizationId: string, userId: string): Promise<void> {
  const { actor } = await loadOrgAccessIn(on, organizationId, userId);
  authorize(actor, 'organization.viewAuditLog', null);
}

export const auditHandlers = {
  listOrganizationAuditEvents: async ({ params, query, actor, services: { store }, baseUrl }) => {
    await checkAdmin(store, params.organizationId, actor.userId);
    return listPageIn({
      // The contract's default fills `limit`; the lists' usual default (50) is not GitBook's for this list.
      query: { ...query, limit: query.limit ?? AUDIT_EVENTS_LIMIT_DEFAULT },
      keys: EVENT_KEYS,
      ...eventQueries(store, params.organizationId, query),
      keyOf: (row) => [row.created_at, row.id],
      present: (row) => presentEvent(row, payloadOf(row), baseUrl),
    });
  },

  getOrganizationAuditEvent: async ({
    params,
    actor,
    services: { store },
    baseUrl,
  }): Promise<AuditEventDetails> => {
    await checkAdmin(store, params.organizationId, actor.userId);
    const row = await findEvent(store, params.organizationId, params.auditEventId);
    if (!row) throw notFound(`no audit event with id \`${params.auditEventId}\` in this organization`);
    const payload = payloadOf(row);
    return { ...presentEvent(row, payload, baseUrl), schemaVersion: 1, payload };
  },

  listOrganizationAuditEventActions: async ({ params, actor, services: { store } }) => {
    await checkAdmin(store, params.organizationId, actor.userId);
    return { items: ACTION_LIST };
  },
} satisfies Handlers;
