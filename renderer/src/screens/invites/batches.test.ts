import { describe, expect, it } from 'vitest';
import type { InviteEntry } from './addresses.ts';
import { batchBody, chunk, classifyBatch, sendInBatches, type InviteCalls, type Outcome } from './batches.ts';

const entry = (email: string, role?: InviteEntry['role']): InviteEntry => ({
  email,
  source: 'text',
  line: 1,
  ...(role !== undefined ? { role } : {}),
});

describe('chunk', () => {
  it('cuts into slices of the size', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 10)).toEqual([]);
  });
});

describe('batchBody', () => {
  it('sends own roles per entry, guest as null, and the form role and SSO', () => {
    expect(batchBody([entry('a@x.io'), entry('b@x.io', 'guest')], { role: 'edit', sso: true })).toEqual({
      emails: ['a@x.io', { email: 'b@x.io', role: null }],
      role: 'edit',
      sso: true,
    });
    expect(batchBody([entry('a@x.io')], { role: undefined, sso: false })).toEqual({ emails: ['a@x.io'] });
  });
});

describe('classifyBatch', () => {
  const never = () => Promise.reject(new Error('not called'));

  it('marks all invited, or all members, without lookups', async () => {
    const batch = [entry('a@x.io'), entry('b@x.io')];
    const all = await classifyBatch(batch, { users: ['1', '2'], invited: 2 }, never);
    expect([...all.values()].map((o) => o.status)).toEqual(['invited', 'invited']);
    const none = await classifyBatch(batch, { users: [], invited: 0 }, never);
    expect([...none.values()].map((o) => o.status)).toEqual(['member', 'member']);
  });

  it('looks up who was invited in a mixed batch', async () => {
    const batch = [entry('A@x.io'), entry('b@x.io')];
    const mixed = await classifyBatch(batch, { users: ['2'], invited: 1 }, () => Promise.resolve(['b@X.io']));
    expect(mixed.get('a@x.io')?.status).toBe('member');
    expect(mixed.get('b@x.io')?.status).toBe('invited');
  });

  it('says only the count when the lookup fails', async () => {
    const mixed = await classifyBatch(
      [entry('a@x.io'), entry('b@x.io')],
      { users: ['2'], invited: 1 },
      never,
    );
    expect(mixed.get('a@x.io')?.message).toMatch(/1 of 2/);
  });

  it('fails the addresses whose SSO invite failed', async () => {
    const result = { users: ['1'], invited: 1, failedSSOEmails: ['a@x.io'] };
    const outcomes = await classifyBatch([entry('a@x.io')], result, never);
    expect(outcomes.get('a@x.io')?.status).toBe('failed');
  });
});

describe('sendInBatches', () => {
  it('sends batches of 10 in order and fails a refused batch with the message', async () => {
    const entries = Array.from({ length: 23 }, (_, i) => entry(`u${i}@x.io`));
    const sizes: number[] = [];
    const calls: InviteCalls = {
      invite: (body) => {
        sizes.push(body.emails.length);
        if (sizes.length === 2) return Promise.reject(new Error('Too many requests'));
        return Promise.resolve({ users: body.emails.map((_, i) => String(i)), invited: body.emails.length });
      },
      emailsOf: () => Promise.resolve([]),
    };
    const seen = new Map<string, Outcome>();
    await sendInBatches(
      entries,
      { role: undefined, sso: false },
      calls,
      (o) => o.forEach((v, k) => seen.set(k, v)),
      (e) => (e instanceof Error ? e.message : 'x'),
    );
    expect(sizes).toEqual([10, 10, 3]);
    expect(seen.get('u0@x.io')?.status).toBe('invited');
    expect(seen.get('u10@x.io')).toEqual({ status: 'failed', message: 'Too many requests' });
    expect(seen.get('u22@x.io')?.status).toBe('invited');
  });
});
