/**
 * The warm-up check that the anchor answers what the real server answers: the same requests to both, and the
 * same keys and values in both bodies (each server's own address aside, in `urls.location`). A difference is a
 * broken setup: the suite stops rather than compare servers doing different work.
 */
import { isDeepStrictEqual } from 'node:util';
import type { RequestSpec, Target } from './load.ts';

/** Every key path of a JSON value (`items[].user.urls.location`), sorted. */
export function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) {
    return [...new Set(value.flatMap((item) => keyPaths(item, `${prefix}[]`)))].sort();
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value)
      .flatMap(([key, inner]) => {
        const path = prefix === '' ? key : `${prefix}.${key}`;
        return [path, ...keyPaths(inner, path)];
      })
      .sort();
  }
  return [];
}

async function answer(baseUrl: string, target: Target, spec: RequestSpec): Promise<unknown> {
  const response = await fetch(baseUrl + spec.path, {
    method: spec.method,
    headers: target.headers,
    ...(spec.body !== undefined ? { body: spec.body } : {}),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${spec.method} ${spec.path} on ${baseUrl} answered ${response.status}: ${text}`);
  // Each server names itself in `urls.location`: put a placeholder in place of either address.
  return JSON.parse(text.replaceAll(baseUrl, 'http://server'));
}

/**
 * Sends `count` requests of `target` (its next ones) to both servers, one server after the other, and throws
 * naming the first request whose answers differ in their keys or their values.
 */
export async function checkSameAnswers(
  target: Target,
  oursUrl: string,
  anchorUrl: string,
  count: number,
): Promise<void> {
  for (let i = 0; i < count; i++) {
    const spec = target.next();
    const ours = await answer(oursUrl, target, spec);
    const anchor = await answer(anchorUrl, target, spec);
    const request = `${target.label} (${spec.method} ${spec.path})`;
    const oursKeys = keyPaths(ours);
    const anchorKeys = keyPaths(anchor);
    if (!isDeepStrictEqual(oursKeys, anchorKeys)) {
      const only = (a: string[], b: string[]) => a.filter((key) => !b.includes(key)).join(', ') || 'none';
      throw new Error(
        `anchor check: ${request}: keys only ours has: ${only(oursKeys, anchorKeys)}; only the anchor has: ${only(anchorKeys, oursKeys)}`,
      );
    }
    if (!isDeepStrictEqual(ours, anchor)) {
      throw new Error(
        `anchor check: ${request}: same keys, different values:\nours:   ${JSON.stringify(ours).slice(0, 600)}\nanchor: ${JSON.stringify(anchor).slice(0, 600)}`,
      );
    }
  }
}
