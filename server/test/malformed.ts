/**
 * Malformed and boundary inputs generated from the contract: for one operation, every path parameter, query
 * parameter and body field gets replaced in turn by values of the wrong type, out of bounds, very long or odd.
 */
import type { TSchema } from '@sinclair/typebox';
import type { Operation } from '../../shared/contract/index.ts';

/** One request to send: the path and query as they go on the wire, the body as JSON text (or raw text). */
export interface MalformedCase {
  label: string;
  path: string;
  query: string;
  body?: string;
  contentType?: string;
}

export interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  patternProperties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  minItems?: number;
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const node = (schema: TSchema | undefined): SchemaNode => (schema ?? {}) as SchemaNode;

const LONG = 'x'.repeat(10_000);
const UNICODE = 'Zürich ✓ 日本語 😀 \u202e\u0000 ﷽';
/** A lone surrogate: valid in a JS string and in JSON text, not in UTF-8. */
const LONE_SURROGATE = 'a\ud800b';

/** Replacement values for a body field. */
export const FIELD_VALUES: readonly (readonly [string, Json])[] = [
  ['null', null],
  ['zero', 0],
  ['negative', -1],
  ['huge number', 1e308],
  ['float', 1.5],
  ['boolean', true],
  ['empty string', ''],
  ['string', 'text'],
  ['10k string', LONG],
  ['unicode', UNICODE],
  ['lone surrogate', LONE_SURROGATE],
  ['empty array', []],
  ['mixed array', [1, 'a', null, {}, []]],
  ['array of long strings', [LONG]],
  ['empty object', {}],
  ['object', { a: { b: [1] }, role: 'admin' }],
];

/** Path segments as they go on the wire (already encoded where needed). */
const PATH_VALUES: readonly (readonly [string, string])[] = [
  ['empty', ''],
  ['space', '%20'],
  ['300 chars', 'x'.repeat(300)],
  ['1000 chars', 'y'.repeat(1000)],
  ['unicode', encodeURIComponent(UNICODE)],
  ['NUL', '%00'],
  ['dot dot', '..'],
  ['encoded dot dot', '%2e%2e'],
  ['dot', '.'],
  ['encoded slash', 'a%2Fb'],
  ['lone percent', '%'],
  ['truncated escape', '%E0%A4%A'],
  ['invalid utf-8', '%FF%FE'],
  ['encoded surrogate', '%ED%A0%80'],
  ['sql', encodeURIComponent("' OR 1=1 --")],
  ['json', encodeURIComponent('{"$ne":null}')],
  ['zero', '0'],
];

/** Query values as they go on the wire, for a parameter named `p`. */
function queryValues(p: string): (readonly [string, string])[] {
  return [
    ['text', `${p}=abc`],
    ['negative', `${p}=-1`],
    ['zero', `${p}=0`],
    ['overflow', `${p}=1e400`],
    ['huge integer', `${p}=99999999999999999999999`],
    ['float', `${p}=1.5`],
    ['repeated', `${p}=1&${p}=2`],
    ['bracket array', `${p}[]=1&${p}[]=2`],
    ['bracket object', `${p}[a]=1`],
    ['empty', `${p}=`],
    ['bare', p],
    ['unicode', `${p}=${encodeURIComponent(UNICODE)}`],
    ['5k chars', `${p}=${'q'.repeat(5000)}`],
    ['NUL', `${p}=%00`],
    ['encoded surrogate', `${p}=%ED%A0%80`],
    ['lone percent', `${p}=%`],
    ['like wildcards', `${p}=${encodeURIComponent('%_\\')}`],
    ['boolean', `${p}=true`],
    ['null', `${p}=null`],
  ];
}

const GLOBAL_QUERIES: readonly (readonly [string, string])[] = [
  ['unknown parameter', 'unknownParameter=1'],
  ['__proto__', '__proto__=1&__proto__[x]=1'],
  ['constructor', 'constructor=x&constructor[prototype][x]=1'],
  ['separators only', '&&=&'],
];

