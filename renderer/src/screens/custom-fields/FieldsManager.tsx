/**
 * The definitions of the organization's custom fields: a table with create, edit and delete. Deleting asks first
 * and says on how many spaces the field has a value (from the values read so far; "Check every space" reads the
 * rest), since the server removes them all.
 */
import { EditDeleteActions } from '../../ui/EditDeleteActions.tsx';
import { useState } from 'react';
import type { Space } from '../../../../shared/contract/resources/content.ts';
import type { CustomField } from '../../../../shared/contract/resources/customFields.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { useDeleteCustomField } from '../../queries/customFields.ts';
import { RateLimitWait } from '../../ui/ApiNotes.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import { EmptyState } from '../../ui/Feedback.tsx';
import { toast } from '../../ui/Toast.tsx';
import { typeLabel } from './cellValues.ts';
import { FieldDialog } from './FieldDialog.tsx';
import type { SpaceValuesView } from './useSpaceValues.ts';

/** Props of `FieldsManager`. */
export interface FieldsManagerProps {
  profileId: string;
  orgId: string;
  fields: readonly CustomField[];
  spaces: readonly Space[];
  spaceValues: SpaceValuesView;
  canManage: boolean;
  /** A field's values changed on the server (options edited, field deleted). */
  onValuesChanged: (field: CustomField, deleted: boolean) => void;
}

/** The definitions table and its dialogs. */
export function FieldsManager({
  profileId,
  orgId,
  fields,
  spaces,
  spaceValues,
  canManage,
  onValuesChanged,
}: FieldsManagerProps) {
  const [dialog, setDialog] = useState<{ field?: CustomField } | undefined>();
  const [deleting, setDeleting] = useState<CustomField | undefined>();

  return (
    <section className="cf-definitions" aria-labelledby="cf-definitions-title" data-testid="cf-definitions">
      <div className="cf-toolbar">
        <h2 id="cf-definitions-title" className="cf-section-title">
          Definitions
        </h2>
        {canManage && (
          <Button variant="primary" onClick={() => setDialog({})} data-testid="cf-field-new">
            New field
          </Button>
        )}
      </div>
      {fields.length === 0 ? (
        <EmptyState title="No custom fields yet">
          Create one to give every space a value such as an owner, a review interval or a lifecycle stage.
        </EmptyState>
      ) : (
        <table className="cf-fields-table" data-testid="cf-fields-table">
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Options</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => (
              <tr key={field.id} data-testid="cf-field-row" data-field={field.name}>
                <td className="cf-field-title" data-testid="cf-field-row-title">
                  {field.title}
                </td>
                <td>
                  <code>{field.name}</code>
                </td>
                <td>{typeLabel(field.type)}</td>
                <td>
                  {field.options === undefined ? (
                    <span className="muted">—</span>
                  ) : (
                    <ul className="cf-chips" aria-label={`Options of ${field.title}`}>
                      {field.options.map((option) => (
                        <li key={option} className="cf-chip">
                          {option}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td>
                  {field.permissions.edit && (
                    <EditDeleteActions
                      name={field.title}
                      onEdit={() => setDialog({ field })}
                      onDelete={() => setDeleting(field)}
                      testIdPrefix="cf-field"
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {dialog !== undefined && (
        <FieldDialog
          key={dialog.field?.id ?? 'new'}
          profileId={profileId}
          orgId={orgId}
          field={dialog.field}
          onClose={() => setDialog(undefined)}
          onOptionsChanged={(field) => onValuesChanged(field, false)}
        />
      )}
      {deleting !== undefined && (
        <DeleteFieldDialog
          profileId={profileId}
          orgId={orgId}
          field={deleting}
          spaces={spaces}
          spaceValues={spaceValues}
          onClose={() => setDeleting(undefined)}
          onDeleted={() => onValuesChanged(deleting, true)}
        />
      )}
    </section>
  );
}

const COUNT = new Intl.NumberFormat('en');
const spacesWord = (n: number) => `${COUNT.format(n)} ${n === 1 ? 'space' : 'spaces'}`;

/** Asks before deleting a field, naming on how many spaces its value goes. */
function DeleteFieldDialog({
  profileId,
  orgId,
  field,
  spaces,
  spaceValues,
  onClose,
  onDeleted,
}: {
  profileId: string;
  orgId: string;
  field: CustomField;
  spaces: readonly Space[];
  spaceValues: SpaceValuesView;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [checking, setChecking] = useState(false);
  const remove = useDeleteCustomField(profileId, orgId);
  let withValue = 0;
  let checked = 0;
  for (const space of spaces) {
    const values = spaceValues.values(space.id);
    if (values === undefined) continue;
    checked++;
    if (field.name in values) withValue++;
  }
  const unchecked = spaces.length - checked;
  const description =
    unchecked === 0
      ? `Its values on ${spacesWord(withValue)} will be removed. This cannot be undone.`
      : `Its values will be removed from every space: ${spacesWord(withValue)} of the ${spacesWord(checked)} read so far have one; ${spacesWord(unchecked)} are not read yet. This cannot be undone.`;

  const confirm = () =>
    remove.mutate(field.name, {
      onSuccess: () => {
        onDeleted();
        onClose();
        toast({ title: `Custom field “${field.title}” deleted`, tone: 'success' });
      },
      onError: (error) => {
        onClose();
        toast({ title: 'The custom field was not deleted', description: errorMessage(error), tone: 'error' });
      },
    });

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title={`Delete the custom field “${field.title}”?`}
      description={description}
      data-testid="confirm-dialog"
    >
      {unchecked > 0 && (
        <p className="cf-check">
          <Button
            size="sm"
            pending={checking}
            onClick={() => {
              setChecking(true);
              void spaceValues.loadAll(spaces.map((space) => space.id)).finally(() => setChecking(false));
            }}
            data-testid="cf-delete-check"
          >
            {checking ? `Reading ${spacesWord(unchecked)}…` : 'Check every space'}
          </Button>{' '}
          <RateLimitWait profileId={profileId} active={checking} />
        </p>
      )}
      <div className="dialog-actions">
        <DialogClose>
          <Button variant="secondary" autoFocus>
            Cancel
          </Button>
        </DialogClose>
        <Button variant="danger" onClick={confirm} pending={remove.isPending} data-testid="confirm-button">
          Delete field
        </Button>
      </div>
    </Dialog>
  );
}
