/** What a document's references expand to, measured without expanding anything, and the limits on it. */
import { describe, expect, it } from 'vitest';
import { checkReferenceExpansion, DEFAULT_REFERENCE_LIMITS, ReferenceLimitError } from './references.ts';
import { exponentialDocument } from '../../test/factories.ts';

const limits = (overrides: Partial<typeof DEFAULT_REFERENCE_LIMITS>) => ({
  ...DEFAULT_REFERENCE_LIMITS,
  ...overrides,
});

function refusal(document: unknown, overrides: Partial<typeof DEFAULT_REFERENCE_LIMITS> = {}): string {
  try {
    checkReferenceExpansion(document, limits(overrides));
  } catch (error) {
    expect(error).toBeInstanceOf(ReferenceLimitError);
    return (error as Error).message;
  }
  throw new Error('the document was accepted');
}

describe('checkReferenceExpansion', () => {
  it('counts a reference as what it points at, measured once', () => {
    const target = { type: 'object', properties: { a: { type: 'string' } } };
    // target: 1 + type + properties(1 + a(1 + type)) = 5 values, 4 deep.
    expect(checkReferenceExpansion(target)).toEqual({ values: 5, depth: 4 });
    const document = { defs: { T: target }, uses: [{ $ref: '#/defs/T' }, { $ref: '#/defs/T' }] };
    // root + defs(1 + T) + uses(1 + T + T) = 1 + 6 + 11.
    expect(checkReferenceExpansion(document)).toEqual({ values: 18, depth: 6 });
  });

  it('refuses an exponential document at once (2^40 values) and accepts a short one', () => {
    expect(refusal(exponentialDocument(40))).toMatch(/references expand to more than 5,000,000 values/);
    expect(checkReferenceExpansion(exponentialDocument(10)).values).toBeLessThan(10_000);
  });

  it('leaves cycles, external and dangling references as one value each', () => {
    const document = {
      a: { next: { $ref: '#/b' } },
      b: { next: { $ref: '#/a' } },
      external: { $ref: 'https://example.com/schema.json' },
      dangling: { $ref: '#/nowhere' },
      escaped: { $ref: '#/with~1slash' },
      'with/slash': { type: 'string' },
    };
    expect(checkReferenceExpansion(document).values).toBeLessThan(20);
  });

  it('refuses deep nesting, too many references and deep expansion, without recursion', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(refusal(deep)).toMatch(/nested deeper than 256 levels/);
    const many = { items: Array.from({ length: 11 }, () => ({ $ref: '#/x' })), x: {} };
    expect(refusal(many, { maxReferences: 10 })).toMatch(/more than 10 references/);
    const chain: Record<string, unknown> = {};
    for (let i = 0; i < 600; i++) chain[`s${i}`] = { next: { $ref: `#/s${i + 1}` } };
    expect(refusal(chain)).toMatch(/expand deeper than 512 levels/);
  });
});