function matchesString(value: string, schema: SchemaNode): boolean {
  if (schema.minLength !== undefined && value.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  return schema.pattern === undefined || new RegExp(schema.pattern, 'u').test(value);
}

/** A value that satisfies the schema where it can (required fields only, smallest arrays). */
export function sample(schema: SchemaNode): Json {
  if (schema.default !== undefined) return schema.default as Json;
  if (schema.const !== undefined) return schema.const as Json;
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return sample(union.find((branch) => branch.type !== 'null') ?? union[0] ?? {});
  switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
    case 'object': {
      const out: { [key: string]: Json } = {};
      for (const name of schema.required ?? []) out[name] = sample(schema.properties?.[name] ?? {});
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}));
    case 'string': {
      if (schema.format === 'email') return 'someone@example.com';
      if (schema.format === 'uri') return 'https://example.com/logo.png';
      if (schema.format === 'date-time') return '2026-03-01T09:00:00.000Z';
      const candidates = ['Sample title', 'example.com', 'sample', 'abc-123', 'a'];
      const fit = candidates.find((value) => matchesString(value, schema));
      return fit ?? 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    }
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return null;
  }
}

interface Field {
  /** Property names and array indexes from the body's root. */
  path: (string | number)[];
  required: boolean;
  /** The schema of each container on the way, from the root (same length as `path`). */
  containers: SchemaNode[];
}

/** Every field of a body schema, recursing into objects, array items, records and the object forms of unions. */
function fieldsOf(
  schema: SchemaNode,
  path: (string | number)[] = [],
  containers: SchemaNode[] = [],
  depth = 0,
): Field[] {
  if (depth > 3) return [];
  const fields: Field[] = [];
  const union = schema.anyOf ?? schema.oneOf;
  if (union) {
    for (const branch of union) fields.push(...fieldsOf(branch, path, containers, depth));
    return fields;
  }
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    const field = {
      path: [...path, name],
      required: (schema.required ?? []).includes(name),
      containers: [...containers, schema],
    };
    fields.push(field, ...fieldsOf(child, field.path, field.containers, depth + 1));
  }
  for (const child of Object.values(schema.patternProperties ?? {})) {
    const field = { path: [...path, 'sample-key'], required: false, containers: [...containers, schema] };
    fields.push(field, ...fieldsOf(child, field.path, field.containers, depth + 1));
  }
  if (schema.items) {
    const field = { path: [...path, 0], required: false, containers: [...containers, schema] };
    fields.push(field, ...fieldsOf(schema.items, field.path, field.containers, depth + 1));
  }
  return fields;
}

/** A copy of `root` with the value at `path` replaced (or removed), creating the containers on the way. */
function withValue(root: Json, field: Field, value: Json | undefined): Json {
  const copy = structuredClone(root);
  if (field.path.length === 0) return value ?? null;
  let current = copy as { [key: string]: Json } | Json[];
  for (let i = 0; i < field.path.length; i++) {
    const key = field.path[i] as string | number;
    const last = i === field.path.length - 1;
    const record = current as Record<string | number, Json>;
    if (last) {
      if (value === undefined) {
        if (Array.isArray(current) && typeof key === 'number') current.splice(key, 1);
        else Reflect.deleteProperty(record, key);
      } else {
        record[key] = value;
      }
      break;
    }
    let next = record[key];
    if (typeof next !== 'object' || next === null) {
      const container = field.containers[i + 1] ?? {};
      next = Array.isArray(container.type) || container.type === 'array' ? [] : (sample(container) ?? {});
      if (typeof next !== 'object' || next === null) next = typeof field.path[i + 1] === 'number' ? [] : {};
      record[key] = next;
    }
    current = next as { [key: string]: Json } | Json[];
  }
  return copy;
}

