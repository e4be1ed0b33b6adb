/**
 * Bulk runs on members: each member is its own request. When all went through the outcome is a toast (with Undo
 * for role changes, which sets each member's previous role back); else a report per member, the failed staying
 * selected.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidateMembers, removeMember, updateMemberRole } from '../../../queries/members.ts';
import { roleName, type RoleOrGuest } from '../../../ui/roles.ts';
import { toast, toastUndoable } from '../../../ui/Toast.tsx';
import { useMemberSelection } from '../selection.ts';
import { runBulk, type BulkResult } from './bulk.ts';
import type { BulkTarget } from './bulkRules.ts';
import type { BulkReport } from './BulkReportDialog.tsx';
import { countOf } from './format.ts';

/** One bulk run: what to do and to whom (each target with its role before, for Undo). */
export interface BulkRun {
  action: 'role' | 'remove' | 'undo';
  targets: BulkTarget[];
  /** The new role (an undo sets every target's own `role` back). */
  role?: RoleOrGuest;
}

/** The bulk mutation, its progress, and the report to show. */
export function useBulkRun(profileId: string, orgId: string, onDone: () => void) {
  const queryClient = useQueryClient();
  const setSelection = useMemberSelection((s) => s.setSelection);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [report, setReport] = useState<BulkReport | undefined>(undefined);

  const send = ({ action, targets, role }: BulkRun, userId: string): Promise<unknown> => {
    // As a job: paced behind the user's own calls under the API's rate limit.
    if (action === 'remove') return removeMember(profileId, orgId, userId, true);
    const before = targets.find((target) => target.userId === userId)?.role ?? null;
    return updateMemberRole(profileId, orgId, userId, action === 'undo' ? before : (role ?? null), true);
  };

  const bulk = useMutation({
    mutationFn: (run: BulkRun): Promise<BulkResult[]> => {
      setProgress(0);
      return runBulk(run.targets, (userId) => send(run, userId), undefined, setProgress);
    },
    onSettled: () => setProgress(undefined),
    onSuccess: (results, run) => {
      const done = results.filter((r) => r.ok).map((r) => r.userId);
      const failed = results.filter((r) => !r.ok).map((r) => r.userId);
      void invalidateMembers(queryClient, profileId, orgId, done, run.action === 'remove');
      const phrase = countOf(done.length, 'member');
      if (run.action === 'undo') {
        if (failed.length === 0) toast({ tone: 'success', title: `Undone: ${phrase} back to their roles` });
        else setReport({ title: 'Undo the role changes', results });
        return;
      }
      setSelection(orgId, failed, failed[0]);
      onDone();
      const changed = run.targets.filter((target) => done.includes(target.userId));
      const undo =
        run.action === 'role' && changed.length > 0
          ? () => bulk.mutate({ action: 'undo', targets: changed })
          : undefined;
      const title =
        run.action === 'role' ? `Changed to ${roleName(run.role ?? null)}: ${phrase}` : `Removed: ${phrase}`;
      if (failed.length > 0) {
        const what =
          run.action === 'role' ? `Change role to ${roleName(run.role ?? null)}` : 'Remove members';
        setReport({ title: what, results, undo });
      }
      if (undo !== undefined) toastUndoable({ title, undo });
      else if (failed.length === 0) toast({ tone: 'success', title });
    },
  });
  return {
    run: (run: BulkRun) => bulk.mutate(run),
    running: progress !== undefined || bulk.isPending,
    progress,
    report,
    closeReport: () => setReport(undefined),
  };
}
