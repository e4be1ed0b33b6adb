/** The filters of the sites screen: title, published, a space the sites publish, and "Clear filters". */
import { useId, type Dispatch, type SetStateAction } from 'react';
import type { Space } from '../../../../shared/contract/resources/content.ts';
import { Button } from '../../ui/Button.tsx';
import type { FilterValues } from './newSite.ts';

/** Props of `SitesFilters`. */
export interface SitesFiltersProps {
  values: FilterValues;
  setValues: Dispatch<SetStateAction<FilterValues>>;
  spaces: readonly Space[] | undefined;
  spacesPending: boolean;
  /** Whether any filter is set (then "Clear filters" shows). */
  filtered: boolean;
}

/** The filters. */
export function SitesFilters({ values, setValues, spaces, spacesPending, filtered }: SitesFiltersProps) {
  const id = useId();
  return (
    <div className="sites-filters" role="search" aria-label="Filter sites">
      <div className="field">
        <label className="field-label" htmlFor={`${id}-title`}>
          Title
        </label>
        <input
          id={`${id}-title`}
          className="input"
          type="search"
          value={values.title}
          onChange={(event) => setValues((old) => ({ ...old, title: event.target.value }))}
          placeholder="Title contains…"
          autoComplete="off"
          data-testid="sites-filter-title"
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-published`}>
          Published
        </label>
        <select
          id={`${id}-published`}
          className="input select"
          value={values.published}
          onChange={(event) =>
            setValues((old) => ({ ...old, published: event.target.value as FilterValues['published'] }))
          }
          data-testid="sites-filter-published"
        >
          <option value="all">All</option>
          <option value="yes">Published</option>
          <option value="no">Unpublished</option>
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-space`}>
          Contains space
        </label>
        <select
          id={`${id}-space`}
          className="input select"
          value={values.space}
          onChange={(event) => setValues((old) => ({ ...old, space: event.target.value }))}
          disabled={spacesPending}
          data-testid="sites-filter-space"
        >
          <option value="">Any space</option>
          {(spaces ?? []).map((space) => (
            <option key={space.id} value={space.id}>
              {space.title === '' ? 'Untitled' : space.title}
            </option>
          ))}
        </select>
      </div>
      {filtered && (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setValues({ title: '', published: 'all', space: '' })}
          data-testid="sites-filter-clear"
        >
          Clear filters
        </Button>
      )}
    </div>
  );
}
