/**
 * The audit log's filters: an action (from the API's catalogue), a person and a target (their ids, as the API
 * filters them), and a range of days; each applies at once (the ids on Enter or when the field is left). Also the
 * CSV export of what they select.
 */
import { useId, useState } from 'react';
import type { AuditEventAction } from '../../../../shared/contract/resources/audit.ts';
import { Button } from '../../ui/Button.tsx';
import { isFiltered, withFilter, type AuditSearch } from './auditSearch.ts';

/** Props of `AuditFilters`. */
export interface AuditFiltersProps {
  search: AuditSearch;
  onChange: (search: AuditSearch) => void;
  actions: readonly AuditEventAction[] | undefined;
  exporting: boolean;
  /** Events fetched so far by the export under way. */
  exported: number;
  onExport: () => void;
  onCancelExport: () => void;
  canExport: boolean;
}

/** A text filter that applies on Enter or when left; a new value from the URL replaces what was typed. */
function IdFilter({
  label,
  value,
  placeholder,
  onApply,
  testId,
}: {
  label: string;
  value: string | undefined;
  placeholder: string;
  onApply: (value: string) => void;
  testId: string;
}) {
  const id = useId();
  const [typed, setTyped] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setTyped(value ?? '');
  }
  const apply = () => {
    if (typed.trim() !== (value ?? '')) onApply(typed);
  };
  return (
    <div className="audit-filter">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="search"
        value={typed}
        placeholder={placeholder}
        maxLength={128}
        spellCheck={false}
        onChange={(event) => setTyped(event.target.value)}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
        }}
        data-testid={testId}
      />
    </div>
  );
}

/** The filters bar. */
export function AuditFilters(props: AuditFiltersProps) {
  const { search, onChange, actions } = props;
  const actionId = useId();
  const fromId = useId();
  const toId = useId();
  const set = (name: keyof AuditSearch, value: string) => onChange(withFilter(search, name, value));
  const known = actions ?? [];
  const unknownAction = search.action !== undefined && !known.some((action) => action.id === search.action);
  return (
    <div className="audit-toolbar" role="search" aria-label="Filter the audit log">
      <div className="audit-filter">
        <label htmlFor={actionId}>Action</label>
        <select
          id={actionId}
          className="input"
          value={search.action ?? ''}
          onChange={(event) => set('action', event.target.value)}
          data-testid="audit-filter-action"
        >
          <option value="">All actions</option>
          {unknownAction && <option value={search.action}>{search.action}</option>}
          {known.map((action) => (
            <option key={action.id} value={action.id}>
              {action.label}
            </option>
          ))}
        </select>
      </div>
      <IdFilter
        label="Actor ID"
        value={search.actor}
        placeholder="User ID"
        onApply={(value) => set('actor', value)}
        testId="audit-filter-actor"
      />
      <IdFilter
        label="Target ID"
        value={search.target}
        placeholder="Item ID"
        onApply={(value) => set('target', value)}
        testId="audit-filter-target"
      />
      <div className="audit-filter">
        <label htmlFor={fromId}>From</label>
        <input
          id={fromId}
          className="input"
          type="date"
          value={search.from ?? ''}
          max={search.to}
          onChange={(event) => set('from', event.target.value)}
          data-testid="audit-filter-from"
        />
      </div>
      <div className="audit-filter">
        <label htmlFor={toId}>To</label>
        <input
          id={toId}
          className="input"
          type="date"
          value={search.to ?? ''}
          min={search.from}
          onChange={(event) => set('to', event.target.value)}
          data-testid="audit-filter-to"
        />
      </div>
      <div className="audit-toolbar-actions">
        {isFiltered(search) && (
          <Button size="sm" variant="ghost" onClick={() => onChange({})} data-testid="audit-clear-filters">
            Clear filters
          </Button>
        )}
        {props.exporting ? (
          <Button size="sm" onClick={props.onCancelExport} data-testid="audit-export-cancel">
            Stop export ({props.exported} events)
          </Button>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            disabled={!props.canExport}
            onClick={props.onExport}
            data-testid="audit-export"
          >
            Export CSV
          </Button>
        )}
      </div>
    </div>
  );
}
