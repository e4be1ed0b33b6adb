/**
 * Checks requests and responses against GitBook's published OpenAPI description (`e2e/gitbook/openapi.json`, the
 * part of `@gitbook/api`'s `spec/openapi.json` the contract shares; `npm run gitbook:update` refreshes it).
 *
 * A request: its method and path must be an operation GitBook publishes; its path parameters, its query (no
 * parameter GitBook does not declare) and its JSON body must match their schemas. A response: its body must match
 * the schema GitBook gives for its status (else `default`, else, for an error, GitBook's `Error`).
 *
 * Each failure is one `Violation`, named by where in GitBook's description the rule is (`schema`, a JSON pointer), its
 * keyword and the value concerned, so that the departures file (`e2e/gitbook/departures.ts`) lists a rule once for
 * every operation it touches. Where a value must match one of several shapes (`oneOf`, `anyOf`), the shape it comes
 * closest to is reported (a shape whose `type`, `kind` or `object` does not match is the last choice).
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { ROOT } from './process.ts';

/** One rule of GitBook's description that a request or response breaks. */
export interface Violation {
  where: 'request' | 'response' | 'operation';
  /** GitBook's operation id, or `METHOD path` for an operation GitBook does not publish. */
  operation: string;
  /** JSON pointer of the rule in GitBook's description (`/components/schemas/Space`). */
  schema: string;
  keyword: string;
  /** The property, value or type concerned. */
  detail: string;
  /** Where in the checked value (`/items/0/urls`). */
  at: string;
}

type Json = Record<string, unknown>;

interface Route {
  operationId: string;
  method: string;
  template: string;
  pattern: RegExp;
  names: string[];
  operation: Json;
  parameters: Json[];
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const DISCRIMINATORS = new Set(['type', 'kind', 'object']);

/** GitBook's description, compiled once per process. */
export class GitBookDescription {
  readonly source: string;
  private readonly document: Json;
  private readonly ajv: Ajv2020;
  private readonly pointers = new WeakMap<object, string>();
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly routes: Route[] = [];

  constructor(file = `${ROOT}e2e/gitbook/openapi.json`) {
    this.document = JSON.parse(readFileSync(file, 'utf8')) as Json;
    this.source = String((this.document.info as Json | undefined)?.['x-source'] ?? 'GitBook');
    this.ajv = new Ajv2020({ strict: false, allErrors: true, verbose: true, validateFormats: true });
    addFormats(this.ajv);
    for (const format of ['emoji', 'icon', 'int32', 'byte']) this.ajv.addFormat(format, true);
    this.index(this.document, '');
    this.ajv.addSchema({ ...this.document, $id: 'gitbook' });
    for (const [path, item] of Object.entries(this.document.paths as Record<string, Json>)) {
      const shared = (item.parameters as Json[] | undefined) ?? [];
      for (const [method, operation] of Object.entries(item)) {
        if (method === 'parameters' || typeof operation !== 'object' || operation === null) continue;
        const op = operation as Json;
        const names: string[] = [];
        const pattern = new RegExp(
          `^/v1${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_, name: string) => {
            names.push(name);
            return '([^/]+)';
          })}$`,
        );
        const own = (op.parameters as Json[] | undefined) ?? [];
        this.routes.push({
          operationId: String(op.operationId),
          method: method.toUpperCase(),
          template: `/v1${path}`,
          pattern,
          names,
          operation: op,
          parameters: [...shared, ...own].flatMap((parameter): Json[] => {
            const resolved = this.resolve(parameter);
            return resolved === undefined ? [] : [resolved];
          }),
        });
      }
    }
  }

