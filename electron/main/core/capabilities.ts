/**
 * What a profile's API offers, learned once per profile. Every operation GitBook publishes is taken as offered; the
 * contract's others (our extensions, and the spec operations GitBook dropped: `optionalOperations`) may be absent.
 * - From `/v1/openapi.json` where the API serves one (our server does): an optional operation whose method and path
 *   it does not describe is absent.
 * - Otherwise (GitBook serves none), an optional read is learned from its first 404: absent from then on (its parent
 *   resources were read just before, the request, the organization, so the 404 means the operation, not the
 *   resource). An optional write is taken as absent from the start: a change is never sent to find out.
 * The proxy answers an absent operation itself (404, without calling the API) and the renderer hides what needs
 * one, with a line that says why.
 */
import type { ApiCapabilities } from '../../../shared/bridge.ts';
import { operations, type OperationName } from '../../../shared/contract/index.ts';
import { operationKey, optionalOperations } from '../../../shared/gitbook/published.ts';

/** The largest description read (ours is about 400 KB). */
export const MAX_DESCRIPTION_BYTES = 8 * 1024 * 1024;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The operations an OpenAPI document describes, as `operationKey`s; `undefined` when it is not one. */
export function describedOperations(document: unknown): Set<string> | undefined {
  if (typeof document !== 'object' || document === null || !('paths' in document)) return undefined;
  const paths = document.paths;
  if (typeof paths !== 'object' || paths === null) return undefined;
  const keys = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    if (typeof item !== 'object' || item === null) continue;
    // GitBook's description has its paths under a `/v1` server; ours has them in full.
    const full = path.startsWith('/v1/') ? path : `/v1${path}`;
    for (const method of METHODS) if (method in item) keys.add(operationKey(method, full));
  }
  return keys;
}

interface Known {
  source: ApiCapabilities['source'];
  absent: Set<OperationName>;
  /** Optional operations that answered something else than 404 (no probe needed). */
  present: Set<OperationName>;
}

/**
 * Reads a profile's description: whether the API answered at all, and the parsed body of a 200 (none when the API
 * serves no description). What an unreachable API answers is not remembered.
 */
export type ReadDescription = (key: string) => Promise<{ reached: boolean; document?: unknown }>;

/** The capabilities of every profile seen, by key. */
export class Capabilities {
  private readonly known = new Map<string, Known>();
  private readonly learning = new Map<string, Promise<Known>>();
  /** Probes under way, by key and operation: one call finds out, the others wait for its answer. */
  private readonly probes = new Map<string, Promise<void>>();
  private readonly read: ReadDescription;

  constructor(read: ReadDescription) {
    this.read = read;
  }

  /** What the API of `key` offers; the first call reads its description. */
  async of(key: string): Promise<ApiCapabilities> {
    const known = await this.learn(key);
    return { source: known.source, absent: [...known.absent].sort() };
  }

  /** Whether an operation is known to be absent (without learning anything). */
  isAbsent(key: string, name: OperationName): boolean {
    return this.known.get(key)?.absent.has(name) ?? false;
  }

  /** The probe of an operation under way, to wait for before calling it. */
  pendingProbe(key: string, name: OperationName): Promise<void> | undefined {
    return this.probes.get(`${key}\u0000${name}`);
  }

  /**
   * Makes this call the probe of an optional operation not known yet (the API serves no description): the calls
   * that follow wait for its answer (`pendingProbe`). Answers the function that ends the probe, or `undefined` when
   * no probe is needed. Call it without awaiting anything after checking `pendingProbe`.
   */
  beginProbe(key: string, name: OperationName): (() => void) | undefined {
    const known = this.known.get(key);
    const id = `${key}\u0000${name}`;
    if (known?.source !== 'probing' || !optionalOperations.has(name) || this.probes.has(id)) return undefined;
    if (known.absent.has(name) || known.present.has(name)) return undefined;
    let end: (() => void) | undefined;
    this.probes.set(
      id,
      new Promise<void>((resolve) => {
        end = resolve;
      }),
    );
    return () => {
      this.probes.delete(id);
      end?.();
    };
  }

  /** An optional operation answered: 404 makes it absent (when learning by probes), any other answer present. */
  noteAnswer(key: string, name: OperationName, status: number): void {
    const known = this.known.get(key);
    if (known === undefined || known.source !== 'probing' || !optionalOperations.has(name)) return;
    if (status === 404) known.absent.add(name);
    else if (status < 500) known.present.add(name);
  }

  /** Forgets a profile (removed, or its sandbox restarted on another version). */
  forget(key: string): void {
    this.known.delete(key);
    this.learning.delete(key);
  }

  private learn(key: string): Promise<Known> {
    const known = this.known.get(key);
    if (known !== undefined) return Promise.resolve(known);
    let pending = this.learning.get(key);
    if (pending === undefined) {
      pending = this.read(key)
        .catch(() => ({ reached: false, document: undefined }))
        .then(({ reached, document }) => {
          const described = describedOperations(document);
          const learned: Known =
            described === undefined
              ? {
                  source: 'probing',
                  absent: new Set(
                    [...optionalOperations].filter((name) => operations[name].method !== 'GET'),
                  ),
                  present: new Set(),
                }
              : {
                  source: 'openapi',
                  present: new Set(),
                  absent: new Set(
                    [...optionalOperations].filter((name) => {
                      const operation = operations[name];
                      return !described.has(operationKey(operation.method, operation.path));
                    }),
                  ),
                };
          if (reached) this.known.set(key, learned);
          this.learning.delete(key);
          return learned;
        });
      this.learning.set(key, pending);
    }
    return pending;
  }
}
