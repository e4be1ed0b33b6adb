import { describe, expect, it } from 'vitest';
import {
  checkCondition,
  evaluateCondition,
  MAX_CONDITION_DEPTH,
  MAX_CONDITION_LENGTH,
} from './conditions.ts';

describe('checkCondition', () => {
  it.each([
    ['visitor.claims.isBetaUser', ['isBetaUser']],
    ['!visitor.claims.isBetaUser', ['isBetaUser']],
    [
      'visitor.claims.isEnterprise && !visitor.claims.unsigned.isEmployee',
      ['isEnterprise', 'unsigned.isEmployee'],
    ],
    ['visitor.claims.a || visitor.claims.b && visitor.claims.a', ['a', 'b']],
    ['(visitor.claims.a == true) !== (visitor.claims.b != null)', ['a', 'b']],
    ['visitor.claims.plan === "pro" || visitor.claims.plan === \'team\'', ['plan']],
    [
      'visitor.claims.seats >= 10 && visitor.claims.seats < 1e3 && visitor.claims.ratio <= .5',
      ['seats', 'ratio'],
    ],
    ['visitor.claims.score > -1', ['score']],
    ['visitor.claims.tags.includes("beta")', ['tags']],
    ["['eu', 'us'].includes(visitor.claims.unsigned.region)", ['unsigned.region']],
    ['visitor.claims.user.profile.isAdmin', ['user.profile.isAdmin']],
    ['visitor?.claims?.unsigned?.isEmployee', ['unsigned.isEmployee']],
    ['  true  ', []],
    ['false || null', []],
    ['"it\\"s" == \'it\\\'s\'', []],
  ])('accepts %s, reading %j', (text, claims) => {
    expect(checkCondition(text)).toEqual({ ok: true, claims });
  });

  it.each([
    ['', 'the condition is empty at 0', 0],
    ['   ', 'the condition is empty at 0', 0],
    ['(visitor.claims.a))', 'unexpected `)` at 18', 18],
    ['visitor.claims.a &&', 'unexpected end of the condition at 19', 19],
    ['user.isAdmin', 'unknown name `user` at 0: conditions read `visitor.claims.…`', 0],
    ['visitor.claims.a && window', 'unknown name `window` at 20', 20],
    ['visitor.user', 'unknown name `visitor.user` at 0: conditions read `visitor.claims.…`', 0],
    ['visitor', '`visitor` alone at 0', 0],
    ['visitor.claims', 'missing claim name at 14', 14],
    ['visitor.claims.a = 1', 'unexpected `=` at 17: compare with `==` or `===`', 17],
    ['visitor.claims.a & visitor.claims.b', 'unexpected `&` at 17: use `&&`', 17],
    ['visitor.claims.a | visitor.claims.b', 'unexpected `|` at 17: use `||`', 17],
    ['"open', 'unterminated string starting at 0', 0],
    ["visitor.claims.a == 'x\\u12'", 'invalid `\\u` escape at 22', 22],
    [
      'visitor.claims.a.toString()',
      'unknown method `toString` at 17: conditions call only `.includes(…)`',
      17,
    ],
    ['visitor.claims.a.includes(1', 'unexpected end of the condition at 27 (expected `)`)', 27],
    ['"abc".length', 'unexpected `.length` at 5: only `visitor.claims.…` paths have properties', 5],
    ['visitor.claims.a ? 1 : 2', 'unexpected `?` at 17', 17],
    ['visitor.claims.1', 'missing claim name at 14', 14],
    ['12abc', 'unexpected `a` at 2', 2],
    ['visitor.claims.a; alert(1)', 'unexpected `;` at 16', 16],
    ['visitor.claims.a `x`', 'unexpected', 17],
    ['[1, 2', 'unexpected end of the condition at 5 (expected `]`)', 5],
    ['visitor.claims.a visitor.claims.b', 'unexpected `visitor` at 17', 17],
  ])('refuses %s: %s', (text, message, offset) => {
    const check = checkCondition(text);
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.message).toContain(message.replace(/ \(expected.*\)$/, ''));
      expect(check.offset).toBe(offset);
    }
  });

  it('refuses a condition longer than the cap, without parsing it', () => {
    const long = `visitor.claims.a${' || visitor.claims.a'.repeat(60)}`;
    expect(long.length).toBeGreaterThan(MAX_CONDITION_LENGTH);
    expect(checkCondition(long)).toEqual({
      ok: false,
      message: `a condition is at most ${MAX_CONDITION_LENGTH} characters at ${MAX_CONDITION_LENGTH}`,
      offset: MAX_CONDITION_LENGTH,
    });
    expect(checkCondition('x'.repeat(10_000_000)).ok).toBe(false);
  });

  it('refuses nesting deeper than the cap (parentheses, negations, arrays, calls)', () => {
    const depth = MAX_CONDITION_DEPTH + 1;
    for (const text of [
      `${'('.repeat(depth)}true${')'.repeat(depth)}`,
      `${'!'.repeat(depth)}true`,
      `${'['.repeat(depth)}${']'.repeat(depth)}`,
      `${'-'.repeat(depth)}1`,
    ]) {
      const check = checkCondition(text);
      expect(check.ok, text).toBe(false);
      if (!check.ok) expect(check.message).toContain('nests deeper than');
    }
    expect(
      checkCondition(`${'('.repeat(MAX_CONDITION_DEPTH)}true${')'.repeat(MAX_CONDITION_DEPTH)}`).ok,
    ).toBe(true);
  });

  it('parses long flat chains without deep recursion', () => {
    const chain = Array.from({ length: 100 }, (_, i) => `visitor.claims.c${i}`).join('&&');
    expect(chain.length).toBeLessThanOrEqual(MAX_CONDITION_LENGTH * 2);
    const capped = chain.slice(0, chain.lastIndexOf('&&', MAX_CONDITION_LENGTH));
    const check = checkCondition(capped);
    expect(check.ok).toBe(true);
  });

  it('reports each claim once, in order of appearance', () => {
    expect(checkCondition('visitor.claims.b || visitor.claims.a || visitor.claims.b')).toEqual({
      ok: true,
      claims: ['b', 'a'],
    });
  });
});

