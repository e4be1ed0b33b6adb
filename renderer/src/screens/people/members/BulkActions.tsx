/** The bulk actions bar and its dialogs: change the role of, or remove, every selected member; then a report. */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { invalidateMembers, removeMember, updateMemberRole } from '../../../queries/members.ts';
import { RateLimitWait } from '../../../ui/ApiNotes.tsx';
import { Button } from '../../../ui/Button.tsx';
import { ConfirmDialog, Dialog, DialogClose } from '../../../ui/Dialog.tsx';
import { useMemberSelection } from '../selection.ts';
import { runBulk, type BulkResult } from './bulk.ts';
import { BulkReportDialog, type BulkReport } from './BulkReportDialog.tsx';
import { countOf, isRoleChoice, ROLE_CHOICES, roleOfChoice, type RoleChoice } from './format.ts';

/** Which bulk dialog is open. */
export type BulkDialog = 'role' | 'remove' | undefined;

/** Props of `BulkActions`. */
export interface BulkActionsProps {
  profileId: string;
  orgId: string;
  selected: readonly string[];
  names: ReadonlyMap<string, string>;
  dialog: BulkDialog;
  setDialog: (dialog: BulkDialog) => void;
}

/** The bar (shown while members are selected), the two bulk dialogs, and the result report. */
export function BulkActions({ profileId, orgId, selected, names, dialog, setDialog }: BulkActionsProps) {
  const queryClient = useQueryClient();
  const setSelection = useMemberSelection((s) => s.setSelection);
  const [role, setRole] = useState<RoleChoice>('read');
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [report, setReport] = useState<BulkReport | undefined>(undefined);
  const roleId = useId();
  const running = progress !== undefined;
  const count = countOf(selected.length, 'member');

  async function run(action: 'role' | 'remove') {
    const targets = selected.map((userId) => ({ userId, name: names.get(userId) ?? userId }));
    setProgress(0);
    const chosen = roleOfChoice(role);
    const results: BulkResult[] = await runBulk(
      targets,
      (userId) =>
        action === 'role'
          ? updateMemberRole(profileId, orgId, userId, chosen, true)
          : removeMember(profileId, orgId, userId, true),
      undefined,
      setProgress,
    );
    const done = results.filter((r) => r.ok).map((r) => r.userId);
    const failed = results.filter((r) => !r.ok).map((r) => r.userId);
    setSelection(orgId, failed, failed[0]);
    setProgress(undefined);
    setDialog(undefined);
    const label = ROLE_CHOICES.find((r) => r.value === role)?.label ?? role;
    setReport({ title: action === 'role' ? `Change role to ${label}` : 'Remove members', results });
    await invalidateMembers(queryClient, profileId, orgId, done, action === 'remove');
  }

  const progressText = running ? `${progress} of ${selected.length} done…` : undefined;

  return (
    <>
      {selected.length > 0 && (
        <div className="bulk-bar" role="toolbar" aria-label="Selected members" data-testid="bulk-bar">
          <span className="bulk-bar-count" aria-live="polite">
            {count} selected
          </span>
          <Button size="sm" onClick={() => setDialog('role')} data-testid="bulk-role">
            Change role…
          </Button>
          <Button size="sm" variant="danger" onClick={() => setDialog('remove')} data-testid="bulk-remove">
            Remove…
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelection(orgId, [])}>
            Clear selection
          </Button>
        </div>
      )}
      <Dialog
        open={dialog === 'role' && selected.length > 0}
        onOpenChange={(open) => {
          if (!open && !running) setDialog(undefined);
        }}
        title={`Change the role of ${count}`}
        description="Each member is changed on its own; you will see which changes the server refused."
        data-testid="bulk-role-dialog"
      >
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            void run('role');
          }}
        >
          <div className="field">
            <label htmlFor={roleId} className="field-label">
              New role
            </label>
            <select
              id={roleId}
              className="input"
              value={role}
              onChange={(e) => {
                if (isRoleChoice(e.target.value)) setRole(e.target.value);
              }}
              data-testid="bulk-role-select"
            >
              {ROLE_CHOICES.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </select>
          </div>
          {progressText !== undefined && (
            <p role="status" data-testid="bulk-progress">
              {progressText} <RateLimitWait profileId={profileId} active={running} />
            </p>
          )}
          <div className="dialog-actions">
            <DialogClose>
              <Button disabled={running}>Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="primary" pending={running} data-testid="bulk-role-apply">
              Apply to {count}
            </Button>
          </div>
        </form>
      </Dialog>
      <ConfirmDialog
        open={dialog === 'remove' && selected.length > 0}
        onOpenChange={(open) => {
          if (!open && !running) setDialog(undefined);
        }}
        title={`Remove ${count} from the organization?`}
        description={`They lose their team memberships and their access to this organization's content. ${
          progressText ?? 'They can only come back with a new invite.'
        }`}
        confirmLabel={`Remove ${count}`}
        onConfirm={() => void run('remove')}
        pending={running}
      />
      <BulkReportDialog report={report} onClose={() => setReport(undefined)} />
    </>
  );
}
