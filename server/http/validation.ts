/** Validators for the contract's schemas, and error messages that name the field and the rule. */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

function makeAjv(options: { coerceTypes: boolean | 'array'; useDefaults: boolean }): Ajv {
  const ajv = new Ajv({
    allErrors: false,
    strict: false,
    removeAdditional: false,
    coerceTypes: options.coerceTypes,
    useDefaults: options.useDefaults,
  });
  addFormats.default(ajv);
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

/** One sentence naming the field and the rule it breaks. */
export function describeValidationError(context: string, error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const part = PART_NAMES[context] ?? context;
  switch (error.keyword) {
    case 'required':
      return `${part} \`${fieldPath(error.instancePath, String(params.missingProperty))}\` is required`;
    case 'additionalProperties':
      return `${part} \`${fieldPath(error.instancePath, String(params.additionalProperty))}\` is not allowed here`;
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ');
      return `${part} \`${fieldPath(error.instancePath)}\` must be one of ${allowed}`;
    }
    default: {
      const path = fieldPath(error.instancePath);
      if (path === '' && context === 'body') return `body ${error.message ?? 'is invalid'}`;
      return `${part} \`${path}\` ${error.message ?? 'is invalid'}`;
    }
  }
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
    (key === '$id' || key === '$ref') && typeof value === 'string' && !value.startsWith('#') ? `${value}${suffix}` : value,
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

/** The message for a failed validation: for a value that matches none of a union's forms, lists the forms. */
export function describeValidationErrors(context: string, errors: readonly ErrorObject[]): string {
  const first = errors[0];
  if (!first) return `${PART_NAMES[context] ?? context} is invalid`;
  const union = errors.find((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
  if (union) {
    const branches = errors.filter((e) => e !== union && e.instancePath === union.instancePath);
    const forms: string[] = [];
    for (const branch of branches) {
      const params = branch.params as Record<string, unknown>;
      if (branch.keyword === 'enum') forms.push(...(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)));
      else if (branch.keyword === 'type') forms.push(String(params.type) === 'null' ? 'null' : `a ${String(params.type)}`);
      else if (branch.keyword === 'const') forms.push(JSON.stringify(params.allowedValue));
    }
    if (forms.length === branches.length && forms.length > 0) {
      const part = PART_NAMES[context] ?? context;
      return `${part} \`${fieldPath(union.instancePath)}\` must be ${forms.length > 1 ? 'one of ' : ''}${forms.join(', ')}`;
    }
    const deeper = branches.find((e) => e.keyword !== 'type');
    if (deeper) return describeValidationError(context, deeper);
  }
  return describeValidationError(context, first);
}
