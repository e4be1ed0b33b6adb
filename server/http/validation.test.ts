/** Lengths of texts are counted as JSON Schema counts them (code points), within a bound of the limit. */
import { describe, expect, it } from 'vitest';
import { bodyAjv, codePointsUpTo } from './validation.ts';

describe('codePointsUpTo', () => {
  it('counts code points (a lone surrogate as one), up to one past the limit', () => {
    const texts = ['', 'a', 'abc', '🧪', 'a🧪b', '🧪🧪🧪', '\ud800', 'x\udc00y', 'é'.repeat(10)];
    for (const text of texts)
      for (const limit of [0, 1, 2, 3, 10])
        expect(codePointsUpTo(text, limit)).toBe(Math.min(Array.from(text).length, limit + 1));
  });

  it('minLength and maxLength answer as before, with their usual errors', () => {
    const validate = bodyAjv.compile({
      type: 'object',
      properties: { a: { type: 'string', minLength: 2, maxLength: 3 } },
    });
    expect(validate({ a: '🧪🧪' })).toBe(true);
    expect(validate({ a: '🧪🧪🧪' })).toBe(true);
    expect(validate({ a: '🧪' })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ keyword: 'minLength', params: { limit: 2 } });
    expect(validate({ a: '🧪🧪🧪🧪' })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({
      keyword: 'maxLength',
      params: { limit: 3 },
      message: 'must NOT have more than 3 characters',
    });
  });
});
