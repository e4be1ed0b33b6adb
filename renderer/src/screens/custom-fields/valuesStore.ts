/**
 * The custom field values of many spaces, loaded lazily: the API reads them one space at a time
 * (`getSpaceCustomFields`), so the grid asks only for the rows on screen. Each space is read once and kept; at most
 * `concurrency` reads run at a time; rows scrolled past before their turn are not read (the visible queue is
 * replaced on every request), while `loadAll` queues every space behind them (the delete confirmation's count).
 * A failed read is kept as an error until `retryFailed`. React reads it through `subscribe` / `version`.
 */
import type { CustomFieldValue } from '../../../../shared/contract/resources/customFields.ts';

/** A space's values by field name. */
export type SpaceValues = Readonly<Record<string, CustomFieldValue>>;

/** What is known of one space. */
export type SpaceEntry =
  { state: 'loading' } | { state: 'loaded'; values: SpaceValues } | { state: 'failed'; message: string };

/** Reads one space's values. */
export type FetchValues = (spaceId: string) => Promise<SpaceValues>;

/** Lazily loaded values of spaces, with a limit on reads in flight. */
export class SpaceValuesStore {
  private readonly entries = new Map<string, SpaceEntry>();
  private visible: string[] = [];
  private background: string[] = [];
  private running = 0;
  private readonly listeners = new Set<() => void>();
  private waiters: (() => void)[] = [];
  private changes = 0;
  /** Bumped by `clear`: answers of reads started before it are dropped. */
  private generation = 0;

  private readonly fetchValues: FetchValues;
  private readonly concurrency: number;

  constructor(fetchValues: FetchValues, concurrency = 6) {
    this.fetchValues = fetchValues;
    this.concurrency = concurrency;
  }

  /** Changes with every new answer or write. */
  get version(): number {
    return this.changes;
  }

  /** What is known of a space (undefined: not asked for yet). */
  get(spaceId: string): SpaceEntry | undefined {
    return this.entries.get(spaceId);
  }

  /** A space's values once loaded. */
  values(spaceId: string): SpaceValues | undefined {
    const entry = this.entries.get(spaceId);
    return entry?.state === 'loaded' ? entry.values : undefined;
  }

  /** How many spaces could not be read. */
  get failedCount(): number {
    let count = 0;
    for (const entry of this.entries.values()) if (entry.state === 'failed') count++;
    return count;
  }

  /** How many reads are running now. */
  get inFlight(): number {
    return this.running;
  }

  /** Asks for the spaces on screen, first to last; what was queued for the screen before and not started is dropped. */
  request(spaceIds: readonly string[]): void {
    this.visible = spaceIds.filter((id) => !this.entries.has(id));
    this.pump();
  }

  /** Queues every space not read yet behind the visible ones; resolves once none is left to read. */
  loadAll(spaceIds: readonly string[]): Promise<void> {
    const queued = new Set(this.background);
    for (const id of spaceIds) if (!this.entries.has(id) && !queued.has(id)) this.background.push(id);
    const done = new Promise<void>((resolve) => this.waiters.push(resolve));
    this.pump();
    return done;
  }

  /** Reads again the spaces whose read failed (those on screen first, when asked again). */
  retryFailed(): void {
    for (const [id, entry] of [...this.entries]) if (entry.state === 'failed') this.entries.delete(id);
    this.emit();
  }

  /** Replaces a space's values (after a write the server accepted). */
  set(spaceId: string, values: SpaceValues): void {
    this.entries.set(spaceId, { state: 'loaded', values });
    this.emit();
  }

  /** Forgets every value (after a field's options changed on the server): the screen reads them again. */
  clear(): void {
    this.generation++;
    this.entries.clear();
    this.emit();
  }

  /** Removes one field's values from every loaded space (after the field was deleted). */
  dropField(fieldName: string): void {
    for (const [id, entry] of this.entries) {
      if (entry.state !== 'loaded' || !(fieldName in entry.values)) continue;
      const rest = Object.fromEntries(Object.entries(entry.values).filter(([name]) => name !== fieldName));
      this.entries.set(id, { state: 'loaded', values: rest });
    }
    this.emit();
  }

  /** Listens to changes; answers the function that stops listening. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit(): void {
    this.changes++;
    for (const listener of this.listeners) listener();
  }

  private next(): string | undefined {
    for (const queue of [this.visible, this.background]) {
      while (queue.length > 0) {
        const id = queue.shift()!;
        if (!this.entries.has(id)) return id;
      }
    }
    return undefined;
  }

  private pump(): void {
    while (this.running < this.concurrency) {
      const id = this.next();
      if (id === undefined) break;
      this.running++;
      this.entries.set(id, { state: 'loading' });
      const generation = this.generation;
      void this.fetchValues(id).then(
        (values) => this.finish(id, generation, { state: 'loaded', values }),
        (error: unknown) =>
          this.finish(id, generation, {
            state: 'failed',
            message: error instanceof Error && error.message !== '' ? error.message : 'Could not load.',
          }),
      );
    }
    if (this.running === 0 && this.background.length === 0) {
      const waiters = this.waiters;
      this.waiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  private finish(spaceId: string, generation: number, entry: SpaceEntry): void {
    this.running--;
    // A write may have landed while the read was running (the write is newer), or everything was cleared.
    if (generation === this.generation && this.entries.get(spaceId)?.state === 'loading')
      this.entries.set(spaceId, entry);
    this.emit();
    this.pump();
  }
}
