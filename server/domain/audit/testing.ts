/** Helpers of the audit log's tests: an organization with its admin, and the three operations over HTTP. */
import type { AuditEvent } from '../../../shared/contract/resources/audit.ts';
import type { TestServer, TestUser } from '../../test/harness.ts';
import { expectStatus, sendOperation, type RawAnswer } from '../../test/http-helpers.ts';

/** A new organization and its first admin. */
export function buildAuditedOrg(server: TestServer, name = 'Ada Admin'): { admin: TestUser; orgId: string } {
  const admin = server.buildUser({ name });
  return { admin, orgId: server.buildOrg(admin).id };
}

/** One page of the audit log, raw (any query, any caller). */
export function listEvents(
  server: TestServer,
  user: TestUser,
  orgId: string,
  query: Record<string, unknown> = {},
): Promise<RawAnswer> {
  return sendOperation(server, 'listOrganizationAuditEvents', {
    token: user.token,
    params: { organizationId: orgId },
    query,
  });
}

/** Every event the filters match, page after page (`limit` per page), asserting each page's count. */
export async function allEvents(
  server: TestServer,
  user: TestUser,
  orgId: string,
  query: Record<string, unknown> = {},
): Promise<AuditEvent[]> {
  const events: AuditEvent[] = [];
  let page: string | undefined;
  do {
    const answer = await listEvents(server, user, orgId, {
      ...query,
      ...(page !== undefined ? { page } : {}),
    });
    expectStatus(answer, 200);
    const body = answer.body as { items: AuditEvent[]; count: number; next?: { page: string } };
    events.push(...body.items);
    page = body.next?.page;
    if (page !== undefined && query.limit !== undefined) {
      if (body.items.length !== query.limit) throw new Error('a page before the last one is not full');
    }
    if (page === undefined && body.count !== events.length)
      throw new Error(`count ${body.count} ≠ ${events.length} events listed`);
  } while (page !== undefined);
  return events;
}

/** The actions of events, in list order. */
export const actionsOf = (events: readonly AuditEvent[]): string[] => events.map((event) => event.action);
