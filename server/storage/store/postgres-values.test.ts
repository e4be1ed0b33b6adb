import { describe, expect, it } from 'vitest';
import { parseInt8, parseNumeric, storeTypes } from './postgres-values.ts';

describe("PostgreSQL's values as SQLite answers them", () => {
  it('answers int8 and numeric as numbers, refusing integers past 2^53 rather than rounding them', () => {
    expect(parseInt8('-42')).toBe(-42);
    expect(parseInt8('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => parseInt8('9007199254740992')).toThrow(/too large/);
    expect(parseNumeric('5')).toBe(5);
    expect(parseNumeric('2.5')).toBe(2.5);
    expect(() => parseNumeric('99999999999999999999')).toThrow(/too large/);
    expect(() => parseNumeric('NaN')).toThrow(/too large/);
  });

  it('answers booleans as 0 or 1, bytea as a Uint8Array and dates as their text', () => {
    const parse = (oid: number, text: string) =>
      (storeTypes.getTypeParser(oid, 'text') as (t: string) => unknown)(text);
    expect(parse(16, 't')).toBe(1);
    expect(parse(16, 'f')).toBe(0);
    const bytes = parse(17, '\\x00ff');
    expect(bytes).toEqual(new Uint8Array([0, 255]));
    expect((bytes as Uint8Array).constructor).toBe(Uint8Array);
    expect(parse(1184, '2026-01-01 00:00:00+00')).toBe('2026-01-01 00:00:00+00');
    expect(parse(23, '7')).toBe(7);
  });
});
