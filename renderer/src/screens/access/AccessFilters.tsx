/** The filters of "Inspect access": type, level (or "No access": why not?) and text, kept in the URL. */
import type { RefObject } from 'react';
import { ROLES } from '../../../../shared/contract/index.ts';
import { Button } from '../../ui/Button.tsx';
import type { AccessSearch, LevelFilter } from './accessSearch.ts';
import type { AccessItemType } from '../../../../shared/contract/resources/access.ts';

export interface AccessFiltersProps {
  search: AccessSearch;
  onChange: (search: AccessSearch) => void;
  textRef: RefObject<HTMLInputElement | null>;
  onWhyNot: () => void;
}

function without<K extends keyof AccessSearch>(search: AccessSearch, key: K): AccessSearch {
  return Object.fromEntries(Object.entries(search).filter(([name]) => name !== key)) as AccessSearch;
}

export function AccessFilters({ search, onChange, textRef, onWhyNot }: AccessFiltersProps) {
  return (
    <div className="access-filters" role="search" aria-label="Filter what they reach">
      <label className="field">
        <span className="field-label">Type</span>
        <select
          className="input"
          value={search.type ?? ''}
          data-testid="access-type"
          onChange={(event) =>
            onChange(
              event.target.value === ''
                ? without(search, 'type')
                : { ...search, type: event.target.value as AccessItemType },
            )
          }
        >
          <option value="">All types</option>
          <option value="space">Spaces</option>
          <option value="collection">Collections</option>
          <option value="site">Sites</option>
        </select>
      </label>
      <label className="field">
        <span className="field-label">Level</span>
        <select
          className="input"
          value={search.level ?? ''}
          data-testid="access-level"
          onChange={(event) =>
            onChange(
              event.target.value === ''
                ? without(search, 'level')
                : { ...search, level: event.target.value as LevelFilter },
            )
          }
        >
          <option value="">Any level</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {role} or more
            </option>
          ))}
          <option value="none">No access (why not?)</option>
        </select>
      </label>
      <label className="field access-text">
        <span className="field-label">Title or reason</span>
        <input
          ref={textRef}
          className="input"
          type="search"
          value={search.q ?? ''}
          data-testid="access-text"
          onChange={(event) =>
            onChange(event.target.value === '' ? without(search, 'q') : { ...search, q: event.target.value })
          }
        />
      </label>
      <Button size="sm" variant="secondary" onClick={onWhyNot} data-testid="access-why-not">
        Why not?
      </Button>
    </div>
  );
}
