/**
 * Admission of work a few at a time, by weight: holders together weigh at most `capacity`; the others wait in
 * arrival order (a heavy one at the head is not overtaken, so it is never starved). A weight above the capacity
 * counts as the capacity: such work runs alone. The browser host admits large bridge bodies this way, weighed by
 * their size, so that their memory (the bytes, the text, the parsed value, the copy sent on) is bounded by the
 * capacity, not by how many calls arrive together.
 */
export class Admission {
  private used = 0;
  private holders = 0;
  private readonly queue: { weight: number; admit: () => void }[] = [];
  private readonly capacity: number;

  constructor(capacity: number) {
    if (!(capacity > 0)) throw new RangeError('an admission needs a positive capacity');
    this.capacity = capacity;
  }

  /** Waits until `weight` fits; the answer gives it back (once, whatever the number of calls). */
  async enter(weight: number): Promise<() => void> {
    const counted = Math.min(Math.max(weight, 0), this.capacity);
    if (this.queue.length === 0 && this.used + counted <= this.capacity) this.admit(counted);
    else await new Promise<void>((resolve) => this.queue.push({ weight: counted, admit: resolve }));
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.used -= counted;
      this.holders--;
      this.drain();
    };
  }

  /** Holders, waiters and the weight admitted now. */
  state(): { active: number; waiting: number; weight: number } {
    return { active: this.holders, waiting: this.queue.length, weight: this.used };
  }

  private admit(weight: number): void {
    this.used += weight;
    this.holders++;
  }

  private drain(): void {
    for (let next = this.queue[0]; next && this.used + next.weight <= this.capacity; next = this.queue[0]) {
      this.queue.shift();
      this.admit(next.weight);
      next.admit();
    }
  }
}
