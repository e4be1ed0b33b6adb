/**
 * The worker-thread half of parsing a large JSON request body (the `json.parse` task; json-body.ts decides which
 * bodies come here): decoded and parsed here, and every string of `LONG_TEXT` characters or more is taken out of
 * the value and answered as UTF-8 bytes with its place, so that the main thread rebuilds it with one decode (a copy)
 * instead of parsing megabytes of text or deserializing them.
 */
import type { TaskInput, TaskOutput } from '../jobs/tasks.ts';

/** Strings at least this long travel as bytes. */
export const LONG_TEXT = 64 * 1024;

type Path = (string | number)[];

export function parseJsonTask({ bytes }: TaskInput<'json.parse'>): TaskOutput<'json.parse'> {
  const raw = new TextDecoder().decode(bytes);
  if (raw.trim() === '') return { empty: true };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return { error: (error as Error).message };
  }
  const encoder = new TextEncoder();
  const texts: { path: Path; bytes: Uint8Array }[] = [];
  // Without recursion: the body's nesting is bounded already (body-guards.ts), but a stack of work is as simple.
  const work: { holder: Record<string | number, unknown>; key: string | number; path: Path }[] = [];
  const push = (holder: unknown, path: Path) => {
    if (typeof holder !== 'object' || holder === null) return;
    const record = holder as Record<string | number, unknown>;
    for (const key of Array.isArray(holder) ? holder.keys() : Object.keys(holder))
      work.push({ holder: record, key, path: [...path, key] });
  };
  if (typeof value === 'string' && value.length >= LONG_TEXT) {
    texts.push({ path: [], bytes: encoder.encode(value) });
    return { value: null, texts };
  }
  push(value, []);
  for (let item = work.pop(); item !== undefined; item = work.pop()) {
    const child = item.holder[item.key];
    if (typeof child === 'string') {
      if (child.length < LONG_TEXT) continue;
      texts.push({ path: item.path, bytes: encoder.encode(child) });
      item.holder[item.key] = null;
    } else push(child, item.path);
  }
  return { value, texts };
}
