/**
 * Conditions of adaptive content (which visitors see a section or a site space), parsed and evaluated without
 * `eval`, by the server (validation) and the renderer (preview) alike.
 *
 * The language is the small JavaScript subset GitBook's conditions use: `visitor.claims.<name>[.<name>…]` paths,
 * string, number, boolean and null literals, array literals, `!`, unary `-`, `&&`, `||`, `==`, `!=`, `===`, `!==`,
 * `<`, `<=`, `>`, `>=`, parentheses and `.includes(x)` on arrays and strings. A hand-written tokenizer and
 * recursive-descent parser build a tree that is walked with JavaScript's semantics for those operators.
 */
import { evaluate } from './conditions/evaluate.ts';
import { parse } from './conditions/parser.ts';
import { ConditionError, type Node } from './conditions/tokens.ts';

export type ConditionCheck = { ok: true; claims: string[] } | { ok: false; message: string; offset: number };

export { MAX_CONDITION_DEPTH, MAX_CONDITION_LENGTH } from './conditions/tokens.ts';

/** Parses a condition; answers the claims it reads (`visitor.claims.<path>`, dotted) or what is wrong and where. */
export function checkCondition(text: string): ConditionCheck {
  try {
    return { ok: true, claims: parse(text).claims };
  } catch (error) {
    if (error instanceof ConditionError) return { ok: false, message: error.message, offset: error.offset };
    throw error;
  }
}

/** Whether a visitor with these claims sees content under this condition (false for a condition that does not parse). */
export function evaluateCondition(text: string, claims: Record<string, unknown>): boolean {
  let root: Node;
  try {
    root = parse(text).root;
  } catch {
    return false;
  }
  try {
    return Boolean(evaluate(root, claims));
  } catch {
    // What would throw in JavaScript (`.includes` of undefined) hides the content rather than showing it.
    return false;
  }
}
