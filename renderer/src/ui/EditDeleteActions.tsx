/** The Edit and Delete buttons of a row, labelled with what they act on. */
import { Button } from './Button.tsx';

export function EditDeleteActions({
  name,
  onEdit,
  onDelete,
  testIdPrefix,
  className,
}: {
  /** What the row is, for the buttons' accessible names ("Edit Billing"). */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Test ids are `<prefix>-edit` and `<prefix>-delete`. */
  testIdPrefix: string;
  className?: string;
}) {
  return (
    <div className={className === undefined ? 'row-actions' : `row-actions ${className}`}>
      <Button size="sm" onClick={onEdit} aria-label={`Edit ${name}`} data-testid={`${testIdPrefix}-edit`}>
        Edit
      </Button>
      <Button
        size="sm"
        variant="ghost"
        className="btn-ghost-danger"
        onClick={onDelete}
        aria-label={`Delete ${name}`}
        data-testid={`${testIdPrefix}-delete`}
      >
        Delete
      </Button>
    </div>
  );
}
