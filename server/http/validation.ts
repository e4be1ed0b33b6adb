/** Validators for the contract's schemas, and error messages that name the field and the rule. */
import { _, Ajv, str, type CodeKeywordDefinition, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { displayTextError } from '../../shared/contract/display-text.ts';

/**
 * The code points of `text` (a pair of surrogates counts one, as JSON Schema counts characters), counted up to
 * `limit + 1` at most: enough to compare with `limit`, in time bounded by the limit rather than by the text.
 */
export function codePointsUpTo(text: string, limit: number): number {
  let count = 0;
  for (let i = 0; i < text.length && count <= limit; count++) {
    const code = text.charCodeAt(i++);
    if (code >= 0xd800 && code <= 0xdbff && i < text.length && (text.charCodeAt(i) & 0xfc00) === 0xdc00) i++;
  }
  return count;
}

/**
 * `minLength` and `maxLength` as Ajv's own (same errors), but counting at most one character past the limit:
 * Ajv's count walks the whole string, and a body's text may be megabytes (an OpenAPI document has `minLength: 1`).
 */
const boundedLengths: CodeKeywordDefinition = {
  keyword: ['maxLength', 'minLength'],
  type: 'string',
  schemaType: 'number',
  $data: true,
  error: {
    message: ({ keyword, schemaCode }) =>
      str`must NOT have ${keyword === 'maxLength' ? 'more' : 'fewer'} than ${schemaCode} characters`,
    params: ({ schemaCode }) => _`{limit: ${schemaCode}}`,
  },
  code(cxt) {
    const { keyword, data, schemaCode, gen } = cxt;
    const count = gen.scopeValue('func', { ref: codePointsUpTo });
    cxt.fail$data(_`${count}(${data}, ${schemaCode}) ${keyword === 'maxLength' ? _`>` : _`<`} ${schemaCode}`);
  },
};

function makeAjv(options: { coerceTypes: boolean | 'array'; useDefaults: boolean }): Ajv {
  const ajv = new Ajv({
    allErrors: false,
    strict: false,
    removeAdditional: false,
    coerceTypes: options.coerceTypes,
    useDefaults: options.useDefaults,
    // Errors carry their schema, so that a wrong type on a literal or an enum lists the accepted values.
    verbose: true,
  });
  addFormats.default(ajv);
  ajv.removeKeyword('maxLength').removeKeyword('minLength').addKeyword(boundedLengths);
  return ajv;
}

/** Bodies are JSON: no coercion, no defaults. */
export const bodyAjv = makeAjv({ coerceTypes: false, useDefaults: false });
/** Query strings and path parameters arrive as text: coerce to the declared types, fill defaults. */
export const textAjv = makeAjv({ coerceTypes: 'array', useDefaults: true });
/** Responses are checked strictly (in tests). */
export const responseAjv = makeAjv({ coerceTypes: false, useDefaults: false });

const PART_NAMES: Record<string, string> = {
  body: 'body field',
  querystring: 'query parameter',
  params: 'path parameter',
  headers: 'header',
};

/** `/members/3/role` → `members[3].role`. */
function fieldPath(instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (extra !== undefined) parts.push(extra);
  let path = '';
  for (const part of parts) {
    const decoded = part.replace(/~1/g, '/').replace(/~0/g, '~');
    path += /^\d+$/.test(decoded) ? `[${decoded}]` : path === '' ? decoded : `.${decoded}`;
  }
  return path;
}

/** The values a literal or an enum accepts, from the schema of a failed check (any keyword). */
function acceptedValues(error: ErrorObject): string[] | undefined {
  const schema = error.parentSchema as { const?: unknown; enum?: unknown } | undefined;
  if (schema?.const !== undefined) return [JSON.stringify(schema.const)];
  if (Array.isArray(schema?.enum)) return schema.enum.map((v: unknown) => JSON.stringify(v));
  return undefined;
}

/** One sentence naming the field and the rule it breaks. */
export function describeValidationError(context: string, error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const part = PART_NAMES[context] ?? context;
  switch (error.keyword) {
    case 'required':
      return `${part} \`${fieldPath(error.instancePath, String(params.missingProperty))}\` is required`;
    case 'additionalProperties':
      return `${part} \`${fieldPath(error.instancePath, String(params.additionalProperty))}\` is not allowed here`;
    case 'type':
    case 'const': {
      const accepted = acceptedValues(error);
      if (!accepted) return breaks(context, error);
      return `${part} \`${fieldPath(error.instancePath)}\` must be ${accepted.length > 1 ? 'one of ' : ''}${accepted.join(', ')}`;
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ');
      return `${part} \`${fieldPath(error.instancePath)}\` must be one of ${allowed}`;
    }
    case 'pattern': {
      const problem = displayTextError(error.parentSchema, error.data);
      if (problem !== undefined) return `${part} \`${fieldPath(error.instancePath)}\` ${problem}`;
      // A pattern alone rarely tells a person what to type: add the schema's description when it has one.
      const description = (error.parentSchema as { description?: unknown } | undefined)?.description;
      const rule = breaks(context, error);
      return typeof description === 'string' ? `${rule} (${description})` : rule;
    }
    default:
      return breaks(context, error);
  }
}

/** Ajv's own wording of the rule, after the field's name. */
function breaks(context: string, error: ErrorObject): string {
  const path = fieldPath(error.instancePath);
  const part = PART_NAMES[context] ?? context;
  if (path === '') return `${context === 'body' ? 'body' : part} ${error.message ?? 'is invalid'}`;
  return `${part} \`${path}\` ${error.message ?? 'is invalid'}`;
}

let isolation = 0;
/**
 * Recursive schemas carry an `$id` and appear inside many operations; Ajv refuses a second schema with the same
 * id, so each compiled copy gets ids of its own.
 */
function isolateIds(schema: object): object {
  const text = JSON.stringify(schema);
  if (!text.includes('"$id"')) return schema;
  const suffix = `~${++isolation}`;
  return JSON.parse(text, (key, value: unknown) =>
    (key === '$id' || key === '$ref') && typeof value === 'string' && !value.startsWith('#')
      ? `${value}${suffix}`
      : value,
  ) as object;
}

/** Compiles once per schema object. */
const cache = new WeakMap<Ajv, WeakMap<object, ValidateFunction>>();
export function compile(ajv: Ajv, schema: object): ValidateFunction {
  let byAjv = cache.get(ajv);
  if (!byAjv) {
    byAjv = new WeakMap();
    cache.set(ajv, byAjv);
  }
  let validate = byAjv.get(schema);
  if (!validate) {
    validate = ajv.compile(isolateIds(schema));
    byAjv.set(schema, validate);
  }
  return validate;
}

/** Whether `compile` has compiled `schema` with `ajv` already. */
export function hasValidator(ajv: Ajv, schema: object): boolean {
  return cache.get(ajv)?.has(schema) === true;
}

const isUnion = (error: ErrorObject) => error.keyword === 'anyOf' || error.keyword === 'oneOf';

/** How a union branch that failed on its own level reads in a list of accepted forms, if it is that simple. */
function formOf(error: ErrorObject): string[] | undefined {
  const params = error.params as Record<string, unknown>;
  const accepted = acceptedValues(error);
  if (accepted) return accepted;
  if (error.keyword === 'enum') return (params.allowedValues as unknown[]).map((v) => JSON.stringify(v));
  if (error.keyword === 'const') return [JSON.stringify(params.allowedValue)];
  if (error.keyword === 'type') {
    const type = String(params.type);
    return [type === 'null' ? 'null' : `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`];
  }
  return undefined;
}

/**
 * The message for a failed validation. For a value that matches none of a union's forms (unions nest: a nullable
 * enum is a union of a union of literals and null), it lists the accepted forms; when a branch got further (an
 * object with one wrong field), it describes that field instead.
 */
export function describeValidationErrors(context: string, errors: readonly ErrorObject[]): string {
  const first = errors[0];
  if (!first) return `${PART_NAMES[context] ?? context} is invalid`;
  const unions = errors.filter(isUnion);
  if (unions.length === 0) return describeValidationError(context, first);
  const outer = unions.reduce((a, b) => (b.instancePath.length < a.instancePath.length ? b : a));
  const deeper = errors.filter((e) => e.instancePath.startsWith(`${outer.instancePath}/`));
  if (deeper.length > 0) return describeValidationErrors(context, deeper);
  const branches = errors.filter((e) => !isUnion(e) && e.instancePath === outer.instancePath);
  const specific = branches.find((e) => formOf(e) === undefined);
  if (specific) return describeValidationError(context, specific);
  const forms = [...new Set(branches.flatMap((e) => formOf(e) ?? []))];
  if (forms.length === 0) return describeValidationError(context, first);
  const part = PART_NAMES[context] ?? context;
  const path = fieldPath(outer.instancePath);
  const subject = path === '' ? (context === 'body' ? 'body' : part) : `${part} \`${path}\``;
  return `${subject} must be ${forms.length > 1 ? 'one of ' : ''}${forms.join(', ')}`;
}

/** A validator compiled on first use: with 130 operations, compiling every schema at start-up costs time and memory. */
export function lazyValidator(
  ajv: Ajv,
  schema: object,
): ((data: unknown) => boolean) & { errors?: ErrorObject[] | null } {
  let real: ValidateFunction | undefined;
  const validate = (data: unknown): boolean => {
    real ??= compile(ajv, schema);
    const valid = real(data) as boolean;
    validate.errors = real.errors ?? null;
    return valid;
  };
  validate.errors = null as ErrorObject[] | null;
  return validate;
}
