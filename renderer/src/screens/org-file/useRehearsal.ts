/**
 * The rehearsal (issue 19): the organization copied, configuration and people, into a new organization of the local
 * sandbox (shared/orgfile/rehearse.ts), through the job clients of the organization's profile and of the local
 * sandbox (the main process holds both tokens and paces both). The export's read is reused when it is at hand.
 * The copy is stored with the organization's file state, so that plans can target it after a reload.
 */
import { useCallback, useState } from 'react';
import { rehearse, type RehearsalCopy, type RehearsalPhase } from '../../../../shared/orgfile/rehearse.ts';
import type { OrgSnapshot } from '../../../../shared/orgfile/snapshot.ts';
import { jobClientFor } from '../../bridge/api.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { LOCAL_PROFILE_ID } from '../../layout/pickProfile.ts';
import type { OrgFileStore } from './storage.ts';

export type RehearsalState =
  | { status: 'idle' }
  | { status: 'running'; phase: RehearsalPhase; round?: number }
  | { status: 'error'; message: string };

/** The stored copy, the rehearsal's progress, and `start`. */
export function useRehearsal(profileId: string, orgId: string, files: OrgFileStore) {
  const [copy, setCopy] = useState<RehearsalCopy | undefined>(() => files.rehearsal());
  const [state, setState] = useState<RehearsalState>({ status: 'idle' });

  const start = useCallback(
    async (snapshot: () => Promise<OrgSnapshot>): Promise<RehearsalCopy | undefined> => {
      setState({ status: 'running', phase: 'reading' });
      try {
        const made = await rehearse({
          source: jobClientFor(profileId),
          organizationId: orgId,
          snapshot: await snapshot(),
          sandbox: jobClientFor(LOCAL_PROFILE_ID),
          onPhase: (phase, round) =>
            setState({ status: 'running', phase, ...(round !== undefined ? { round } : {}) }),
        });
        files.setRehearsal(made);
        setCopy(made);
        setState({ status: 'idle' });
        return made;
      } catch (error) {
        setState({ status: 'error', message: errorMessage(error) });
        return undefined;
      }
    },
    [profileId, orgId, files],
  );

  return { copy, state, start };
}
