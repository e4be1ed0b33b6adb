import { describe, expect, it } from 'vitest';
import { Admission } from './admission.ts';

describe('Admission', () => {
  it('admits up to its capacity by weight, the others in arrival order, and counts a double leave once', async () => {
    const admission = new Admission(10);
    const order: string[] = [];
    const entered = (name: string, weight: number) =>
      admission.enter(weight).then((leave) => {
        order.push(name);
        return leave;
      });
    const a = await entered('a', 4);
    const b = await entered('b', 4);
    const c = entered('c', 4);
    // `d` would fit beside `a` and `b`, but does not overtake `c`.
    const d = entered('d', 1);
    expect(admission.state()).toEqual({ active: 2, waiting: 2, weight: 8 });
    a();
    a();
    const [leaveC, leaveD] = await Promise.all([c, d]);
    expect(order).toEqual(['a', 'b', 'c', 'd']);
    expect(admission.state()).toEqual({ active: 3, waiting: 0, weight: 9 });
    // Heavier than the whole capacity: runs alone.
    const huge = entered('huge', 50);
    b();
    leaveC();
    leaveD();
    const leaveHuge = await huge;
    expect(admission.state()).toEqual({ active: 1, waiting: 0, weight: 10 });
    leaveHuge();
    expect(admission.state()).toEqual({ active: 0, waiting: 0, weight: 0 });
  });

  it('needs a positive capacity', () => {
    expect(() => new Admission(0)).toThrow(RangeError);
  });
});
