/** Helpers shared by the organization and invite route tests: raw HTTP, error assertions and the 401 cases. */
import { expect } from 'vitest';
import { createClient, type CallInput } from '../../../shared/client.ts';
import type { OperationName, Role } from '../../../shared/contract/index.ts';
import type { TestServer } from '../../test/harness.ts';

/** Every organization role, then `null` for a guest. */
export const ROLES_OR_GUEST: readonly (Role | null)[] = [
  'admin',
  'create',
  'review',
  'edit',
  'comment',
  'read',
  null,
];
/** Every role that lacks the organization's admin rights, guests included. */
export const NON_ADMIN_ROLES: readonly (Role | null)[] = [
  'create',
  'review',
  'edit',
  'comment',
  'read',
  null,
];

/** A readable name for a role in test titles. */
export const roleName = (role: Role | null): string => role ?? 'guest';

/** An id shaped like a real one that names nothing. */
export const UNKNOWN_ID = 'AAAAAAAAAAAAAAAAAAAA';

/** Any answer: the typed client's or `sendRaw`'s. */
export interface Answer {
  status: number;
  body: unknown;
}

/**
 * Sends a request around the typed client: `json` is any JSON value (wrong types included), `text` is sent as is
 * with a JSON content type, neither sends no body at all.
 */
export async function sendRaw(
  server: TestServer,
  request: { method: string; path: string; token?: string; json?: unknown; text?: string },
): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.token !== undefined) headers.authorization = `Bearer ${request.token}`;
  const text = request.text ?? (request.json !== undefined ? JSON.stringify(request.json) : undefined);
  if (text !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.baseUrl}${request.path}`, {
    method: request.method,
    headers,
    ...(text !== undefined ? { body: text } : {}),
  });
  const body = await response.text();
  return { status: response.status, body: body === '' ? undefined : (JSON.parse(body) as unknown) };
}

/**
 * Asserts a failure: the status, the body `{ error: { code, message } }` with `code` equal to the status and
 * nothing else, and a message containing every fragment. Answers the message.
 */
export function expectError(answer: Answer, status: number, ...fragments: string[]): string {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body).toEqual({ error: { code: status, message: expect.any(String) } });
  const message = (answer.body as { error: { message: string } }).error.message;
  for (const fragment of fragments) expect(message).toContain(fragment);
  return message;
}

/**
 * Asserts that an organization the caller may not see answers exactly as an id that names nothing: both 404,
 * with the same message once each id is masked.
 */
export function expectHidden(unknown: Answer, unknownId: string, foreign: Answer, foreignId: string): void {
  const unknownMessage = expectError(unknown, 404);
  const foreignMessage = expectError(foreign, 404);
  expect(foreignMessage.replaceAll(foreignId, '<id>')).toBe(unknownMessage.replaceAll(unknownId, '<id>'));
}

/** Asserts the 401 of an operation with no token, with malformed headers and with a token that names no one. */
export async function expectUnauthorized<N extends OperationName>(
  server: TestServer,
  name: N,
  input: CallInput<N>,
): Promise<void> {
  const withHeader = (authorization: string) =>
    createClient({ baseUrl: server.baseUrl, headers: { authorization } });
  const cases = [
    { client: server.client(), fragment: 'missing' },
    { client: withHeader('Token gb_api_abcdefghijklmnopqrstuvwxyz'), fragment: 'malformed' },
    { client: withHeader('Bearer'), fragment: 'malformed' },
    { client: withHeader('Bearer short'), fragment: 'malformed' },
    { client: server.client(`gb_api_${'x'.repeat(43)}`), fragment: 'unknown' },
  ];
  for (const { client, fragment } of cases) expectError(await client.request(name, input), 401, fragment);
}
