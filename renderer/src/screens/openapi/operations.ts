/**
 * The diff of two OpenAPI documents by operation: pure, so that the screen, its worker and the tests share it.
 *
 * Rules:
 * - An operation is one method (get, put, post, delete, options, head, patch, trace) of one path of `paths`, in an
 *   OpenAPI 3.x or a Swagger 2.0 document. A path item that is an internal `$ref` (`#/…`) is followed.
 * - Operations are matched by method and path template, the names of the path's variables aside
 *   (`/pets/{id}` and `/pets/{petId}` are the same operation: OpenAPI forbids two such paths in one document).
 * - An operation's parameters are its effective ones: the path item's, overridden by the operation's of the same
 *   `name` and `in`, ordered by `in` then `name` (a reordering is no change). In Swagger 2.0, `body` and
 *   `formData` parameters are the request body (with `consumes`), as OpenAPI 3 has them.
 * - Two matched operations differ when a stable JSON (keys sorted) of one of their parts differs: parameters,
 *   request body, responses, summary, description, deprecated, or anything else (tags, security, servers,
 *   callbacks, operationId, extensions…). References are compared as written: a change inside a shared schema
 *   shows on the operations only where their own text changed.
 */

/** The methods of a path item that are operations, in the order they are listed. */
export const OPERATION_METHODS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
] as const;
export type OperationMethod = (typeof OPERATION_METHODS)[number];

/** The parts of an operation that a change is reported in. */
export const OPERATION_PARTS = [
  'parameters',
  'requestBody',
  'responses',
  'summary',
  'description',
  'deprecated',
  'other',
] as const;
export type OperationPart = (typeof OPERATION_PARTS)[number];

/** One operation of a document. */
export interface OperationSummary {
  /** `METHOD /path/{}`: what matches an operation across documents. */
  key: string;
  method: OperationMethod;
  path: string;
  operationId?: string;
  summary?: string;
  deprecated: boolean;
}

/** An operation of both documents whose parts differ. */
export interface ChangedOperation extends OperationSummary {
  /** The operation in the older document (its path may name its variables differently). */
  before: OperationSummary;
  parts: OperationPart[];
}

/** What a document is, as far as the diff says. */
export interface DocumentKind {
  /** `OpenAPI 3.1.0`, `Swagger 2.0`, or `Unknown format`. */
  format: string;
  /** `info.version`, if any. */
  version?: string;
  title?: string;
}

/** The diff of two documents by operation; each list ordered by path, then method. */
export interface OperationDiff {
  base: DocumentKind;
  head: DocumentKind;
  added: OperationSummary[];
  removed: OperationSummary[];
  changed: ChangedOperation[];
  unchanged: number;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** JSON with object keys sorted at every level: equal values give equal text whatever their key order. */
export function stableJson(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => stableJson(item ?? null)).join(',')}]`;
  const entries = Object.keys(value as Json)
    .filter((key) => (value as Json)[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${stableJson((value as Json)[key])}`);
  return `{${entries.join(',')}}`;
}

/** Follows an internal reference (`#/a/b`), or answers `undefined`. */
function resolvePointer(document: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    node = (node as Json)[segment];
  }
  return node;
}

/** The path item, or what its internal `$ref` points at (a few hops at most). */
function pathItem(document: Json, value: unknown): Json | undefined {
  let item = value;
  for (let hops = 0; hops < 5 && isObject(item) && typeof item.$ref === 'string'; hops++) {
    const target = resolvePointer(document, item.$ref);
    if (!isObject(target)) return isObject(item) ? item : undefined;
    item = target;
  }
  return isObject(item) ? item : undefined;
}

/** What the diff says a document is. */
export function documentKind(document: unknown): DocumentKind {
  if (!isObject(document)) return { format: 'Unknown format' };
  const info = isObject(document.info) ? document.info : {};
  const version = text(info.version);
  const title = text(info.title);
  const format =
    typeof document.openapi === 'string'
      ? `OpenAPI ${document.openapi}`
      : document.swagger !== undefined
        ? `Swagger ${String(document.swagger)}`
        : 'Unknown format';
  return { format, ...(version !== undefined ? { version } : {}), ...(title !== undefined ? { title } : {}) };
}

/** The path with its variables' names left out: `/pets/{petId}` → `/pets/{}`. */
export const pathTemplate = (path: string) => path.replace(/\{[^}]*\}/g, '{}');

/** One operation of a document with its parts in comparable form. */
export interface ExtractedOperation extends OperationSummary {
  parts: Record<OperationPart, unknown>;
}

const parameterKey = (parameter: unknown, document: Json): string => {
  const target =
    isObject(parameter) && typeof parameter.$ref === 'string'
      ? resolvePointer(document, parameter.$ref)
      : parameter;
  if (!isObject(target)) return `~${stableJson(parameter)}`;
  return `${text(target.in) ?? ''}\u0000${text(target.name) ?? ''}`;
};

