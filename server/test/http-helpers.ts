/**
 * Helpers of the HTTP tests: raw requests (for what the typed client refuses to send: bad JSON, wrong types,
 * odd headers), error-shape assertions, the 401 cases, and role lists.
 */
import { connect } from 'node:net';
import { expect } from 'vitest';
import { buildPath, buildQuery } from '../../shared/client.ts';
import { operations, type OperationName, type Role } from '../../shared/contract/index.ts';
import type { TestServer } from './harness.ts';

/** Any answer: a status and a parsed body (the typed client's answers fit too). */
export interface Answer {
  status: number;
  body: unknown;
}

export interface RawAnswer extends Answer {
  headers: Headers;
}

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
export const NON_ADMIN_ROLES: readonly (Role | null)[] = ROLES_OR_GUEST.filter((role) => role !== 'admin');
/** A readable name for a role in test titles. */
export const roleName = (role: Role | null): string => role ?? 'guest';
/** An id shaped like a real one that names nothing. */
export const UNKNOWN_ID = 'AAAAAAAAAAAAAAAAAAAA';

/** Sends one request; `body` is sent as is when a string, else as JSON. */
export async function send(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; contentType?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined;
  if (options.body !== undefined) {
    payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] = options.contentType ?? 'application/json';
  } else if (options.contentType !== undefined) {
    headers['content-type'] = options.contentType;
  }
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(payload !== undefined ? { body: payload } : {}),
  });
  const text = await response.text();
  let body: unknown = undefined;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: response.status, headers: response.headers, body };
}

/** The parts of an operation's request sent raw; `body` is sent as JSON, `rawBody` verbatim. */
export interface RawInput {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  rawBody?: string;
  token?: string;
  /** The whole Authorization header; wins over `token`. */
  authorization?: string;
}

/** Sends one operation's request without the typed client's checks, so that any input can be tried. */
export async function sendOperation(
  server: TestServer,
  name: OperationName,
  input: RawInput = {},
): Promise<RawAnswer> {
  const operation = operations[name];
  const headers: Record<string, string> = {};
  if (input.authorization !== undefined) headers.authorization = input.authorization;
  const body =
    input.rawBody ?? ('body' in input && input.body !== undefined ? JSON.stringify(input.body) : undefined);
  return send(
    server.baseUrl,
    operation.method,
    `${buildPath(operation.path, input.params)}${buildQuery(input.query)}`,
    {
      ...(input.token !== undefined && input.authorization === undefined ? { token: input.token } : {}),
      ...(body !== undefined ? { body } : {}),
      headers,
    },
  );
}

/** Whether a body is exactly `{ error: { code, message } }` with that code and a non-empty message. */
export function isErrorShape(body: unknown, status: number): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const error = (body as { error?: unknown }).error;
  if (Object.keys(body).length !== 1 || typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    Object.keys(error).length === 2 && code === status && typeof message === 'string' && message.length > 0
  );
}

/** Asserts a failure: the status, the exact error shape with code === status, and a message naming each fragment. */
export function expectError(answer: Answer, status: number, ...fragments: string[]): string {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(isErrorShape(answer.body, status), JSON.stringify(answer.body)).toBe(true);
  const message = (answer.body as { error: { message: string } }).error.message;
  for (const fragment of fragments) expect(message).toContain(fragment);
  return message;
}

/** Asserts a success status, showing the body when it is not. */
export function expectStatus(answer: Answer, status: number): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
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

/** The ways to be unauthenticated: no header, malformed headers, a token that names no one. */
export async function expectUnauthorized(
  server: TestServer,
  name: OperationName,
  input: Omit<RawInput, 'token' | 'authorization'>,
): Promise<void> {
  const cases: [string | undefined, string][] = [
    [undefined, 'missing'],
    ['Basic dXNlcjpwYXNzd29yZA==', 'malformed'],
    ['Token gb_api_abcdefghijklmnopqrstuvwxyz', 'malformed'],
    ['Bearer', 'malformed'],
    ['Bearer short', 'malformed'],
    [`Bearer gb_api_${'x'.repeat(43)}`, 'unknown'],
  ];
  for (const [authorization, fragment] of cases) {
    const answer = await sendOperation(server, name, {
      ...input,
      ...(authorization !== undefined ? { authorization } : {}),
    });
    expectError(answer, 401, fragment);
  }
}

/** Writes `requests` on one connection at once (HTTP/1.1 pipelining) and answers the status of each response. */
export function pipelined(baseUrl: string, requests: readonly string[]): Promise<number[]> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let received = '';
    const codes = () => [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
    const socket = connect(Number(port), hostname, () => socket.write(requests.join('')));
    socket.on('error', reject);
    // The server may close the connection before the last answer (after a failure): what came until then.
    socket.on('close', () => resolve(codes()));
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (codes().length >= requests.length) socket.destroy();
    });
  });
}
