import { describe, expect, it } from 'vitest';
import {
  claimsOf,
  hasClaimErrors,
  parseSchemaText,
  sameClaims,
  schemaOf,
  schemaText,
  validateClaims,
  type Claim,
} from './adaptiveSchema.ts';

const claims: Claim[] = [
  { name: 'isBetaUser', description: 'In the beta program', unsigned: false },
  { name: 'plan_pro', description: '', unsigned: false },
  { name: 'darkMode', description: 'Prefers dark', unsigned: true },
];

describe('schemaOf and claimsOf', () => {
  it('puts signed claims at the top level and unsigned ones in the `unsigned` object', () => {
    const schema = schemaOf(claims);
    expect(schema).toEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        isBetaUser: { type: 'boolean', description: 'In the beta program' },
        plan_pro: { type: 'boolean', description: '' },
        unsigned: {
          type: 'object',
          properties: { darkMode: { type: 'boolean', description: 'Prefers dark' } },
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    });
    expect(claimsOf(schema)).toEqual(claims);
  });

  it('leaves the `unsigned` object out when no claim is unsigned, and trims names', () => {
    const schema = schemaOf([{ name: ' beta ', description: 'b', unsigned: false }]);
    expect(Object.keys(schema.properties)).toEqual(['beta']);
    expect(claimsOf(schema)).toEqual([{ name: 'beta', description: 'b', unsigned: false }]);
  });

  it('round-trips through the raw JSON text', () => {
    const parsed = parseSchemaText(schemaText(schemaOf(claims)));
    expect(parsed).toEqual({ ok: true, claims });
    expect(parseSchemaText(schemaText(schemaOf([])))).toEqual({ ok: true, claims: [] });
  });
});

describe('validateClaims', () => {
  it('accepts identifiers', () => {
    expect(hasClaimErrors(validateClaims(claims))).toBe(false);
  });

  it('names what is wrong with each claim', () => {
    const errors = validateClaims([
      { name: '', description: '', unsigned: false },
      { name: '2fast', description: '', unsigned: false },
      { name: 'a-b', description: '', unsigned: false },
      { name: 'unsigned', description: '', unsigned: false },
      { name: 'beta', description: '', unsigned: false },
      { name: 'beta', description: 'x'.repeat(1025), unsigned: false },
      { name: 'beta', description: '', unsigned: true },
    ]);
    expect(errors[0]!.name).toBe('Name the claim.');
    expect(errors[1]!.name).toContain('“2fast” is not a claim name');
    expect(errors[2]!.name).toContain('“a-b” is not a claim name');
    expect(errors[3]!.name).toContain('reserved');
    expect(errors[4]).toEqual({});
    expect(errors[5]).toEqual({
      name: '“beta” is declared twice.',
      description: 'A description can have at most 1024 characters.',
    });
    // The same name signed and unsigned are two different claims.
    expect(errors[6]).toEqual({});
  });
});

describe('parseSchemaText', () => {
  it('reports text that is not JSON', () => {
    const parsed = parseSchemaText('{ "type": ');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(/^Not valid JSON: /);
  });

  it('refuses claims that are not booleans, naming where', () => {
    const parsed = parseSchemaText(
      JSON.stringify({
        type: 'object',
        properties: { age: { type: 'number', description: '' } },
        additionalProperties: false,
      }),
    );
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.message).toContain('`properties.age');
    }
  });

  it('refuses a claim name that conditions cannot read', () => {
    const parsed = parseSchemaText(
      JSON.stringify({
        type: 'object',
        properties: { 'has space': { type: 'boolean', description: '' } },
        additionalProperties: false,
      }),
    );
    expect(parsed).toEqual({
      ok: false,
      message: '“has space” is not a claim name: use letters, digits and _, starting with a letter or _.',
    });
  });
});

describe('sameClaims', () => {
  it('compares names (trimmed), descriptions, kinds and order', () => {
    expect(
      sameClaims(
        claims,
        claims.map((claim) => ({ ...claim })),
      ),
    ).toBe(true);
    expect(sameClaims(claims, [...claims].reverse())).toBe(false);
    expect(
      sameClaims(
        claims,
        claims.map((c, i) => (i === 0 ? { ...c, name: ` ${c.name} ` } : c)),
      ),
    ).toBe(true);
    expect(
      sameClaims(
        claims,
        claims.map((c, i) => (i === 2 ? { ...c, unsigned: false } : c)),
      ),
    ).toBe(false);
  });
});
