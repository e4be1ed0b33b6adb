/**
 * Response serializers (fast-json-stringify), compiled from the contract's response schemas on a route's first
 * answer and shared by every route with the same schema object (the page routes of a request and of a revision
 * answer the same `Page`).
 *
 * fast-json-stringify serializes a union (`anyOf`) by testing the value against each branch with Ajv validators,
 * which it compiles on the first answer that reaches the union. The contract writes every string enum as a union of
 * literals (`StringEnum`) and every nullable field as a union with `null` (`Nullable`), so the first answer of a
 * route compiled a dozen validators (a page read: ~50 ms of its first call, ~0.5 ms after), and every answer ran
 * them. The schema given to the serializer therefore writes these two forms as what they mean to a serializer:
 * - a union of string literals is a string (`{ type: 'string', enum }`);
 * - a union of one plain typed schema and `null` is that schema with `type: [type, 'null']` (no validator needed);
 * - a union of objects told apart by a property every branch requires and pins to a string of its own (`kind`,
 *   `via`) is a chain of `if` on that property alone, each `then` its branch: a reason of an access path was
 *   otherwise validated against whole branches until one matched (a page of 2,000 entries: 11.8 ms to write, 4.2 ms
 *   with the chain, 2.1 ms for `JSON.stringify`, which would also write what the contract leaves out).
 * Both write the same JSON as the union for every value the union accepts; other unions are left as they are. This
 * only concerns the serializer: requests are still validated, and responses checked in tests, against the contract.
 *
 * The unions left (a body's `Document`: markdown, a structured document or nothing; merge rules; …) keep their
 * validators, but each moves into a schema of its own that the response refers to (`hoistUnions`): Ajv compiles a
 * union's validator by resolving it in its schema, and compiles that whole schema first. Left in place, the first
 * answer of a comment list compiled the validators of the whole list to pick a comment body's branch (~15 ms warm,
 * 25–50 ms in a server just started, against ~2 ms for the union alone); a union that refers to a schema by id (a
 * recursive page) stays where it is, its references being relative to the response's schema.
 */
import fastJson from 'fast-json-stringify';

type Schema = Record<string, unknown>;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a schema is `{ type: 'null' }` (TypeBox's `Type.Null()`), nothing else. */
function isNull(schema: unknown): boolean {
  return isSchema(schema) && schema.type === 'null' && Object.keys(schema).length === 1;
}

/** A schema of one type, without a union, a reference or a composition of its own. */
function isPlainTyped(schema: unknown): schema is Schema {
  return (
    isSchema(schema) &&
    typeof schema.type === 'string' &&
    schema.type !== 'null' &&
    !('anyOf' in schema) &&
    !('oneOf' in schema) &&
    !('allOf' in schema) &&
    !('$ref' in schema) &&
    !('const' in schema)
  );
}

/**
 * The property that tells a union of objects apart (`kind`, `via`, `type`): one every branch requires and pins to a
 * string of its own; undefined when there is none.
 */
function discriminator(branches: unknown[]): string | undefined {
  if (branches.length < 2) return undefined;
  const objects: Schema[] = [];
  for (const branch of branches) {
    if (!isSchema(branch) || branch.type !== 'object' || !isSchema(branch.properties)) return undefined;
    objects.push(branch);
  }
  const [first] = objects;
  for (const key of Object.keys(first!.properties as Schema)) {
    const values = objects.map((branch) => {
      const property = (branch.properties as Schema)[key];
      const required = Array.isArray(branch.required) && branch.required.includes(key);
      return required && isSchema(property) && typeof property.const === 'string'
        ? property.const
        : undefined;
    });
    if (values.every((value) => value !== undefined) && new Set(values).size === values.length) return key;
  }
  return undefined;
}

/** The union `branches` written without a union, or undefined to keep it. */
function withoutUnion(branches: unknown[], siblings: Schema): Schema | undefined {
  const key = discriminator(branches);
  if (key !== undefined) {
    // A chain of `if` on the discriminator alone: one small check per branch passed, where the union validated the
    // value against whole branches until one matched.
    const written = branches.map((branch) => serializerSchema(branch) as Schema);
    let chain = written[written.length - 1]!;
    for (let index = written.length - 2; index >= 0; index--) {
      const value = ((branches[index] as Schema).properties as Schema)[key] as Schema;
      chain = {
        type: 'object',
        if: { type: 'object', properties: { [key]: { const: value.const } }, required: [key] },
        then: written[index],
        else: chain,
      };
    }
    return { ...siblings, ...chain };
  }
  if (branches.length > 0 && branches.every((branch) => isSchema(branch) && typeof branch.const === 'string'))
    return { ...siblings, type: 'string', enum: branches.map((branch) => (branch as Schema).const) };
  if (branches.length === 2) {
    const [first, second] = branches;
    const typed = isNull(second) ? first : isNull(first) ? second : undefined;
    if (isPlainTyped(typed)) {
      const inner = serializerSchema(typed) as Schema;
      return { ...siblings, ...inner, type: [inner.type, 'null'] };
    }
  }
  return undefined;
}

/** The schema handed to fast-json-stringify for a response schema of the contract (a copy; see above). */
export function serializerSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(serializerSchema);
  if (!isSchema(schema)) return schema;
  // Plain JSON keys only (TypeBox's symbols stay behind).
  const siblings: Schema = {};
  for (const [key, value] of Object.entries(schema)) if (key !== 'anyOf') siblings[key] = value;
  if (Array.isArray(schema.anyOf)) {
    const rewritten = withoutUnion(schema.anyOf, siblings);
    if (rewritten !== undefined) return rewritten;
  }
  const copy: Schema = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = serializerSchema(value);
  return copy;
}

