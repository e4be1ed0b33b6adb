/** The bulk actions bar and its dialogs: change the role of, or remove, every selected member (`useBulkRun`). */
import { useId, useState } from 'react';
import type { Member } from '../../../../../shared/contract/resources/members.ts';
import { RateLimitWait } from '../../../ui/ApiNotes.tsx';
import { Button } from '../../../ui/Button.tsx';
import { ConfirmDialog, Dialog, DialogClose } from '../../../ui/Dialog.tsx';
import { Banner } from '../../../ui/Feedback.tsx';
import { RoleSelect } from '../../../ui/RoleSelect.tsx';
import { fromRoleValue, roleLabel, type RoleValue } from '../../../ui/roles.ts';
import { useMemberSelection } from '../selection.ts';
import { bulkRoleWarnings } from './bulkRules.ts';
import { BulkReportDialog } from './BulkReportDialog.tsx';
import { countOf } from './format.ts';
import { useBulkRun } from './useBulkRun.ts';

/** Which bulk dialog is open. */
export type BulkDialog = 'role' | 'remove' | undefined;

/** Props of `BulkActions`. */
export interface BulkActionsProps {
  profileId: string;
  orgId: string;
  selected: readonly string[];
  names: ReadonlyMap<string, string>;
  /** Every member seen in the table, for their current roles. */
  seen: ReadonlyMap<string, Member>;
  /** The signed-in user. */
  me: string | undefined;
  /** How many admins the organization has. */
  admins: number | undefined;
  dialog: BulkDialog;
  setDialog: (dialog: BulkDialog) => void;
}

/** The bar (shown while members are selected), the two bulk dialogs, and the result report. */
export function BulkActions(props: BulkActionsProps) {
  const { profileId, orgId, selected, names, seen, dialog, setDialog } = props;
  const setSelection = useMemberSelection((s) => s.setSelection);
  const [role, setRole] = useState<RoleValue>('read');
  const roleId = useId();
  const count = countOf(selected.length, 'member');
  const chosen = fromRoleValue(role);
  const { run, running, progress, report, closeReport } = useBulkRun(profileId, orgId, () =>
    setDialog(undefined),
  );

  const targets = () =>
    selected.map((userId) => ({
      userId,
      name: names.get(userId) ?? userId,
      role: seen.get(userId)?.role ?? null,
    }));
  const warnings = bulkRoleWarnings(targets(), chosen, { me: props.me, admins: props.admins });
  const removingMe = props.me !== undefined && selected.includes(props.me);
  const progressText = running ? `${progress ?? 0} of ${selected.length} done…` : undefined;

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
        description="Each member is changed on its own; you will see which changes the server refused, and can undo the others."
        data-testid="bulk-role-dialog"
      >
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            run({ action: 'role', targets: targets(), role: chosen });
          }}
        >
          <div className="field">
            <label htmlFor={roleId} className="field-label">
              New role
            </label>
            <RoleSelect id={roleId} value={role} onRoleChange={setRole} data-testid="bulk-role-select" />
          </div>
          {warnings.map((warning) => (
            <Banner key={warning} tone="warning" title={warning} data-testid="bulk-role-warning" />
          ))}
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
              Make {count} {roleLabel(role)}
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
        description={`They lose their team memberships and their access to this organization's content.${
          removingMe ? ' You are among them: you leave the organization at once.' : ''
        } ${progressText ?? 'They can only come back with a new invite.'}`}
        confirmLabel={`Remove ${count}`}
        onConfirm={() => run({ action: 'remove', targets: targets() })}
        pending={running}
      />
      <BulkReportDialog report={report} onClose={closeReport} />
    </>
  );
}
