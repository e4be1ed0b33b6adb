/** One space in the Trash: select, title, when and by whom it was deleted, time left, restore, delete for good. */
import type { Space } from '../../../../shared/contract/resources/content.ts';
import { Button } from '../../ui/Button.tsx';
import { emojiText } from '../../ui/emoji.ts';
import { formatDate } from '../../ui/time.ts';
import { timeLeftLabel } from '../../ui/timeLeft.ts';

/** Props of `TrashRow`. */
export interface TrashRowProps {
  space: Space;
  now: number;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  restoring: boolean;
  onRestore: () => void;
  /** Set for admins: asks to delete the space for good. */
  onPurge: (() => void) | undefined;
}

/** A row of the trash table. */
export function TrashRow({ space, now, selected, onSelect, restoring, onRestore, onPurge }: TrashRowProps) {
  const title = space.title === '' ? 'Untitled' : space.title;
  return (
    <tr data-testid="trash-row" data-id={space.id}>
      <td className="trash-check">
        <input
          type="checkbox"
          aria-label={`Select ${title}`}
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
          data-testid="trash-select"
        />
      </td>
      <td>
        <span className="trash-emoji" aria-hidden="true">
          {emojiText(space.emoji)}
        </span>{' '}
        <span data-testid="trash-title">{title}</span>
      </td>
      <td>{space.deletedAt !== undefined ? formatDate(space.deletedAt) : ''}</td>
      <td data-testid="trash-deleted-by">
        {space.deletedBy?.displayName ?? <span className="muted">Unknown</span>}
      </td>
      <td data-testid="trash-left">
        {space.deletedAt !== undefined ? timeLeftLabel(space.deletedAt, now) : ''}
      </td>
      <td>
        <div className="row-actions">
          <Button
            size="sm"
            onClick={onRestore}
            pending={restoring}
            aria-label={`Restore ${title}`}
            data-testid="trash-restore"
          >
            Restore
          </Button>
          {onPurge !== undefined && (
            <Button
              size="sm"
              variant="ghost"
              className="btn-ghost-danger"
              onClick={onPurge}
              aria-label={`Delete for good: ${title}`}
              data-testid="trash-purge"
            >
              Delete for good
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}
