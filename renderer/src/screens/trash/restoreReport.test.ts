import { describe, expect, it } from 'vitest';
import { restoreReport } from './restoreReport.ts';

describe('restoreReport', () => {
  it('sums up successes and gives each refusal its reason', () => {
    const report = restoreReport([
      { title: 'Guides', error: undefined },
      { title: 'API', error: undefined },
      { title: '', error: 'space `s1` was deleted more than 7 days ago and can no longer be restored' },
    ]);
    expect(report).toEqual([
      { title: '2 spaces restored', tone: 'success' },
      {
        title: '“Untitled” was not restored',
        description: 'space `s1` was deleted more than 7 days ago and can no longer be restored',
        tone: 'error',
      },
    ]);
  });

  it('names a single restored space', () => {
    expect(restoreReport([{ title: 'Guides', error: undefined }])).toEqual([
      { title: '“Guides” restored', tone: 'success' },
    ]);
  });
});
