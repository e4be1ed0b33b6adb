/** One claim of the adaptive schema's list view: name, description, signed or unsigned, remove. */
import { Button } from '../../ui/Button.tsx';
import type { Claim, ClaimErrors } from './adaptiveSchema.ts';

/** Props of `ClaimRow`. */
export interface ClaimRowProps {
  claim: Claim;
  index: number;
  error: ClaimErrors | undefined;
  /** The prefix of the ids of its error texts. */
  rowId: string;
  readOnly: boolean;
  autoFocus: boolean;
  onEdit: (change: Partial<Claim>) => void;
  onRemove: () => void;
}

/** The row. */
export function ClaimRow({
  claim,
  index,
  error,
  rowId,
  readOnly,
  autoFocus,
  onEdit,
  onRemove,
}: ClaimRowProps) {
  return (
    <tr data-testid="claim-row" data-name={claim.name.trim()}>
      <td>
        <input
          className="input"
          value={claim.name}
          onChange={(event) => onEdit({ name: event.target.value })}
          readOnly={readOnly}
          spellCheck={false}
          autoComplete="off"
          placeholder="isBetaUser"
          aria-label={`Name of claim ${index + 1}`}
          aria-invalid={error?.name !== undefined || undefined}
          aria-describedby={error?.name !== undefined ? `${rowId}-name` : undefined}
          autoFocus={autoFocus}
          data-testid="claim-name-input"
        />
        {error?.name !== undefined && (
          <p id={`${rowId}-name`} className="field-error" data-testid="claim-name-error">
            {error.name}
          </p>
        )}
      </td>
      <td>
        <input
          className="input"
          value={claim.description}
          onChange={(event) => onEdit({ description: event.target.value })}
          readOnly={readOnly}
          autoComplete="off"
          aria-label={`Description of claim ${index + 1}`}
          aria-invalid={error?.description !== undefined || undefined}
          data-testid="claim-description-input"
        />
        {error?.description !== undefined && <p className="field-error">{error.description}</p>}
      </td>
      <td>
        <select
          className="input select"
          value={claim.unsigned ? 'unsigned' : 'signed'}
          onChange={(event) => onEdit({ unsigned: event.target.value === 'unsigned' })}
          disabled={readOnly}
          aria-label={`Kind of claim ${index + 1}`}
          data-testid="claim-kind"
        >
          <option value="signed">Signed</option>
          <option value="unsigned">Unsigned</option>
        </select>
      </td>
      <td>
        {!readOnly && (
          <Button
            size="sm"
            variant="ghost"
            className="btn-ghost-danger"
            onClick={onRemove}
            aria-label={`Remove claim ${claim.name === '' ? index + 1 : claim.name}`}
            data-testid="claim-remove"
          >
            Remove
          </Button>
        )}
      </td>
    </tr>
  );
}
