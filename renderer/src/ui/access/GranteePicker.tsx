/**
 * "Add people or teams" by keyboard: type a name or an email, ↑/↓ to move, Enter to pick (again to drop), choose the
 * role, then "Give access". What was picked and typed stays when the server refuses, with its message under the
 * field it names.
 */
import { ROLES, type Role } from '../../../../shared/contract/constants.ts';
import { Button } from '../Button.tsx';
import { cx } from '../cx.ts';
import { roleLabel } from '../roles.ts';
import type { Candidate } from './candidates.ts';
import { keyOf, useGranteePicker } from './useGranteePicker.ts';

/** Props of `GranteePicker`. */
export interface GranteePickerProps {
  candidates: readonly Candidate[];
  role: Role;
  onRoleChange(role: Role): void;
  /** Gives the role to those picked; rejects with the server's error (the picker keeps them). */
  onGive(grantees: Candidate[], role: Role): Promise<void>;
  /** The server's message after a refusal, shown under the field it names. */
  error: { field: 'grantees' | 'role'; message: string } | undefined;
  pending: boolean;
  /** Whether a side list to drag from is beside the picker. */
  withSource: boolean;
}

/** The picker. */
export function GranteePicker({
  candidates,
  role,
  onRoleChange,
  onGive,
  error,
  pending,
  withSource,
}: GranteePickerProps) {
  const {
    id,
    query,
    picked,
    shown,
    activeIndex,
    activeOption,
    optionId,
    isPicked,
    toggle,
    give,
    changeQuery,
    onKeyDown,
  } = useGranteePicker(candidates, role, onGive);

  return (
    <div className="access-picker" data-testid="access-picker">
      <div className="field access-picker-search">
        <label className="field-label" htmlFor={`${id}-search`}>
          Add people or teams
        </label>
        {picked.length > 0 && (
          <ul className="access-chips" aria-label="Picked" data-testid="access-picked">
            {picked.map((candidate) => (
              <li key={keyOf(candidate)} className="access-chip" data-testid="access-picked-chip">
                <span>{candidate.type === 'team' ? `Team ${candidate.name}` : candidate.name}</span>
                <button
                  type="button"
                  className="access-chip-remove"
                  onClick={() => toggle(candidate)}
                  aria-label={`Drop ${candidate.name}`}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          id={`${id}-search`}
          className="input"
          role="combobox"
          aria-expanded={shown.length > 0}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={activeOption !== undefined ? optionId(activeOption) : undefined}
          aria-describedby={cx(`${id}-hint`, error?.field === 'grantees' && `${id}-error`)}
          aria-invalid={error?.field === 'grantees' || undefined}
          value={query}
          onChange={(event) => changeQuery(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Name, email or team"
          autoComplete="off"
          spellCheck={false}
          data-testid="access-search"
        />
        <p id={`${id}-hint`} className="field-hint">
          ↑ ↓ to move, Enter to pick; Enter in an empty field gives access.
          {withSource && ' Or drag from the list beside.'}
        </p>
        {error?.field === 'grantees' && (
          <p id={`${id}-error`} className="field-error" role="alert" data-testid="access-error">
            {error.message}
          </p>
        )}
        {shown.length > 0 && (
          <ul id={`${id}-list`} className="access-options" role="listbox" aria-label="People and teams">
            {shown.map((candidate, index) => (
              <li
                key={keyOf(candidate)}
                id={optionId(candidate)}
                role="option"
                aria-selected={isPicked(candidate)}
                className={cx('access-option', index === activeIndex && 'is-active')}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => toggle(candidate)}
                data-testid="access-option"
              >
                <span>{candidate.type === 'team' ? `Team ${candidate.name}` : candidate.name}</span>
                <span className="muted">{candidate.detail}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-role`}>
          Role
        </label>
        <select
          id={`${id}-role`}
          className="input select"
          value={role}
          onChange={(event) => {
            const next = ROLES.find((r) => r === event.target.value);
            if (next !== undefined) onRoleChange(next);
          }}
          aria-invalid={error?.field === 'role' || undefined}
          aria-describedby={error?.field === 'role' ? `${id}-role-error` : undefined}
          data-testid="access-role"
        >
          {ROLES.map((value) => (
            <option key={value} value={value}>
              {roleLabel(value)}
            </option>
          ))}
        </select>
        {error?.field === 'role' && (
          <p id={`${id}-role-error`} className="field-error" role="alert" data-testid="access-error">
            {error.message}
          </p>
        )}
      </div>
      <Button
        variant="primary"
        onClick={give}
        pending={pending}
        disabled={picked.length === 0}
        data-testid="access-give"
      >
        Give access
      </Button>
    </div>
  );
}