  /** The operation GitBook publishes for a method and path, with the path's parameters. */
  route(method: string, path: string): { route: Route; params: Record<string, string> } | undefined {
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const match = route.pattern.exec(path);
      if (match === null) continue;
      const params = Object.fromEntries(
        route.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]),
      );
      return { route, params };
    }
    return undefined;
  }

  /** What is wrong with a request of a route: path parameters, query, body. */
  checkRequest(
    route: Route,
    params: Record<string, string>,
    query: URLSearchParams,
    body: unknown,
  ): Violation[] {
    const violations: Violation[] = [];
    const at = (location: string) => (error: Violation) => ({ ...error, at: `${location}${error.at}` });
    for (const parameter of route.parameters) {
      const name = String(parameter.name);
      const where = String(parameter.in);
      if (where === 'path' && name in params)
        violations.push(
          ...this.check('request', route, parameter.schema, coerce(params[name]!, parameter.schema)).map(
            at(`path.${name}`),
          ),
        );
    }
    for (const name of new Set(query.keys())) {
      const parameter = route.parameters.find((p) => p.in === 'query' && p.name === name);
      if (parameter === undefined) {
        violations.push({
          where: 'request',
          operation: route.operationId,
          schema: `${route.template}#query`,
          keyword: 'unknown-parameter',
          detail: name,
          at: `query.${name}`,
        });
        continue;
      }
      const value = coerce(query.getAll(name).join(','), parameter.schema);
      violations.push(...this.check('request', route, parameter.schema, value).map(at(`query.${name}`)));
    }
    const content = (this.resolve(route.operation.requestBody) as Json | undefined)?.content as
      Json | undefined;
    const schema = (content?.['application/json'] as Json | undefined)?.schema;
    if (body !== undefined && schema !== undefined)
      violations.push(...this.check('request', route, schema, body).map(at('body')));
    return violations;
  }

  /** What is wrong with a response of a route (its body against the schema of its status). */
  checkResponse(route: Route, status: number, body: unknown): Violation[] {
    const responses = (route.operation.responses ?? {}) as Json;
    const declared = this.resolve(responses[String(status)] ?? responses.default) as Json | undefined;
    const content = declared?.content as Json | undefined;
    let schema = (content?.['application/json'] as Json | undefined)?.schema;
    if (declared === undefined && status >= 400) schema = { $ref: '#/components/schemas/Error' };
    if (declared === undefined && status < 400)
      return [
        {
          where: 'response',
          operation: route.operationId,
          schema: `${route.template}#responses`,
          keyword: 'status',
          detail: String(status),
          at: '',
        },
      ];
    if (schema === undefined || body === null || body === undefined) return [];
    return this.check('response', route, schema, body);
  }

  private check(where: Violation['where'], route: Route, schema: unknown, value: unknown): Violation[] {
    const validate = this.validator(schema);
    if (validate(value)) return [];
    return this.refine(validate.errors ?? [], value).map((error) => ({
      where,
      operation: route.operationId,
      schema: this.pointerOf(error.parentSchema),
      keyword: error.keyword,
      detail: detailOf(error),
      at: error.instancePath,
    }));
  }

  /** Replaces the errors of every `oneOf`/`anyOf` by those of the shape the value comes closest to. */
  private refine(errors: ErrorObject[], data: unknown): ErrorObject[] {
    const alternatives = errors
      .filter((error) => error.keyword === 'oneOf' || error.keyword === 'anyOf')
      .sort((a, b) => a.instancePath.length - b.instancePath.length);
    const top = alternatives[0];
    if (top === undefined) return errors;
    const at = top.instancePath;
    const inside = (error: ErrorObject) =>
      error.instancePath === at || error.instancePath.startsWith(`${at}/`);
    const value = valueAt(data, at);
    let best: ErrorObject[] | undefined;
    let bestScore = Infinity;
    for (const branch of top.schema as object[]) {
      const validate = this.validator(branch);
      if (validate(value)) {
        best = [];
        break;
      }
      const found = this.refine(validate.errors ?? [], value);
      const score = found.reduce(
        (sum, error) =>
          sum +
          (['enum', 'const'].includes(error.keyword) && DISCRIMINATORS.has(error.instancePath.slice(1))
            ? 100
            : 1),
        0,
      );
      if (score < bestScore) {
        bestScore = score;
        best = found.map((error) => ({ ...error, instancePath: `${at}${error.instancePath}` }));
      }
    }
    return [
      ...this.refine(
        errors.filter((error) => !inside(error)),
        data,
      ),
      ...(best ?? []),
    ];
  }

  private validator(schema: unknown): ValidateFunction {
    const pointer = typeof schema === 'object' && schema !== null ? this.pointers.get(schema) : undefined;
    const key = pointer ?? JSON.stringify(schema);
    let validate = this.validators.get(key);
    if (validate === undefined) {
      validate = this.ajv.compile(
        pointer !== undefined ? { $ref: `gitbook#${pointer}` } : (schema as object),
      );
      this.validators.set(key, validate);
    }
    return validate;
  }

  private pointerOf(schema: unknown): string {
    return (
      (typeof schema === 'object' && schema !== null ? this.pointers.get(schema) : undefined) ?? '(inline)'
    );
  }

  private resolve(value: unknown): Json | undefined {
    if (typeof value !== 'object' || value === null) return undefined;
    const ref = (value as Json).$ref;
    if (typeof ref !== 'string') return value as Json;
    return this.resolve(valueAt(this.document, ref.slice(1)));
  }

  /** Remembers the JSON pointer of every object of the description (ajv reports the objects themselves). */
  private index(value: unknown, pointer: string): void {
    if (typeof value !== 'object' || value === null) return;
    this.pointers.set(value, pointer);
    for (const [key, inner] of Object.entries(value))
      this.index(inner, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  }
}

/** The value at a JSON pointer. */
function valueAt(data: unknown, pointer: string): unknown {
  if (pointer === '') return data;
  let value = data;
  for (const part of pointer.slice(1).split('/')) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    value = typeof value === 'object' && value !== null ? (value as Json)[key] : undefined;
  }
  return value;
}

/** A path or query value as its schema's type. */
function coerce(text: string, schema: unknown): unknown {
  const type = (schema as Json | undefined)?.type;
  if (type === 'integer' || type === 'number') return text.trim() === '' ? text : Number(text);
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  if (type === 'array') return text.split(',');
  return text;
}

function detailOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (typeof params.missingProperty === 'string') return params.missingProperty;
  if (typeof params.additionalProperty === 'string') return params.additionalProperty;
  if (error.keyword === 'enum' || error.keyword === 'const') return JSON.stringify(error.data);
  if (error.keyword === 'type') return String(params.type);
  if (error.keyword === 'format') return String(params.format);
  return error.message ?? '';
}