/** Whether a schema names a schema by id or refers to one (anywhere inside it). */
function refersById(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(refersById);
  if (!isSchema(schema)) return false;
  return '$ref' in schema || '$id' in schema || Object.values(schema).some(refersById);
}

/** A serializer's schema with its unions moved out: `unions` holds them by id, and `schema` refers to them. */
export interface HoistedSchema {
  schema: unknown;
  unions: Record<string, Schema>;
}

/**
 * Moves each union (`anyOf`, `oneOf`) of a serializer's schema into `unions` as `union-<n>`, replaced by a reference
 * to it (`{ $ref: 'union-<n>#' }`); a union inside a union moves too. Unions that refer to a schema by id stay.
 */
export function hoistUnions(schema: unknown): HoistedSchema {
  const unions: Record<string, Schema> = {};
  const hoist = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(hoist);
    if (!isSchema(node)) return node;
    const copy: Schema = {};
    for (const [key, value] of Object.entries(node)) copy[key] = hoist(value);
    if (
      (!Array.isArray(node.anyOf) && !Array.isArray(node.oneOf) && node.if === undefined) ||
      refersById(node)
    )
      return copy;
    const id = `union-${Object.keys(unions).length}`;
    unions[id] = copy;
    return { $ref: `${id}#` };
  };
  return { schema: hoist(schema), unions };
}

const compiled = new WeakMap<object, (data: unknown) => string>();

/**
 * The serializer of a response schema, compiled once per schema object. `eager` compiles the validators of its
 * remaining unions at once too (a warm-up); otherwise each is compiled when an answer first reaches it.
 */
export function serializerOf(schema: object, eager = false): (data: unknown) => string {
  let serialize = compiled.get(schema);
  if (serialize === undefined) {
    const { schema: root, unions } = hoistUnions(serializerSchema(schema));
    serialize = fastJson(root as fastJson.AnySchema, {
      schema: unions as unknown as Record<string, fastJson.Schema>,
      compileValidators: eager,
    }) as (data: unknown) => string;
    compiled.set(schema, serialize);
  }
  return serialize;
}

/** Whether a response schema's serializer is compiled already. */
export function hasSerializer(schema: object): boolean {
  return compiled.has(schema);
}

/** A route's serializer: compiled on its first answer (unless warmed up before), once per schema object. */
export function lazySerializer(schema: object): (data: unknown) => string {
  return (data: unknown) => serializerOf(schema)(data);
}
