import { describe, expect, it } from 'vitest';
import { mergeEntries, readInviteCsv, splitAddresses } from './addresses.ts';
import { applyOutcomes, countStatuses, retryFailed, startReport, whereFrom } from './report.ts';

describe('report', () => {
  const parsed = mergeEntries(splitAddresses('a@x.io nope\nB@x.io'), readInviteCsv('c@x.io,admin'));

  it('starts with pending and invalid rows', () => {
    const rows = startReport(parsed);
    expect(rows.map((r) => [r.email, r.status])).toEqual([
      ['a@x.io', 'pending'],
      ['B@x.io', 'pending'],
      ['c@x.io', 'pending'],
      ['nope', 'invalid'],
    ]);
    expect(whereFrom(rows[2]!)).toBe('CSV line 1');
    expect(whereFrom(rows[3]!)).toBe('line 1');
  });

  it('applies outcomes by lower-case address, then retries only the failed', () => {
    let rows = startReport(parsed);
    rows = applyOutcomes(
      rows,
      new Map([
        ['a@x.io', { status: 'invited' as const }],
        ['b@x.io', { status: 'failed' as const, message: 'Boom' }],
        ['c@x.io', { status: 'member' as const }],
      ]),
    );
    expect(countStatuses(rows)).toEqual({ pending: 0, invited: 1, member: 1, failed: 1, invalid: 1 });
    expect(rows[1]?.message).toBe('Boom');
    rows = retryFailed(rows);
    expect(rows.map((r) => r.status)).toEqual(['invited', 'pending', 'member', 'invalid']);
    rows = applyOutcomes(rows, new Map([['b@x.io', { status: 'invited' as const }]]));
    expect(rows[1]).not.toHaveProperty('message');
  });
});