/** The path item's parameters overridden by the operation's, ordered by `in` then `name`. */
function effectiveParameters(document: Json, item: Json, operation: Json): unknown[] {
  const byKey = new Map<string, unknown>();
  for (const list of [item.parameters, operation.parameters])
    if (Array.isArray(list))
      for (const parameter of list) byKey.set(parameterKey(parameter, document), parameter);
  return [...byKey.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, parameter]) => parameter);
}

const KNOWN_KEYS = new Set([
  'parameters',
  'requestBody',
  'responses',
  'summary',
  'description',
  'deprecated',
]);

/** The operations of a document (OpenAPI 3.x or Swagger 2.0), by key. */
export function extractOperations(document: unknown): Map<string, ExtractedOperation> {
  const operations = new Map<string, ExtractedOperation>();
  if (!isObject(document) || !isObject(document.paths)) return operations;
  const swagger = document.swagger !== undefined && typeof document.openapi !== 'string';
  for (const [path, value] of Object.entries(document.paths)) {
    if (!path.startsWith('/')) continue; // `x-…` extensions of the paths object.
    const item = pathItem(document, value);
    if (item === undefined) continue;
    for (const method of OPERATION_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      let parameters = effectiveParameters(document, item, operation);
      let requestBody: unknown = operation.requestBody;
      if (swagger) {
        const inBody = (parameter: unknown) => {
          const target =
            isObject(parameter) && typeof parameter.$ref === 'string'
              ? resolvePointer(document, parameter.$ref)
              : parameter;
          return isObject(target) && (target.in === 'body' || target.in === 'formData');
        };
        const body = parameters.filter(inBody);
        parameters = parameters.filter((parameter) => !inBody(parameter));
        requestBody =
          body.length > 0
            ? { parameters: body, consumes: operation.consumes ?? document.consumes ?? null }
            : undefined;
      }
      const other: Json = {};
      for (const [key, part] of Object.entries(operation)) if (!KNOWN_KEYS.has(key)) other[key] = part;
      const operationId = text(operation.operationId);
      const summary = text(operation.summary);
      const key = `${method.toUpperCase()} ${pathTemplate(path)}`;
      operations.set(key, {
        key,
        method,
        path,
        ...(operationId !== undefined ? { operationId } : {}),
        ...(summary !== undefined ? { summary } : {}),
        deprecated: operation.deprecated === true,
        parts: {
          parameters,
          requestBody,
          responses: operation.responses,
          summary: operation.summary,
          description: operation.description,
          deprecated: operation.deprecated === true,
          other,
        },
      });
    }
  }
  return operations;
}

const summaryOf = ({ parts: _parts, ...summary }: ExtractedOperation): OperationSummary => summary;

/** Orders operations by path, then by method in the order OpenAPI lists them. */
export function compareOperations(a: OperationSummary, b: OperationSummary): number {
  if (a.path !== b.path) return a.path < b.path ? -1 : 1;
  return OPERATION_METHODS.indexOf(a.method) - OPERATION_METHODS.indexOf(b.method);
}

/** The diff by operation from `base` (the older document) to `head` (the newer one). */
export function diffOperations(base: unknown, head: unknown): OperationDiff {
  const before = extractOperations(base);
  const after = extractOperations(head);
  const added: OperationSummary[] = [];
  const removed: OperationSummary[] = [];
  const changed: ChangedOperation[] = [];
  let unchanged = 0;
  for (const [key, operation] of after) {
    const old = before.get(key);
    if (old === undefined) {
      added.push(summaryOf(operation));
      continue;
    }
    const parts = OPERATION_PARTS.filter(
      (part) => stableJson(old.parts[part]) !== stableJson(operation.parts[part]),
    );
    if (parts.length === 0) unchanged++;
    else changed.push({ ...summaryOf(operation), before: summaryOf(old), parts });
  }
  for (const [key, operation] of before) if (!after.has(key)) removed.push(summaryOf(operation));
  return {
    base: documentKind(base),
    head: documentKind(head),
    added: added.sort(compareOperations),
    removed: removed.sort(compareOperations),
    changed: changed.sort(compareOperations),
    unchanged,
  };
}

/**
 * About how many characters the JSON of `value` has, counting no further than `limit` (so that measuring a
 * large document costs no more than reading `limit` characters of it).
 */
export function approximateJsonSize(value: unknown, limit: number): number {
  let size = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && size <= limit) {
    const node = stack.pop();
    if (typeof node === 'string') size += node.length + 2;
    else if (Array.isArray(node)) {
      size += 2 + node.length;
      for (const item of node) stack.push(item);
    } else if (isObject(node)) {
      size += 2;
      for (const key in node) {
        size += key.length + 4;
        stack.push(node[key]);
        if (size > limit) break;
      }
    } else size += 5;
  }
  return size;
}

/** The document of a version's content: `openapi.json` or `openapi.yaml`, else its first file. */
export function entryDocument(filesystem: Record<string, unknown>): unknown {
  return filesystem['openapi.json'] ?? filesystem['openapi.yaml'] ?? Object.values(filesystem)[0];
}
