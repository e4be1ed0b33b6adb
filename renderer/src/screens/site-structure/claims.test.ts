import { describe, expect, it } from 'vitest';
import type { SiteAdaptiveSchema } from '../../../../shared/contract/resources/sites.ts';
import { conditionProblem, declaredClaims, previewStructure, visitorClaims } from './claims.ts';
import type { StructureData } from './model.ts';

const schema: SiteAdaptiveSchema = {
  object: 'site-adaptive-schema',
  updatedAt: '2025-01-01T00:00:00.000Z',
  jsonSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      beta: { type: 'boolean', description: 'Beta tester' },
      unsigned: {
        type: 'object',
        additionalProperties: false,
        properties: { region: { type: 'boolean', description: 'In the EU' } },
      },
    } as SiteAdaptiveSchema['jsonSchema']['properties'],
  },
};
const claims = declaredClaims(schema);

describe('declaredClaims', () => {
  it('names the signed claims and the unsigned ones under `unsigned.`', () => {
    expect(claims).toEqual([
      { name: 'beta', description: 'Beta tester', signed: true },
      { name: 'unsigned.region', description: 'In the EU', signed: false },
    ]);
    expect(declaredClaims(undefined)).toEqual([]);
  });
});

describe('conditionProblem', () => {
  it('accepts declared claims and an empty condition', () => {
    expect(conditionProblem('visitor.claims.beta && visitor.claims.unsigned.region', claims)).toBeUndefined();
    expect(conditionProblem('  ', claims)).toBeUndefined();
  });

  it('names an unknown claim, and says where a condition does not parse', () => {
    expect(conditionProblem('visitor.claims.gamma', claims)).toBe(
      "The claim `gamma` is not declared in the site's adaptive schema.",
    );
    expect(conditionProblem('visitor.claims.beta &&', claims)).toBe(
      'The condition does not parse: unexpected end of the condition at 22.',
    );
  });
});

describe('previewStructure', () => {
  const data: StructureData = {
    type: 'sections',
    structure: [
      {
        object: 'site-section',
        id: 'open',
        title: 'Open',
        path: 'open',
        siteSpaces: [{ object: 'site-space', id: 'o1', title: 'O1', path: 'o1' }],
      },
      {
        object: 'site-section-group',
        id: 'g',
        title: 'G',
        sections: [
          {
            object: 'site-section',
            id: 'beta',
            title: 'Beta',
            path: 'beta',
            condition: 'visitor.claims.beta',
            siteSpaces: [
              { object: 'site-space', id: 'b1', title: 'B1', path: 'b1' },
              {
                object: 'site-space',
                id: 'eu',
                title: 'EU',
                path: 'eu',
                condition: 'visitor.claims.unsigned.region',
              },
            ],
          },
        ],
      },
    ],
  };
  const visible = (on: string[]) =>
    Object.fromEntries(
      previewStructure(data, visitorClaims(new Set(on), claims)).map((row) => [row.id, row.visible]),
    );

  it('builds the claims object a visitor sends', () => {
    expect(visitorClaims(new Set(['unsigned.region']), claims)).toEqual({
      beta: false,
      unsigned: { region: true },
    });
  });

  it('hides conditioned items, their children and emptied groups, and says why', () => {
    expect(visible([])).toEqual({ open: true, o1: true, g: false, beta: false, b1: false, eu: false });
    const rows = previewStructure(data, visitorClaims(new Set(), claims));
    expect(rows.find((row) => row.id === 'beta')?.reason).toBe(
      'its condition `visitor.claims.beta` is false for this visitor',
    );
    expect(rows.find((row) => row.id === 'b1')?.reason).toBe('its section is hidden');
    expect(rows.find((row) => row.id === 'g')?.reason).toBe('none of its sections is visible');
    expect(visible(['beta'])).toEqual({ open: true, o1: true, g: true, beta: true, b1: true, eu: false });
    expect(visible(['beta', 'unsigned.region']).eu).toBe(true);
  });
});