function nested(depth: number, leaf: Json, wrap: (inner: Json) => Json): Json {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = wrap(value);
  return value;
}

/** A valid body for the operation, generated from its schema unless an override is given. */
export function baseBody(operation: Operation, override?: unknown): Json | undefined {
  if (override !== undefined) return override as Json;
  return operation.body ? sample(node(operation.body)) : undefined;
}

/** Fills the path template; `replace` swaps one parameter's value for a raw (wire) segment. */
export function fillPath(
  operation: Operation,
  ids: Record<string, string>,
  replace?: readonly [string, string],
): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    replace && replace[0] === name ? replace[1] : encodeURIComponent(ids[name] ?? 'no-such-id'),
  );
}

/** Every malformed case for one operation. */
export function malformedCases(
  operation: Operation,
  ids: Record<string, string>,
  body: Json | undefined,
): MalformedCase[] {
  const cases: MalformedCase[] = [];
  const path = fillPath(operation, ids);
  const json = body === undefined ? undefined : JSON.stringify(body);
  const withBody = (c: MalformedCase): MalformedCase =>
    json !== undefined && c.body === undefined ? { ...c, body: json } : c;

  cases.push(withBody({ label: 'valid request', path, query: '' }));
  for (const name of Object.keys(operation.params.properties)) {
    for (const [label, value] of PATH_VALUES) {
      cases.push(
        withBody({
          label: `path ${name}: ${label}`,
          path: fillPath(operation, ids, [name, value]),
          query: '',
        }),
      );
    }
  }
  const queryNames = Object.keys(operation.query.properties);
  for (const name of queryNames) {
    for (const [label, query] of queryValues(name))
      cases.push(withBody({ label: `query ${name}: ${label}`, path, query }));
  }
  for (const [label, query] of GLOBAL_QUERIES)
    cases.push(withBody({ label: `query: ${label}`, path, query }));

  const raw: (readonly [string, string, string?])[] = [
    ['null', 'null'],
    ['empty array', '[]'],
    ['array of the body', `[${json ?? '{}'}]`],
    ['string', '"text"'],
    ['number', '42'],
    ['boolean', 'true'],
    ['empty object', '{}'],
    ['deep object', JSON.stringify(nested(2000, {}, (inner) => ({ a: inner })))],
    ['deep array', JSON.stringify(nested(2000, [], (inner) => [inner]))],
    ['truncated JSON', '{"a": '],
    ['empty with JSON type', ''],
    ['text/plain', 'plain text', 'text/plain'],
    ['form', 'a=1&b=2', 'application/x-www-form-urlencoded'],
    ['malformed content type', json ?? '{}', ';;; not a type'],
    ['JSON with odd charset', json ?? '{}', 'application/json; charset=utf-16'],
    [
      '__proto__ key',
      `{"__proto__": {"polluted": true}${json && json !== '{}' ? `, ${json.slice(1)}` : '}'}`,
    ],
  ];
  for (const [label, text, contentType] of raw) {
    cases.push({
      label: `body: ${label}`,
      path,
      query: '',
      body: text,
      contentType: contentType ?? 'application/json',
    });
  }
  if (
    operation.body &&
    body !== undefined &&
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body)
  ) {
    cases.push({
      label: 'body: unknown field',
      path,
      query: '',
      body: JSON.stringify({ ...body, unknownField: 1 }),
    });
    for (const field of fieldsOf(node(operation.body))) {
      const where = field.path.join('.');
      for (const [label, value] of FIELD_VALUES) {
        cases.push({
          label: `body ${where}: ${label}`,
          path,
          query: '',
          body: JSON.stringify(withValue(body, field, value)),
        });
      }
      if (field.required) {
        cases.push({
          label: `body ${where}: missing`,
          path,
          query: '',
          body: JSON.stringify(withValue(body, field, undefined)),
        });
      }
    }
  }
  return cases;
}
