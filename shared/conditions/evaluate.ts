/** Walking a condition's tree with JavaScript's semantics for its operators, reading own data properties only. */
import { type BinaryOp, type Node } from './tokens.ts';

/** Reads an own data property only, so `constructor`, `__proto__` and getters never reach a prototype or code. */
function ownValue(target: unknown, key: string): unknown {
  if (target === null || typeof target !== 'object') return undefined;
  const descriptor = Object.getOwnPropertyDescriptor(target, key);
  return descriptor && 'value' in descriptor ? descriptor.value : undefined;
}

const isPrimitive = (value: unknown) =>
  value === null || (typeof value !== 'object' && typeof value !== 'function');

export function evaluate(node: Node, claims: Record<string, unknown>): unknown {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'claim':
      return node.path.reduce<unknown>((value, key) => ownValue(value, key), claims);
    case 'array':
      return node.items.map((item) => evaluate(item, claims));
    case 'not':
      return !evaluate(node.operand, claims);
    case 'negate': {
      const value = evaluate(node.operand, claims);
      if (!isPrimitive(value)) throw new TypeError('negating an object');
      return -(value as number);
    }
    case 'logical': {
      const left = evaluate(node.left, claims);
      if (node.op === '&&') return left ? evaluate(node.right, claims) : left;
      return left ? left : evaluate(node.right, claims);
    }
    case 'binary':
      return compare(node.op, evaluate(node.left, claims), evaluate(node.right, claims));
    case 'includes': {
      const target = evaluate(node.target, claims);
      const argument = evaluate(node.argument, claims);
      if (Array.isArray(target)) return target.includes(argument);
      if (typeof target === 'string') {
        if (!isPrimitive(argument) || typeof argument === 'symbol')
          throw new TypeError('includes of an object');
        return target.includes(String(argument));
      }
      throw new TypeError('`.includes` of a value that is neither an array nor a string');
    }
  }
}

/**
 * JavaScript's operators on primitives. Objects and arrays (claims can hold them) compare by identity with the
 * equality operators and are never ordered: converting them would call their (attacker-named) methods.
 */
function compare(op: BinaryOp, left: unknown, right: unknown): boolean {
  const primitives = isPrimitive(left) && isPrimitive(right);
  type P = string | number | boolean | null | undefined;
  const l = left as P;
  const r = right as P;
  switch (op) {
    case '===':
      return left === right;
    case '!==':
      return left !== right;
    case '==':
      return primitives ? l == r : left === right;
    case '!=':
      return primitives ? l != r : left !== right;
    case '<':
      return primitives && (l as number) < (r as number);
    case '<=':
      return primitives && (l as number) <= (r as number);
    case '>':
      return primitives && (l as number) > (r as number);
    case '>=':
      return primitives && (l as number) >= (r as number);
  }
}
