/** Raw-HTTP helpers for tests that send what the typed client cannot (bad JSON, wrong types, odd headers). */
import { expect } from 'vitest';

export interface RawAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, `undefined` when empty, or the text when it is not JSON. */
  body: unknown;
}

/** Sends one request; `body` is sent as is when a string, else as JSON. */
export async function send(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; contentType?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const headers: Record<string, string> = { ...options.headers };
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

/** Whether a body is exactly `{ error: { code, message } }` with that code and a non-empty message. */
export function isErrorShape(body: unknown, status: number): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  const error = (body as { error?: unknown }).error;
  if (keys.length !== 1 || typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    Object.keys(error).length === 2 && code === status && typeof message === 'string' && message.length > 0
  );
}

/** Asserts the status and the error shape; returns the message. */
export function expectError(answer: RawAnswer, status: number): string {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(isErrorShape(answer.body, status), JSON.stringify(answer.body)).toBe(true);
  return (answer.body as { error: { message: string } }).error.message;
}
