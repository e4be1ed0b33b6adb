/**
 * Limits on what an OpenAPI document's references expand to, measured before the document reaches the validator
 * and without trusting anything it declares. A validator dereferences every internal `$ref` (it replaces the
 * reference by what it points at) and then walks the result: a few kilobytes whose schemas each refer twice to the
 * next one expand to 2^40 nodes, and the walk never ends. This module computes, without expanding anything, what
 * the dereferenced document would be.
 *
 * Rules:
 * - The walk is iterative (no recursion, so no stack overflow on deep input) and visits each value of the parsed
 *   document once; a reference's target is measured once and reused (memoized by identity).
 * - Limits: the document's own nesting depth (`maxNesting`), the number of `$ref`s (`maxReferences`), and, once every
 *   internal reference is replaced by its target, the number of values (`maxExpandedValues`) and the nesting depth
 *   (`maxExpandedDepth`) of the result. Counts saturate just above their limit, so they never overflow.
 * - A reference is an object with a string `$ref`. Internal ones (`#` or `#/...`, JSON Pointer with `~0`/`~1` and
 *   percent-escapes) are followed; external ones count as one value (the validator is not allowed to fetch them). A
 *   reference that points nowhere counts as one value (the validator reports it). A reference to a value that is
 *   being measured (a cycle) counts as one value: validators leave circular references in place.
 * - Every failure is a `ReferenceLimitError` naming the limit and where it was crossed.
 */

/** The limits; see the rules above. */
export interface ReferenceLimits {
  maxNesting: number;
  maxReferences: number;
  maxExpandedValues: number;
  maxExpandedDepth: number;
}

export const DEFAULT_REFERENCE_LIMITS: Readonly<ReferenceLimits> = {
  maxNesting: 256,
  maxReferences: 100_000,
  maxExpandedValues: 5_000_000,
  maxExpandedDepth: 512,
};

/** A document whose references would expand beyond a limit. */
export class ReferenceLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReferenceLimitError';
  }
}

/** What a value expands to: its count of values and its nesting depth. */
interface Measure {
  values: number;
  depth: number;
}

type Container = Record<string, unknown> | unknown[];

interface Frame {
  value: Container;
  /** The children still to measure. */
  children: unknown[];
  next: number;
  values: number;
  depth: number;
  /** Set for a frame that measures a reference's target: the pointer, for messages. */
  pointer?: string;
}

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

function decodePointerToken(token: string): string {
  let decoded = token;
  try {
    decoded = decodeURIComponent(token);
  } catch {
    // A malformed escape is read as written.
  }
  return decoded.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The value an internal pointer names, or undefined. */
function resolvePointer(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let current: unknown = root;
  for (const token of ref.slice(2).split('/')) {
    if (!isContainer(current)) return undefined;
    const key = decodePointerToken(token);
    if (!Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

const refOf = (value: Container): string | undefined => {
  if (Array.isArray(value)) return undefined;
  const ref = value.$ref;
  return typeof ref === 'string' ? ref : undefined;
};

/** Checks the document's nesting as written and counts its references, without recursion. */
function checkWritten(document: Container, limits: ReferenceLimits): void {
  let references = 0;
  const stack: { value: Container; nesting: number }[] = [{ value: document, nesting: 1 }];
  while (stack.length > 0) {
    const { value, nesting } = stack.pop()!;
    if (nesting > limits.maxNesting)
      throw new ReferenceLimitError(`the document is nested deeper than ${limits.maxNesting} levels`);
    if (refOf(value) !== undefined && ++references > limits.maxReferences)
      throw new ReferenceLimitError(
        `the document has more than ${limits.maxReferences.toLocaleString('en-US')} references ($ref)`,
      );
    for (const child of Array.isArray(value) ? value : Object.values(value))
      if (isContainer(child)) stack.push({ value: child, nesting: nesting + 1 });
  }
}

/**
 * Measures what the document's internal references expand to; throws a `ReferenceLimitError` at the first limit
 * crossed. Answers the measure of the whole document once expanded.
 */
export function checkReferenceExpansion(
  document: unknown,
  limits: ReferenceLimits = DEFAULT_REFERENCE_LIMITS,
): Measure {
  if (!isContainer(document)) return { values: 1, depth: 1 };
  checkWritten(document, limits);
  const cap = (count: number) => Math.min(count, limits.maxExpandedValues + 1);
  const done = new Map<Container, Measure>();
  const active = new Set<Container>();
  const stack: Frame[] = [];

  const open = (value: Container, pointer?: string): void => {
    active.add(value);
    const children = Array.isArray(value) ? value : Object.values(value);
    stack.push({ value, children, next: 0, values: 1, depth: 1, ...(pointer ? { pointer } : {}) });
  };
  /** Adds a child's measure to a frame. */
  const add = (frame: Frame, child: Measure): void => {
    frame.values = cap(frame.values + child.values);
    frame.depth = Math.max(frame.depth, child.depth + 1);
    if (frame.values > limits.maxExpandedValues)
      throw new ReferenceLimitError(
        `the document's references expand to more than ${limits.maxExpandedValues.toLocaleString('en-US')} values`,
      );
    if (frame.depth > limits.maxExpandedDepth)
      throw new ReferenceLimitError(
        `the document's references expand deeper than ${limits.maxExpandedDepth} levels${frame.pointer ? ` (through \`${frame.pointer.slice(0, 200)}\`)` : ''}`,
      );
  };

  open(document);
  let result: Measure = { values: 1, depth: 1 };
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.next < frame.children.length) {
      const child = frame.children[frame.next++];
      if (!isContainer(child)) {
        add(frame, { values: 1, depth: 1 });
        continue;
      }
      const ref = refOf(child);
      const target =
        ref === undefined ? child : ref.startsWith('#') ? resolvePointer(document, ref) : undefined;
      if (!isContainer(target) || active.has(target)) {
        // External, dangling, or circular: left as it is by the validator.
        add(frame, { values: 1, depth: 1 });
        continue;
      }
      const known = done.get(target);
      if (known) {
        add(frame, known);
        continue;
      }
      // Measure the target first, then see this child again and take its memoized measure.
      frame.next--;
      open(target, ref);
      continue;
    }
    stack.pop();
    active.delete(frame.value);
    result = { values: frame.values, depth: frame.depth };
    done.set(frame.value, result);
  }
  return result;
}
