/**
 * Every field of the contract under the display-text rule, found by walking each operation's body schema for the
 * rule's marker, with a valid request body in which that one field can be replaced.
 */
import { displayTextKind, type DisplayTextKind } from '../../shared/contract/display-text.ts';
import { operationList, type Operation } from '../../shared/contract/index.ts';
import { sample, type Json, type SchemaNode } from './malformed.ts';

/** One step from a schema to a part of it. */
type Step =
  | { kind: 'property'; name: string }
  | { kind: 'branch'; index: number }
  | { kind: 'item' }
  | { kind: 'entry'; pattern: string };

export interface DisplayTextField {
  operation: Operation;
  kind: DisplayTextKind;
  schema: SchemaNode & { minLength?: number; maxLength?: number };
  /** The field as the server's messages name it, e.g. `changes[0].title`. */
  field: string;
  /** A valid body holding `value` at this field. */
  bodyWith(value: string): Json;
}

/** The key used for the entries of records (`values.<key>`). */
const ENTRY_KEYS = ['field', 'sample_key', 'a'];
const entryKey = (pattern: string) => ENTRY_KEYS.find((key) => new RegExp(pattern, 'u').test(key)) ?? 'a';

function walk(schema: SchemaNode, steps: Step[], found: (steps: Step[], leaf: SchemaNode) => void): void {
  if (steps.length > 12) return;
  if (displayTextKind(schema) !== undefined) return found(steps, schema);
  const union = schema.anyOf ?? schema.oneOf;
  union?.forEach((branch, index) => walk(branch, [...steps, { kind: 'branch', index }], found));
  for (const [name, child] of Object.entries(schema.properties ?? {}))
    walk(child, [...steps, { kind: 'property', name }], found);
  for (const [pattern, child] of Object.entries(schema.patternProperties ?? {}))
    walk(child, [...steps, { kind: 'entry', pattern }], found);
  if (schema.items) walk(schema.items, [...steps, { kind: 'item' }], found);
}

/** A valid instance of `schema` holding `leaf` at the end of `steps`. */
function instanceAlong(schema: SchemaNode, steps: readonly Step[], leaf: Json): Json {
  const [step, ...rest] = steps;
  if (step === undefined) return leaf;
  switch (step.kind) {
    case 'branch': {
      const union = schema.anyOf ?? schema.oneOf ?? [];
      return instanceAlong(union[step.index] ?? {}, rest, leaf);
    }
    case 'item':
      return [instanceAlong(schema.items ?? {}, rest, leaf)];
    case 'entry':
      return {
        [entryKey(step.pattern)]: instanceAlong(schema.patternProperties?.[step.pattern] ?? {}, rest, leaf),
      };
    case 'property': {
      const base = sample({ ...schema, anyOf: undefined, oneOf: undefined, type: 'object' }) as {
        [key: string]: Json;
      };
      return { ...base, [step.name]: instanceAlong(schema.properties?.[step.name] ?? {}, rest, leaf) };
    }
  }
}

/** How the server's messages name the field at the end of `steps`. */
function fieldName(steps: readonly Step[]): string {
  let name = '';
  for (const step of steps) {
    if (step.kind === 'item') name += '[0]';
    else if (step.kind === 'property') name += name === '' ? step.name : `.${step.name}`;
    else if (step.kind === 'entry') name += `.${entryKey(step.pattern)}`;
  }
  return name;
}

/** Every display-text field of every operation's body. */
export function displayTextFields(): DisplayTextField[] {
  const fields: DisplayTextField[] = [];
  for (const operation of operationList) {
    if (!operation.body) continue;
    const root = operation.body as SchemaNode;
    walk(root, [], (steps, leaf) => {
      fields.push({
        operation,
        kind: displayTextKind(leaf) as DisplayTextKind,
        schema: leaf,
        field: fieldName(steps),
        bodyWith: (value) => instanceAlong(root, steps, value),
      });
    });
  }
  return fields;
}
