/** Cells to requests: invalid ones kept back, unchanged ones dropped, the rest one PATCH per space. */
import { describe, expect, it } from 'vitest';
import type { CellField } from './cellValues.ts';
import { applyPatch, planChanges } from './changes.ts';

const days: CellField = { name: 'days', type: 'number' };
const stage: CellField = { name: 'stage', type: 'select:single', options: ['Beta', 'Stable'] };

describe('planChanges', () => {
  it('groups valid cells per space, keeps invalid ones with their reason, drops unchanged ones', () => {
    const current = { days: 30, stage: 'Beta' };
    const plan = planChanges([
      { spaceId: 's1', field: days, text: '45', current },
      { spaceId: 's1', field: stage, text: 'beta', current },
      { spaceId: 's2', field: days, text: 'later', current: {} },
      { spaceId: 's2', field: stage, text: 'stable', current: {} },
      { spaceId: 's3', field: days, text: '', current: undefined },
      { spaceId: 's1', field: days, text: '46', current },
    ]);
    expect(plan.invalid).toEqual([
      { spaceId: 's2', fieldName: 'days', text: 'later', reason: expect.stringContaining('not a number') },
    ]);
    expect(plan.unchanged).toEqual([{ spaceId: 's1', fieldName: 'stage' }]);
    expect(plan.patches.map((patch) => [patch.spaceId, patch.body])).toEqual([
      ['s1', { values: { days: { value: 46 } } }],
      ['s2', { values: { stage: { value: 'Stable' } } }],
      ['s3', { values: { days: { value: null } } }],
    ]);
    expect(plan.patches[0]!.cells).toEqual([{ fieldName: 'days', text: '46', value: 46 }]);
  });

  it('applies a written patch to the loaded values', () => {
    const [patch] = planChanges([
      { spaceId: 's1', field: days, text: '', current: { days: 1, stage: 'Beta' } },
      { spaceId: 's1', field: stage, text: 'Stable', current: { days: 1, stage: 'Beta' } },
    ]).patches;
    expect(applyPatch({ days: 1, stage: 'Beta' }, patch!)).toEqual({ stage: 'Stable' });
  });
});
