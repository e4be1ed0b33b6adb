/** The words of a condition: its syntax tree's shape, its tokens, its error (with an offset) and the tokenizer. */
/** Conditions are short by nature; the cap keeps parsing cheap whatever a client sends. */
export const MAX_CONDITION_LENGTH = 1024;
/** Nesting (parentheses, `!`, `-`, arrays, calls) beyond this is refused, so recursion stays shallow. */
export const MAX_CONDITION_DEPTH = 64;

export type Node =
  | { kind: 'literal'; value: string | number | boolean | null }
  | { kind: 'claim'; path: string[] }
  | { kind: 'array'; items: Node[] }
  | { kind: 'not'; operand: Node }
  | { kind: 'negate'; operand: Node }
  | { kind: 'logical'; op: '&&' | '||'; left: Node; right: Node }
  | { kind: 'binary'; op: BinaryOp; left: Node; right: Node }
  | { kind: 'includes'; target: Node; argument: Node };

export type BinaryOp = '==' | '!=' | '===' | '!==' | '<' | '<=' | '>' | '>=';

export type Token =
  | { kind: 'number'; value: number; offset: number; text: string }
  | { kind: 'string'; value: string; offset: number; text: string }
  | { kind: 'name'; value: string; offset: number; text: string }
  | { kind: 'op'; value: string; offset: number; text: string }
  | { kind: 'end'; offset: number; text: string };

export class ConditionError extends Error {
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

export function tokenize(text: string): Token[] {
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
