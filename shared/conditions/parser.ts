/** The recursive-descent parser of conditions: tokens to a tree, and the claims it reads. */
import {
  type BinaryOp,
  ConditionError,
  MAX_CONDITION_DEPTH,
  MAX_CONDITION_LENGTH,
  type Node,
  type Token,
  tokenize,
} from './tokens.ts';

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

export function parse(text: string): { root: Node; claims: string[] } {
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
