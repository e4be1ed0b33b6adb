/**
 * Conditions of adaptive content (which visitors see a section or a site space), parsed and evaluated without
 * `eval`, by the server (validation) and the renderer (preview) alike.
 *
 * The language is the small JavaScript subset GitBook's conditions use: `visitor.claims.<name>[.<name>…]` paths,
 * string, number, boolean and null literals, array literals, `!`, unary `-`, `&&`, `||`, `==`, `!=`, `===`, `!==`,
 * `<`, `<=`, `>`, `>=`, parentheses and `.includes(x)` on arrays and strings. A hand-written tokenizer and
 * recursive-descent parser build a tree that is walked with JavaScript's semantics for those operators.
 */

export type ConditionCheck = { ok: true; claims: string[] } | { ok: false; message: string; offset: number };

/** Conditions are short by nature; the cap keeps parsing cheap whatever a client sends. */
export const MAX_CONDITION_LENGTH = 1024;
/** Nesting (parentheses, `!`, `-`, arrays, calls) beyond this is refused, so recursion stays shallow. */
export const MAX_CONDITION_DEPTH = 64;

type Node =
  | { kind: 'literal'; value: string | number | boolean | null }
  | { kind: 'claim'; path: string[] }
  | { kind: 'array'; items: Node[] }
  | { kind: 'not'; operand: Node }
  | { kind: 'negate'; operand: Node }
  | { kind: 'logical'; op: '&&' | '||'; left: Node; right: Node }
  | { kind: 'binary'; op: BinaryOp; left: Node; right: Node }
  | { kind: 'includes'; target: Node; argument: Node };

type BinaryOp = '==' | '!=' | '===' | '!==' | '<' | '<=' | '>' | '>=';

type Token =
  | { kind: 'number'; value: number; offset: number; text: string }
  | { kind: 'string'; value: string; offset: number; text: string }
  | { kind: 'name'; value: string; offset: number; text: string }
  | { kind: 'op'; value: string; offset: number; text: string }
  | { kind: 'end'; offset: number; text: string };

class ConditionError extends Error {
  readonly offset: number;
  /** Reads "<what> at <offset>: <hint>". */
  constructor(message: string, offset: number, hint?: string) {
    super(`${message} at ${offset}${hint ? `: ${hint}` : ''}`);
    this.offset = offset;
  }
}

// Longest first, so `===` wins over `==` and `=`.
const OPERATORS = [
  '===',
  '!==',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '?.',
  '!',
  '<',
  '>',
  '(',
  ')',
  '[',
  ']',
  ',',
  '.',
  '-',
];
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    const start = i;
    if (c === '"' || c === "'") {
      let value = '';
      i += 1;
      for (;;) {
        if (i >= text.length) throw new ConditionError('unterminated string starting', start);
        const ch = text[i]!;
        if (ch === c) break;
        if (ch === '\n') throw new ConditionError('unterminated string starting', start);
        if (ch !== '\\') {
          value += ch;
          i += 1;
          continue;
        }
        const escaped = text[i + 1];
        if (escaped === undefined) throw new ConditionError('unterminated string starting', start);
        if (escaped === 'u' || escaped === 'x') {
          const digits = escaped === 'u' ? 4 : 2;
          const hex = text.slice(i + 2, i + 2 + digits);
          if (!new RegExp(`^[0-9a-fA-F]{${digits}}$`).test(hex)) {
            throw new ConditionError(`invalid \`\\${escaped}\` escape`, i);
          }
          value += String.fromCharCode(parseInt(hex, 16));
          i += 2 + digits;
          continue;
        }
        value += ESCAPES[escaped] ?? escaped;
        i += 2;
      }
      i += 1;
      tokens.push({ kind: 'string', value, offset: start, text: text.slice(start, i) });
      continue;
    }
    const number = /^(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (number) {
      i += number[0].length;
      if (i < text.length && /[\w$]/.test(text[i]!)) throw new ConditionError(`unexpected \`${text[i]}\``, i);
      tokens.push({ kind: 'number', value: Number(number[0]), offset: start, text: number[0] });
      continue;
    }
    const name = /^[A-Za-z_$][\w$]*/.exec(text.slice(i, i + MAX_CONDITION_LENGTH));
    if (name) {
      i += name[0].length;
      tokens.push({ kind: 'name', value: name[0], offset: start, text: name[0] });
      continue;
    }
    const op = OPERATORS.find((candidate) => text.startsWith(candidate, i));
    if (op) {
      i += op.length;
      tokens.push({ kind: 'op', value: op, offset: start, text: op });
      continue;
    }
    if (c === '=') throw new ConditionError('unexpected `=`', i, 'compare with `==` or `===`');
    if (c === '&') throw new ConditionError('unexpected `&`', i, 'use `&&`');
    if (c === '|') throw new ConditionError('unexpected `|`', i, 'use `||`');
    throw new ConditionError(`unexpected \`${c}\``, i);
  }
  tokens.push({ kind: 'end', offset: text.length, text: '' });
  return tokens;
}