describe('evaluateCondition', () => {
  const claims = {
    isBetaUser: true,
    isEnterprise: false,
    plan: 'pro',
    seats: 12,
    tags: ['beta', 'eu'],
    region: 'europe',
    unsigned: { isEmployee: true },
    nothing: null,
  };

  it.each([
    ['visitor.claims.isBetaUser', true],
    ['!visitor.claims.isBetaUser', false],
    ['visitor.claims.isEnterprise', false],
    ['visitor.claims.isEnterprise || visitor.claims.isBetaUser', true],
    ['visitor.claims.isEnterprise && !visitor.claims.unsigned.isEmployee', false],
    ['visitor.claims.isBetaUser && visitor.claims.unsigned.isEmployee', true],
    ['visitor.claims.missing', false],
    ['!visitor.claims.missing', true],
    ['visitor.claims.missing.deeper', false],
    ['visitor.claims.missing == null', true],
    ['visitor.claims.missing === null', false],
    ['visitor.claims.nothing === null', true],
    ['visitor.claims.nothing == undefined_is_not_a_name', false],
    ['visitor.claims.plan == "pro"', true],
    ['visitor.claims.plan != "pro"', false],
    ['visitor.claims.seats == "12"', true],
    ['visitor.claims.seats === "12"', false],
    ['visitor.claims.seats !== 12', false],
    ['visitor.claims.seats > 10 && visitor.claims.seats <= 12', true],
    ['visitor.claims.seats < 12', false],
    ['visitor.claims.seats >= -1', true],
    ['visitor.claims.plan > "a"', true],
    ['visitor.claims.tags.includes("beta")', true],
    ['visitor.claims.tags.includes("us")', false],
    ['visitor.claims.region.includes("euro")', true],
    ["['pro', 'team'].includes(visitor.claims.plan)", true],
    ['visitor.claims.missing.includes("x")', false],
    ['visitor.claims.seats.includes(1)', false],
    ['visitor.claims.tags == visitor.claims.tags', true],
    ['visitor.claims.tags == "beta,eu"', false],
    ['visitor.claims.tags > 1', false],
    ['(visitor.claims.isBetaUser || visitor.claims.isEnterprise) && visitor.claims.plan === "pro"', true],
    ['this is not a condition', false],
    ['', false],
  ])('%s → %s', (text, expected) => {
    expect(evaluateCondition(text, claims)).toBe(expected);
  });

  it('follows the truth tables of !, && and || over booleans', () => {
    for (const a of [true, false]) {
      for (const b of [true, false]) {
        const values = { a, b };
        expect(evaluateCondition('visitor.claims.a && visitor.claims.b', values)).toBe(a && b);
        expect(evaluateCondition('visitor.claims.a || visitor.claims.b', values)).toBe(a || b);
        expect(evaluateCondition('!visitor.claims.a && !visitor.claims.b', values)).toBe(!a && !b);
        expect(evaluateCondition('visitor.claims.a === visitor.claims.b', values)).toBe(a === b);
        expect(evaluateCondition('visitor.claims.a !== visitor.claims.b', values)).toBe(a !== b);
      }
    }
  });

  it('never reaches prototypes: `constructor`, `__proto__` and inherited names read as missing', () => {
    const empty = {};
    for (const text of [
      'visitor.claims.constructor',
      'visitor.claims.__proto__',
      'visitor.claims.constructor.name == "Object"',
      'visitor.claims.__proto__.hasOwnProperty',
      'visitor.claims.toString',
      'visitor.claims.hasOwnProperty',
      'visitor.claims.constructor.constructor',
      'visitor.claims.tags.constructor',
    ]) {
      expect(evaluateCondition(text, empty), text).toBe(false);
      expect(evaluateCondition(text, { tags: [] }), text).toBe(false);
    }
    expect(evaluateCondition('visitor.claims.__proto__ == null', {})).toBe(true);
    // Own properties of those names are claims like any other.
    const parsed = JSON.parse('{"__proto__": true, "constructor": {"name": "x"}}') as Record<string, unknown>;
    expect(evaluateCondition('visitor.claims.__proto__', parsed)).toBe(true);
    expect(evaluateCondition('visitor.claims.constructor.name == "x"', parsed)).toBe(true);
  });

  it('never calls a method of the claims, even one named like a conversion', () => {
    let called = false;
    const hostile = {
      value: {
        toString: () => {
          called = true;
          return 'a';
        },
        valueOf: () => {
          called = true;
          return 1;
        },
      },
      getter: {},
    };
    Object.defineProperty(hostile.getter, 'secret', {
      enumerable: true,
      get: () => {
        called = true;
        return true;
      },
    });
    for (const text of [
      'visitor.claims.value == "a"',
      'visitor.claims.value > 0',
      'visitor.claims.value < 2',
      '"abc".includes(visitor.claims.value)',
      'visitor.claims.getter.secret',
      '-visitor.claims.value < 0',
    ]) {
      expect(evaluateCondition(text, hostile), text).toBe(false);
    }
    expect(called).toBe(false);
  });
});
