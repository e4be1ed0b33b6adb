/**
 * No input makes the server fail: every implemented operation receives malformed and boundary values in each
 * path parameter, query parameter and body field (generated from the contract, so new operations are covered
 * without editing this file) and must answer below 500, with the error shape on every failure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationList, type OperationName } from '../../shared/contract/index.ts';
import { handlers } from '../http/handlers.ts';
import { fixture, prepareFor, validBody } from './fixtures.ts';
import { startTestServer, type TestServer, type TestUser } from './harness.ts';
import { isErrorShape, send } from './http-helpers.ts';
import { fillPath, malformedCases, type MalformedCase } from './malformed.ts';

/** Required query parameters the generator leaves out, added to every case that does not set them itself. */
const QUERY_OVERRIDES: Partial<
  Record<OperationName, (ids: Record<string, string | number>) => Record<string, string>>
> = {
  searchOrganizationContent: () => ({ query: 'Introduction' }),
  listRevisionDocuments: (ids) => ({ ids: String(ids['documentId']) }),
};

/** Concurrent requests in flight. */
const PARALLEL = 24;

const implemented = operationList.filter((operation) => operation.name in handlers);

describe('no 500 for any input', () => {
  let server: TestServer;
  let admin: TestUser;
  let foreign: Record<string, string>;
  let transferOrganizationId: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = server.buildUser({ email: 'admin@example.com' });
    foreign = fixture(server, server.buildUser());
    // A second organization of the caller, for the transfers.
    transferOrganizationId = server.buildOrg(admin).id;
  });
  afterAll(async () => server.close());

  it('has implemented operations to check', () => {
    expect(implemented.length).toBeGreaterThan(0);
  });

  it.each(implemented.map((operation) => [operation.name, operation] as const))(
    '%s',
    async (_name, operation) => {
      const ids: Record<string, string> = { ...fixture(server, admin), transferOrganizationId };
      prepareFor(server, operation, ids, admin);
      const name = operation.name as OperationName;
      const body = validBody(operation, ids);
      // fetch sends no body with GET: those cases cannot be sent (and Fastify ignores GET bodies anyway).
      const required = QUERY_OVERRIDES[name]?.(ids) ?? {};
      const cases: MalformedCase[] = malformedCases(operation, ids, body)
        .filter((c) => operation.method !== 'GET' || c.body === undefined)
        .map((c) => {
          const given = new URLSearchParams(c.query);
          const missing = Object.entries(required).filter(([key]) => !given.has(key));
          if (missing.length === 0) return c;
          const added = new URLSearchParams(missing).toString();
          return { ...c, query: c.query === '' ? added : `${c.query}&${added}` };
        });
      for (const name of Object.keys(operation.params.properties)) {
        const other = foreign[name];
        if (other !== undefined && other !== ids[name]) {
          const path = fillPath(operation, ids, [name, encodeURIComponent(other)]);
          cases.push({
            label: `path ${name}: another organization's id`,
            path,
            query: '',
            ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
          });
        }
      }

      const failures: string[] = [];
      const statuses = new Map<string, number>();
      const run = async (c: MalformedCase) => {
        const target = `${c.path}${c.query === '' ? '' : `?${c.query}`}`;
        try {
          const answer = await send(server.baseUrl, operation.method, target, {
            token: admin.token,
            ...(c.body !== undefined
              ? { body: c.body, contentType: c.contentType ?? 'application/json' }
              : {}),
          });
          statuses.set(c.label, answer.status);
          const summary = `${c.label}: ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 200)}`;
          // 501 is the designed answer of an operation not implemented yet (`..` can lead to one).
          if (answer.status >= 500 && answer.status !== 501) failures.push(summary);
          else if (answer.status >= 300 && !isErrorShape(answer.body, answer.status))
            failures.push(`not the error shape: ${summary}`);
        } catch (error) {
          failures.push(`${c.label}: request failed: ${(error as Error).message}`);
        }
      };
      // The valid request first and alone: a one-shot operation (restore, revoke) must not lose the race to a
      // case that is valid too (an unknown query parameter, a body it ignores).
      const [first, ...rest] = cases;
      if (first !== undefined) await run(first);
      for (let i = 0; i < rest.length; i += PARALLEL) await Promise.all(rest.slice(i, i + PARALLEL).map(run));

      expect(failures, `${failures.length} of ${cases.length} cases failed`).toEqual([]);
      // The valid request passes validation, so that the malformed ones reach as deep as they can.
      const valid = statuses.get('valid request');
      expect(valid, 'the generated valid request').not.toBe(400);
      expect(valid).not.toBe(404);
    },
  );
});
