/**
 * The live organization as the organization file sees it (`loadSnapshot`), read on demand through the profile's job
 * client (so through the main process's pacing, letting the user's own requests go first): at GitBook's pace (60 requests a minute) a large organization takes
 * minutes, one request per page and per team, so the hook counts the requests answered for a progress line and can
 * be stopped between two of them.
 *
 * `reuse` answers the last read instead of reading again when no plan used it yet and it is recent: the first plan
 * after an export plans against the export's read (issue 19: each plan used to read the whole organization again).
 */
import { useCallback, useRef, useState } from 'react';
import type { ApiClient } from '../../../../shared/client.ts';
import { loadSnapshot } from '../../../../shared/orgfile/snapshot.ts';
import type { OrgSnapshot } from '../../../../shared/orgfile/snapshot.ts';
import { jobClientFor } from '../../bridge/api.ts';

export type SnapshotState =
  | { status: 'idle' }
  | { status: 'loading'; requests: number }
  | { status: 'ready'; snapshot: OrgSnapshot; at: Date; requests: number }
  | { status: 'error'; error: unknown };

/** A client that counts the answers it gets and refuses to start a call once `signal` is aborted. */
export function countingClient(client: ApiClient, onAnswer: () => void, signal: AbortSignal): ApiClient {
  const call: ApiClient['call'] = async (name, input) => {
    signal.throwIfAborted();
    try {
      return await client.call(name, input);
    } finally {
      onAnswer();
    }
  };
  return { ...client, call };
}

/** How old a read the first plan after it may still use. */
export const REUSE_WITHIN_MS = 5 * 60_000;

/** The snapshot's state, `load` (again), `reuse` and `stop`. */
export function useLiveSnapshot(profileId: string, orgId: string) {
  const [state, setState] = useState<SnapshotState>({ status: 'idle' });
  /** Whether the last read is still unused by a plan. */
  const unused = useRef(false);
  const running = useRef<{ controller: AbortController; promise: Promise<OrgSnapshot> } | undefined>(
    undefined,
  );

  /** Reads the organization; a read already running is joined, not doubled. */
  const load = useCallback((): Promise<OrgSnapshot> => {
    if (running.current !== undefined) return running.current.promise;
    const controller = new AbortController();
    let requests = 0;
    setState({ status: 'loading', requests });
    const client = countingClient(
      jobClientFor(profileId),
      () => {
        requests += 1;
        if (!controller.signal.aborted) setState({ status: 'loading', requests });
      },
      controller.signal,
    );
    const promise = loadSnapshot(client, orgId)
      .then((snapshot) => {
        setState({ status: 'ready', snapshot, at: new Date(), requests });
        unused.current = true;
        return snapshot;
      })
      .catch((error: unknown) => {
        setState(controller.signal.aborted ? { status: 'idle' } : { status: 'error', error });
        throw error;
      })
      .finally(() => {
        running.current = undefined;
      });
    running.current = { controller, promise };
    return promise;
  }, [profileId, orgId]);

  const stop = useCallback(() => running.current?.controller.abort(), []);

  /** The last read when no plan used it and it is recent (then it counts as used), else a new read. */
  const reuse = useCallback((): Promise<OrgSnapshot> => {
    const wasUnused = unused.current;
    unused.current = false;
    if (wasUnused && state.status === 'ready' && Date.now() - state.at.getTime() < REUSE_WITHIN_MS)
      return Promise.resolve(state.snapshot);
    return load();
  }, [state, load]);

  return { state, load, reuse, stop };
}
