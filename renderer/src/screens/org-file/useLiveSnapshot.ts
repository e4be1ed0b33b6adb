/**
 * The live organization as the organization file sees it (`loadSnapshot`), read on demand through the profile's job
 * client (so through the main process's pacing, letting the user's own requests go first): at GitBook's pace (60 requests a minute) a large organization takes
 * minutes, one request per page and per team, so the hook counts the requests answered for a progress line and can
 * be stopped between two of them.
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

/** The snapshot's state, `load` (again) and `stop`. */
export function useLiveSnapshot(profileId: string, orgId: string) {
  const [state, setState] = useState<SnapshotState>({ status: 'idle' });
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

  return { state, load, stop };
}