class Parser {
  private position = 0;
  private depth = 0;
  readonly claims: string[] = [];
  private readonly tokens: Token[];

  constructor(tokens: Token[]) {
    this.tokens = tokens;
  }

  parse(): Node {
    const node = this.or();
    const next = this.peek();
    if (next.kind !== 'end') throw this.unexpected(next);
    return node;
  }

  private peek(): Token {
    return this.tokens[this.position]!;
  }

  private next(): Token {
    const token = this.tokens[this.position]!;
    if (token.kind !== 'end') this.position += 1;
    return token;
  }

  private isOp(value: string): boolean {
    const token = this.peek();
    return token.kind === 'op' && token.value === value;
  }

  private expectOp(value: string): void {
    const token = this.next();
    if (token.kind !== 'op' || token.value !== value) throw this.unexpected(token, `expected \`${value}\``);
  }

  private unexpected(token: Token, hint?: string): ConditionError {
    const what = token.kind === 'end' ? 'unexpected end of the condition' : `unexpected \`${token.text}\``;
    return new ConditionError(what, token.offset, hint);
  }

  private enter(token: Token): void {
    this.depth += 1;
    if (this.depth > MAX_CONDITION_DEPTH) {
      throw new ConditionError(`the condition nests deeper than ${MAX_CONDITION_DEPTH} levels`, token.offset);
    }
  }

  private or(): Node {
    let left = this.and();
    while (this.isOp('||')) {
      this.next();
      left = { kind: 'logical', op: '||', left, right: this.and() };
    }
    return left;
  }

  private and(): Node {
    let left = this.equality();
    while (this.isOp('&&')) {
      this.next();
      left = { kind: 'logical', op: '&&', left, right: this.equality() };
    }
    return left;
  }

  private equality(): Node {
    let left = this.relational();
    for (;;) {
      const token = this.peek();
      if (token.kind !== 'op' || !['==', '!=', '===', '!=='].includes(token.value)) return left;
      this.next();
      left = { kind: 'binary', op: token.value as BinaryOp, left, right: this.relational() };
    }
  }

  private relational(): Node {
    let left = this.unary();
    for (;;) {
      const token = this.peek();
      if (token.kind !== 'op' || !['<', '<=', '>', '>='].includes(token.value)) return left;
      this.next();
      left = { kind: 'binary', op: token.value as BinaryOp, left, right: this.unary() };
    }
  }

  private unary(): Node {
    const token = this.peek();
    if (token.kind === 'op' && (token.value === '!' || token.value === '-')) {
      this.next();
      this.enter(token);
      const operand = this.unary();
      this.depth -= 1;
      return token.value === '!' ? { kind: 'not', operand } : { kind: 'negate', operand };
    }
    return this.postfix();
  }

