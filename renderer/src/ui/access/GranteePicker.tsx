/**
 * "Add people or teams" by keyboard: type a name or an email, ↑/↓ to move, Enter to pick (again to drop), choose the
 * role, then "Give access". What was picked and typed stays when the server refuses, with its message under the
 * field it names.
 */
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { ROLES, type Role } from '../../../../shared/contract/constants.ts';
import { Button } from '../Button.tsx';
import { cx } from '../cx.ts';
import { roleLabel } from '../roles.ts';
import { matchCandidates, type Candidate } from './candidates.ts';

const keyOf = (grantee: { type: string; id: string }) => `${grantee.type}:${grantee.id}`;

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
  const id = useId();
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<Candidate[]>([]);
  const [active, setActive] = useState(0);
  const shown = useMemo(() => matchCandidates(candidates, query), [candidates, query]);
  const activeIndex = Math.min(active, shown.length - 1);
  const activeOption = activeIndex >= 0 ? shown[activeIndex] : undefined;
  const optionId = (candidate: Candidate) => `${id}-${candidate.type}-${candidate.id}`;
  const isPicked = (candidate: Candidate) => picked.some((p) => keyOf(p) === keyOf(candidate));

  const toggle = (candidate: Candidate) => {
    setPicked(
      isPicked(candidate) ? picked.filter((p) => keyOf(p) !== keyOf(candidate)) : [...picked, candidate],
    );
    setQuery('');
    setActive(0);
  };

  const give = () => {
    if (picked.length === 0) return;
    void onGive(picked, role).then(
      () => setPicked([]),
      () => undefined,
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive(Math.min(shown.length - 1, activeIndex + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive(Math.max(0, activeIndex - 1));
        break;
      case 'Enter':
        event.preventDefault();
        if (activeOption !== undefined) toggle(activeOption);
        else give();
        break;
      case 'Escape':
        if (query !== '') {
          event.preventDefault();
          event.stopPropagation();
          setQuery('');
        }
        break;
      case 'Backspace':
        if (query === '' && picked.length > 0) setPicked(picked.slice(0, -1));
        break;
      default:
    }
  };

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
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
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
