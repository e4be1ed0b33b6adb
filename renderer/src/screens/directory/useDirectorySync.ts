/**
 * The directory screen's work: plan a reconciliation against the organization as it is now, apply it (paced as a
 * background job, with progress), and undo it by planning the organization back to how it was before the apply.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { applyPlan, type ApplyReport } from '../../../../shared/orgfile/apply.ts';
import { applyDirectory, type DirectoryApplyReport } from '../../../../shared/orgfile/directory/apply.ts';
import type { DirectoryMapping } from '../../../../shared/orgfile/directory/mapping.ts';
import type { Directory } from '../../../../shared/orgfile/directory/read.ts';
import { reconcileDirectory, type Reconciliation } from '../../../../shared/orgfile/directory/reconcile.ts';
import { exportOrgFile } from '../../../../shared/orgfile/export.ts';
import { planOrgFile, type Plan } from '../../../../shared/orgfile/plan.ts';
import { loadSnapshot, type OrgSnapshot } from '../../../../shared/orgfile/snapshot.ts';
import { jobClientFor } from '../../bridge/api.ts';
import { keys } from '../../queries/keys.ts';

export type SyncState =
  | { phase: 'idle' }
  | { phase: 'planning' }
  | { phase: 'planned'; reconciliation: Reconciliation; callerId: string; before: OrgSnapshot }
  | { phase: 'applying'; reconciliation: Reconciliation; done: number }
  | { phase: 'applied'; reconciliation: Reconciliation; result: DirectoryApplyReport; before: OrgSnapshot }
  | { phase: 'undoing'; done: number; total: number }
  | { phase: 'undone'; plan: Plan; report: ApplyReport }
  | { phase: 'failed'; message: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Planning, applying and undoing one organization's reconciliation. */
export function useDirectorySync(profileId: string, orgId: string) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SyncState>({ phase: 'idle' });
  const stop = useRef<AbortController | undefined>(undefined);
  const client = jobClientFor(profileId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.org(profileId, orgId) });

  const plan = async (directory: Directory, mapping: DirectoryMapping) => {
    setState({ phase: 'planning' });
    try {
      const [before, me] = await Promise.all([
        loadSnapshot(client, orgId),
        client.call('getAuthenticatedUser'),
      ]);
      const reconciliation = reconcileDirectory(before, directory, mapping, { callerId: me.id });
      setState({ phase: 'planned', reconciliation, callerId: me.id, before });
    } catch (error) {
      setState({ phase: 'failed', message: `The organization could not be read: ${messageOf(error)}` });
    }
  };

  const apply = async (directory: Directory, mapping: DirectoryMapping, stopOnError: boolean) => {
    if (state.phase !== 'planned') return;
    const { reconciliation, callerId, before } = state;
    stop.current = new AbortController();
    let done = 0;
    setState({ phase: 'applying', reconciliation, done });
    try {
      const result = await applyDirectory(
        client,
        orgId,
        reconciliation,
        { directory, mapping, callerId },
        {
          stopOnError,
          signal: stop.current.signal,
          onStep: () => setState({ phase: 'applying', reconciliation, done: ++done }),
        },
      );
      setState({ phase: 'applied', reconciliation, result, before });
    } catch (error) {
      setState({ phase: 'failed', message: `The apply stopped: ${messageOf(error)}` });
    }
    await refresh();
  };

  /** Plans the organization back to the snapshot taken before the apply, and applies that. */
  const undo = async () => {
    if (state.phase !== 'applied') return;
    try {
      const back = planOrgFile(exportOrgFile(state.before).file, await loadSnapshot(client, orgId));
      let done = 0;
      setState({ phase: 'undoing', done, total: back.steps.length });
      const report = await applyPlan(client, orgId, back, {
        stopOnError: false,
        onStep: () => setState({ phase: 'undoing', done: ++done, total: back.steps.length }),
      });
      setState({ phase: 'undone', plan: back, report });
    } catch (error) {
      setState({ phase: 'failed', message: `The undo stopped: ${messageOf(error)}` });
    }
    await refresh();
  };

  return {
    state,
    plan,
    apply,
    undo,
    stop: () => stop.current?.abort(),
    reset: () => setState({ phase: 'idle' }),
  };
}
