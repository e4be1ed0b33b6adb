/** What every handler receives, and the typed map of handlers keyed by operation name. */
import type {
  BodyOf,
  OperationName,
  Operations,
  ParamsOf,
  QueryOf,
  ResponseOf,
} from '../../shared/contract/index.ts';
import type { Clock } from '../clock.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { FetchLimits } from '../net/fetch-url.ts';
import type { WalCheckpointer } from '../storage/checkpoints.ts';
import type { Database } from '../storage/database.ts';
import type { Store } from '../storage/store/store.ts';

/** The server's dependencies, created once. */
export interface Services {
  db: Database;
  /**
   * The asynchronous seam over the same database (storage/store/): converted handlers run their statements and
   * transactions through it; the others still use `db` (the plan: storage/README.md).
   */
  store: Store;
  clock: Clock;
  /** Rules for fetching URLs on a caller's behalf (imports, OpenAPI sources). */
  network: NetworkPolicy;
  /** Heavy and untrusted work: tasks on worker threads, and the persisted jobs that use them. */
  jobs: Jobs;
}

/** The job runners (worker threads), the persisted queue and the log checkpoints of this server. */
export interface Jobs {
  runner: JobRunner;
  queue: JobQueue;
  /** Short tasks a request or the database waits on: never behind a long job of `runner`. */
  quick: JobRunner;
  checkpoints: Checkpoints;
}

/** The log checkpoints' life with the server's (storage/checkpoints.ts on SQLite; nothing on other stores). */
export type Checkpoints = Pick<WalCheckpointer, 'start' | 'stop'>;

/** Rules for outgoing fetches. */
export interface NetworkPolicy {
  /** Fetch private, loopback and link-local addresses too (tests and local fixtures only). */
  allowPrivateAddresses: boolean;
  /** Overrides of the default timeout, size cap and redirect count (tests lower them). */
  limits: Partial<FetchLimits>;
}

/** The authenticated caller. */
export interface Actor {
  userId: string;
  /** The hash of the token used, the key of its rate limit. */
  tokenHash: string;
}

export interface HandlerContext<N extends OperationName> {
  params: ParamsOf<Operations[N]>;
  query: QueryOf<Operations[N]>;
  body: BodyOf<Operations[N]>;
  actor: Actor;
  services: Services;
  /** Base URL of this server as the caller reached it, for `urls.location`. */
  baseUrl: string;
}

/**
 * What a handler of an operation with an `unchanged` status (and no content) answers when there was nothing to do.
 */
export const UNCHANGED = Symbol('unchanged');

type Answer<N extends OperationName> =
  ResponseOf<Operations[N]> extends undefined ? undefined | typeof UNCHANGED : ResponseOf<Operations[N]>;

export type Handler<N extends OperationName> = (context: HandlerContext<N>) => Answer<N> | Promise<Answer<N>>;

/** Handlers of some operations; the others answer 501 until their issue lands. */
export type Handlers = { [N in OperationName]?: Handler<N> };
