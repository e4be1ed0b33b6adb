/**
 * Short turns of the event loop (fair-turns.ts), on a clock the test moves: requests run at once while the turn has
 * time left, the rest wait for later turns in arrival order, a later turn releases what its budget allows (at least
 * one), and a request arriving while others wait queues behind them; while connections are being accepted, turns
 * keep to the shorter budget, still running at least one request each.
 */
import { describe, expect, it } from 'vitest';
import { FairTurns } from './fair-turns.ts';

/** Resolves from a `setImmediate` callback: after the immediates queued before it. */
const immediate = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('FairTurns', () => {
  it('runs requests at once until the turn has spent its budget, then the rest in a later turn, in order', async () => {
    let now = 0;
    const turns = new FairTurns(4, 1, () => now);
    const ran: number[] = [];
    const request = (n: number, cost: number) => () => {
      ran.push(n);
      now += cost;
    };
    turns.admit(request(1, 3));
    turns.admit(request(2, 3));
    turns.admit(request(3, 1));
    turns.admit(request(4, 1));
    expect(ran).toEqual([1, 2]);
    expect(turns.queued).toBe(2);
    // This turn's check phase only schedules the waiting ones for the next turn.
    await immediate();
    expect(ran).toEqual([1, 2]);
    await immediate();
    expect(ran).toEqual([1, 2, 3, 4]);
    expect(turns.queued).toBe(0);
  });

  it('releases one request per turn when each spends the whole budget, and keeps newcomers behind', async () => {
    let now = 0;
    const turns = new FairTurns(4, 1, () => now);
    const ran: number[] = [];
    const request = (n: number) => () => {
      ran.push(n);
      now += 5;
    };
    turns.admit(request(1));
    turns.admit(request(2));
    turns.admit(request(3));
    expect(ran).toEqual([1]);
    await immediate();
    await immediate();
    expect(ran).toEqual([1, 2]);
    // A request arriving while others wait goes behind them, even in a fresh turn.
    turns.admit(request(4));
    expect(ran).toEqual([1, 2]);
    for (let turn = 0; turn < 6 && turns.queued > 0; turn++) await immediate();
    expect(ran).toEqual([1, 2, 3, 4]);
  });

  it('keeps turns to the short budget while connections are being accepted, and to the whole one after', async () => {
    let now = 0;
    const turns = new FairTurns(4, 1, () => now);
    const ran: number[] = [];
    const request = (n: number) => () => {
      ran.push(n);
      now += 0.6;
    };
    turns.accepted();
    for (let n = 1; n <= 6; n++) turns.admit(request(n));
    // Six of these fit in a whole budget; while a connection was just accepted, two fit.
    expect(ran).toEqual([1, 2]);
    await immediate();
    await immediate();
    expect(ran).toEqual([1, 2, 3, 4]);
    // No connection for a whole budget: the next turn runs what is left.
    now += 4;
    await immediate();
    await immediate();
    expect(ran).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('runs at least one request a turn while connections keep coming', async () => {
    let now = 0;
    const turns = new FairTurns(4, 1, () => now);
    const ran: number[] = [];
    const request = (n: number) => () => {
      ran.push(n);
      now += 2;
    };
    turns.accepted();
    for (let n = 1; n <= 3; n++) turns.admit(request(n));
    expect(ran).toEqual([1]);
    for (let turn = 0; turn < 2; turn++) {
      turns.accepted();
      await immediate();
      await immediate();
      expect(ran).toEqual([1, 2, 3].slice(0, turn + 2));
    }
  });
});
