/**
 * Helpers shared by the HTTP tests of members and teams: raw requests (for inputs the typed client refuses to
 * build), error-shape assertions, the three 401 cases, and an organization the caller does not belong to.
 */
import { expect } from 'vitest';
import { buildPath, buildQuery } from '../../../shared/client.ts';
import { operations, type ErrorBody, type OperationName, type Role } from '../../../shared/contract/index.ts';
import type { TestServer, TestUser } from '../../test/harness.ts';

/** Every organization role below admin, and the guest (`null`). */
export const NON_ADMIN_ROLES: readonly (Role | null)[] = [
  'create',
  'review',
  'edit',
  'comment',
  'read',
  null,
];

/** The parts of a raw request; `body` is sent as JSON as is, `rawBody` verbatim. */
export interface RawInput {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  rawBody?: string;
  token?: string;
  /** The whole Authorization header; wins over `token`. */
  authorization?: string;
}

/** A status and a parsed body, from the typed client or from `sendRaw`. */
export interface Answer {
  status: number;
  body: unknown;
}

/** Sends one operation's request without the typed client's checks, so that any input can be tried. */
export async function sendRaw(
  server: TestServer,
  name: OperationName,
  input: RawInput = {},
): Promise<Answer> {
  const operation = operations[name];
  const headers: Record<string, string> = { accept: 'application/json' };
  const authorization =
    input.authorization ?? (input.token !== undefined ? `Bearer ${input.token}` : undefined);
  if (authorization !== undefined) headers.authorization = authorization;
  const payload = input.rawBody ?? ('body' in input ? JSON.stringify(input.body) : undefined);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(
    `${server.baseUrl}${buildPath(operation.path, input.params)}${buildQuery(input.query)}`,
    {
      method: operation.method,
      headers,
      ...(payload !== undefined ? { body: payload } : {}),
    },
  );
  const text = await response.text();
  const body: unknown = text === '' ? undefined : JSON.parse(text);
  return { status: response.status, body };
}

/** Asserts a failure: the status, the body `{ error: { code, message } }` with code === status, and the message naming each fragment. */
export function expectError(answer: Answer, status: number, ...fragments: string[]): string {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body).toEqual({ error: { code: status, message: expect.any(String) } });
  const { message } = (answer.body as ErrorBody).error;
  expect(message.length).toBeGreaterThan(0);
  for (const fragment of fragments) expect(message).toContain(fragment);
  return message;
}

/** Asserts a success status, showing the body when it is not. */
export function expectStatus(answer: Answer, status: number): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
}

/** The three ways to be unauthenticated: no header, a malformed header, an unknown token. */
export async function expectUnauthorized(
  server: TestServer,
  name: OperationName,
  input: Omit<RawInput, 'token' | 'authorization'>,
) {
  expectError(await sendRaw(server, name, input), 401, 'missing');
  expectError(
    await sendRaw(server, name, { ...input, authorization: 'Basic dXNlcjpwYXNzd29yZA==' }),
    401,
    'malformed',
  );
  expectError(await sendRaw(server, name, { ...input, authorization: 'Bearer' }), 401, 'malformed');
  expectError(
    await sendRaw(server, name, { ...input, token: 'unknown-token-0123456789abcdef' }),
    401,
    'unknown',
  );
}

/** A fresh organization with its admin. */
export function buildAdminOrg(server: TestServer, name = 'Ada Admin'): { admin: TestUser; orgId: string } {
  const admin = server.buildUser({ name });
  const org = server.buildOrg(admin);
  return { admin, orgId: org.id };
}

/** An organization the callers of a test do not belong to, with a member and a team they must never see. */
export function buildForeignOrg(server: TestServer): {
  owner: TestUser;
  orgId: string;
  member: TestUser;
  teamId: string;
} {
  const owner = server.buildUser({ name: 'Foreign Owner' });
  const { id: orgId } = server.buildOrg(owner);
  const member = server.buildMember(orgId, 'read', { name: 'Foreign Member' });
  const { id: teamId } = server.buildTeam(orgId, 'Foreign team', { [member.id]: 'owner' });
  return { owner, orgId, member, teamId };
}

/** A list page as every list operation answers it. */
export interface Page<T> {
  items: T[];
  count: number;
  next?: { page: string };
}

/** Follows `next.page` from the first page to the last; answers every page. */
export async function allPages<T>(
  fetchPage: (page: string | undefined) => Promise<Page<T>>,
): Promise<Page<T>[]> {
  const pages: Page<T>[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    pages.push(page);
    cursor = page.next?.page;
    if (pages.length > 1000) throw new Error('pagination does not end');
  } while (cursor !== undefined);
  return pages;
}

/** Moves the clock so that rows created next sort strictly after the previous ones. */
export function tick(server: TestServer, minutes = 1): void {
  server.clock.advance(minutes * 60_000);
}
