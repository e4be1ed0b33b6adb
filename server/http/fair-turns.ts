/**
 * Short turns of the event loop, so that new connections are accepted while the server is busy.
 *
 * Node 24's libuv accepts one pending connection per turn of the event loop (strace of a busy `node:http` server:
 * one `accept4` per `epoll_pwait`, never run to `EAGAIN`), and a turn runs every request whose bytes arrived since
 * the previous one. Under load from N connections a turn lasts N requests, so the k-th connection opened at once
 * waits k such turns before its first byte is read: 64 connections at 1 ms a request waited up to 2 s.
 *
 * Here, once a turn has run `budgetMs` of requests, the next requests wait for a later turn, in the order they
 * arrived: each turn stays near the budget, so a new connection waits about (connections opening before it) × budget,
 * and every request is served first come, first served. A waiting request is released from its own `setImmediate`
 * callback in the check phase of a later turn (after that turn's poll, which accepts and reads), and Node runs the
 * microtasks between two such callbacks, so each request runs its synchronous part before the next is released.
 *
 * While connections are being accepted (one came less than `budgetMs` ago: more may wait in the backlog), the budget
 * of a turn is `acceptBudgetMs` instead: turns of a request or two, so that the next connection is accepted a
 * millisecond later rather than a whole turn. 64 connections opened at once were all accepted after 230 ms of 5 ms
 * turns; every turn still runs at least one request, so connections that keep coming never stop the others.
 */

export class FairTurns {
  private readonly budgetMs: number;
  private readonly acceptBudgetMs: number;
  private readonly now: () => number;
  /** When the last connection was accepted. */
  private acceptedAt = Number.NEGATIVE_INFINITY;
  /** Requests waiting for a turn, oldest first; one `release` callback is scheduled for each. */
  private readonly waiting: (() => void)[] = [];
  /** When the current poll phase started running requests; undefined once its turn ended. */
  private pollSliceStart: number | undefined;
  /** When the current check phase started releasing requests; undefined until its first release. */
  private waveStart: number | undefined;
  /** Whether the callback that opens the next check phase's wave is scheduled. */
  private openerPending = false;

  constructor(budgetMs: number, acceptBudgetMs: number, now: () => number = () => performance.now()) {
    this.budgetMs = budgetMs;
    this.acceptBudgetMs = acceptBudgetMs;
    this.now = now;
  }

  /** Tells that a connection was accepted (the server's `connection` event). */
  accepted(): void {
    this.acceptedAt = this.now();
  }

  /** The time a turn may spend on requests now. */
  private budget(now: number): number {
    return now - this.acceptedAt < this.budgetMs ? this.acceptBudgetMs : this.budgetMs;
  }

  /** How many requests wait for a turn now. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Calls `go` now if this turn has time left and no request waits before it; otherwise in a later turn. */
  admit(go: () => void): void {
    if (this.waiting.length === 0) {
      const now = this.now();
      if (this.pollSliceStart === undefined) {
        this.pollSliceStart = now;
        setImmediate(this.endPollSlice);
      }
      if (now - this.pollSliceStart < this.budget(now)) return go();
    }
    this.waiting.push(go);
    // First to this turn's check phase, from where the release lands in the next turn (after its poll).
    setImmediate(this.scheduleRelease);
  }

  private readonly endPollSlice = (): void => {
    this.pollSliceStart = undefined;
  };

  /** Schedules one release for the next turn's check phase, after the callback that opens that turn's wave. */
  private readonly scheduleRelease = (): void => {
    if (!this.openerPending) {
      this.openerPending = true;
      setImmediate(this.openWave);
    }
    setImmediate(this.release);
  };

  private readonly openWave = (): void => {
    this.openerPending = false;
    this.waveStart = undefined;
  };

  /** Releases the oldest waiting request if this turn's wave has time left; else tries again next turn. */
  private readonly release = (): void => {
    const now = this.now();
    this.waveStart ??= now;
    if (now - this.waveStart >= this.budget(now)) return this.scheduleRelease();
    this.waiting.shift()?.();
  };
}