  private postfix(): Node {
    let node = this.primary();
    for (;;) {
      const dot = this.peek();
      if (!(dot.kind === 'op' && (dot.value === '.' || dot.value === '?.'))) return node;
      this.next();
      const name = this.next();
      if (name.kind !== 'name') throw this.unexpected(name, 'expected a property name');
      if (!this.isOp('(')) {
        // Claim paths took all their segments already: anything else has no properties to read.
        throw new ConditionError(
          `unexpected \`${dot.text}${name.value}\``,
          dot.offset,
          'only `visitor.claims.…` paths have properties',
        );
      }
      if (name.value !== 'includes') {
        throw new ConditionError(
          `unknown method \`${name.value}\``,
          name.offset,
          'conditions call only `.includes(…)`',
        );
      }
      this.enter(name);
      this.next();
      const argument = this.or();
      this.expectOp(')');
      this.depth -= 1;
      node = { kind: 'includes', target: node, argument };
    }
  }

  private primary(): Node {
    const token = this.next();
    switch (token.kind) {
      case 'number':
        return { kind: 'literal', value: token.value };
      case 'string':
        return { kind: 'literal', value: token.value };
      case 'name':
        return this.nameOrPath(token);
      case 'end':
        throw this.unexpected(token);
      case 'op':
        if (token.value === '(') {
          this.enter(token);
          const inner = this.or();
          this.expectOp(')');
          this.depth -= 1;
          return inner;
        }
        if (token.value === '[') {
          this.enter(token);
          const items: Node[] = [];
          while (!this.isOp(']')) {
            items.push(this.or());
            if (!this.isOp(',')) break;
            this.next();
          }
          this.expectOp(']');
          this.depth -= 1;
          return { kind: 'array', items };
        }
        throw this.unexpected(token);
    }
  }

  private nameOrPath(token: Token & { kind: 'name' }): Node {
    if (token.value === 'true') return { kind: 'literal', value: true };
    if (token.value === 'false') return { kind: 'literal', value: false };
    if (token.value === 'null') return { kind: 'literal', value: null };
    if (token.value !== 'visitor') {
      throw new ConditionError(
        `unknown name \`${token.value}\``,
        token.offset,
        'conditions read `visitor.claims.…`',
      );
    }
    const dot = this.next();
    const claims = this.next();
    if (!isDot(dot) || claims.kind !== 'name' || claims.value !== 'claims') {
      const what =
        isDot(dot) && claims.kind === 'name' ? `unknown name \`visitor.${claims.value}\`` : '`visitor` alone';
      throw new ConditionError(what, token.offset, 'conditions read `visitor.claims.…`');
    }
    const path: string[] = [];
    // Every `.name` belongs to the path, except `.includes(` which calls on it.
    while (isDot(this.peek())) {
      const name = this.tokens[this.position + 1]!;
      const call = this.tokens[this.position + 2]!;
      if (name.kind === 'name' && call.kind === 'op' && call.value === '(') break;
      this.next();
      if (name.kind !== 'name') throw this.unexpected(name, 'expected a claim name');
      this.next();
      path.push(name.value);
    }
    if (path.length === 0) {
      throw new ConditionError(
        'missing claim name',
        claims.offset + claims.text.length,
        'name a claim: `visitor.claims.<name>`',
      );
    }
    const claim = path.join('.');
    if (!this.claims.includes(claim)) this.claims.push(claim);
    return { kind: 'claim', path };
  }
}

const isDot = (token: Token) => token.kind === 'op' && (token.value === '.' || token.value === '?.');

function parse(text: string): { root: Node; claims: string[] } {
  if (text.length > MAX_CONDITION_LENGTH) {
    throw new ConditionError(
      `a condition is at most ${MAX_CONDITION_LENGTH} characters`,
      MAX_CONDITION_LENGTH,
    );
  }
  const tokens = tokenize(text);
  if (tokens.length === 1) throw new ConditionError('the condition is empty', 0);
  const parser = new Parser(tokens);
  const root = parser.parse();
  return { root, claims: parser.claims };
}

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

/** Reads an own data property only, so `constructor`, `__proto__` and getters never reach a prototype or code. */
function ownValue(target: unknown, key: string): unknown {
  if (target === null || typeof target !== 'object') return undefined;
  const descriptor = Object.getOwnPropertyDescriptor(target, key);
  return descriptor && 'value' in descriptor ? descriptor.value : undefined;
}

const isPrimitive = (value: unknown) =>
  value === null || (typeof value !== 'object' && typeof value !== 'function');

function evaluate(node: Node, claims: Record<string, unknown>): unknown {
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
