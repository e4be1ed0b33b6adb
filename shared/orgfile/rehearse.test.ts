/** The rehearsal's pure parts: the copy's admin kept by plans, ids paired and swapped, the copy's title. */
import { describe, expect, it } from 'vitest';
import { planOf, type PlanStep } from './plan.ts';
import { copyTitle, fileForCopy, forCopy, pairIds } from './rehearse.ts';
import type { OrgFile } from './schema.ts';

const remove = (userId: string): PlanStep => ({
  resource: 'member',
  action: 'delete',
  userId,
  email: `${userId}@x.test`,
  role: 'admin',
  label: `Remove ${userId}`,
  dangerous: 'an admin',
});
const change = (userId: string, to: 'admin' | 'read'): PlanStep => ({
  resource: 'member',
  action: 'update',
  userId,
  email: `${userId}@x.test`,
  from: to === 'admin' ? 'read' : 'admin',
  to,
  label: `Change ${userId} to ${to}`,
});

describe('the rehearsal', () => {
  it('never removes or demotes the copy’s admin, and counts what is left', () => {
    const plan = planOf([remove('me'), change('me', 'read'), remove('bob'), change('bob', 'read')]);
    const kept = forCopy(plan, 'me');
    expect(kept.steps.map((step) => step.label)).toEqual(['Remove bob', 'Change bob to read']);
    expect(kept.counts.member).toEqual({ create: 0, update: 1, delete: 1 });
    expect(kept.dangerous).toBe(1);
    const promoted = planOf([change('me', 'admin')]);
    expect(forCopy(promoted, 'me')).toBe(promoted);
  });

  it('pairs the ids of two files alike up to ids, by name in lists, and swaps them in a file', () => {
    const a: OrgFile = {
      version: 2,
      organization: { title: 'Acme', id: 'orgA' },
      members: [
        { email: 'ann@x.test', role: 'admin', id: 'uA1' },
        { email: 'bob@x.test', role: 'read', id: 'uA2' },
      ],
      teams: [{ title: 'Docs', id: 'tA', members: [{ email: 'bob@x.test', role: 'member' }] }],
      collections: [
        {
          title: 'Guides',
          id: 'cA',
          defaultLevel: 'inherit',
          spaces: [{ title: 'Intro', id: 'sA', defaultLevel: 'inherit' }],
        },
      ],
    };
    // The copy lists its members in another order, with one more (its admin).
    const b: OrgFile = {
      ...a,
      organization: { title: 'Acme (rehearsal)', id: 'orgB' },
      members: [
        { email: 'me@sandbox.test', role: 'admin', id: 'uB0' },
        { email: 'bob@x.test', role: 'read', id: 'uB2' },
        { email: 'ann@x.test', role: 'admin', id: 'uB1' },
      ],
      teams: [{ ...a.teams[0]!, id: 'tB' }],
      collections: [
        { ...a.collections[0]!, id: 'cB', spaces: [{ title: 'Intro', id: 'sB', defaultLevel: 'inherit' }] },
      ],
    };
    const ids = pairIds(a, b);
    expect(ids).toEqual({ orgA: 'orgB', uA1: 'uB1', uA2: 'uB2', tA: 'tB', cA: 'cB', sA: 'sB' });
    const edited = { ...a, teams: [{ ...a.teams[0]!, title: 'Documentation' }] };
    const swapped = fileForCopy(edited, { ids });
    expect(swapped.teams[0]).toEqual({ title: 'Documentation', id: 'tB', members: a.teams[0]!.members });
    expect(swapped.collections[0]!.spaces![0]!.id).toBe('sB');
    expect(edited.teams[0]!.id).toBe('tA');
  });

  it('marks the copy’s title within the API’s 255 characters', () => {
    expect(copyTitle('Acme')).toBe('Acme (rehearsal)');
    expect(copyTitle('x'.repeat(300))).toHaveLength(255);
  });
});
