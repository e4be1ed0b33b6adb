/**
 * The spaces a new site publishes: searchable, several, the first picked becoming the default (in `chosen`, in the
 * order they were picked).
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import type { Space } from '../../../../shared/contract/resources/content.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { Banner, Skeleton } from '../../ui/Feedback.tsx';
import { emojiText } from '../../ui/emoji.ts';

/** Props of `SpacePicker`; `id` prefixes the ids of its inputs. */
export interface SpacePickerProps {
  id: string;
  spaces: UseQueryResult<Space[]>;
  chosen: readonly string[];
  setChosen: (update: (old: string[]) => string[]) => void;
  search: string;
  setSearch: (search: string) => void;
}

/** The picker. */
export function SpacePicker({ id, spaces, chosen, setChosen, search, setSearch }: SpacePickerProps) {
  const deferredSearch = useDeferredValue(search);
  const needle = deferredSearch.trim().toLowerCase();
  const listed = (spaces.data ?? []).filter(
    (space) => needle === '' || space.title.toLowerCase().includes(needle) || chosen.includes(space.id),
  );
  const toggle = (spaceId: string, on: boolean) =>
    setChosen((old) =>
      on ? [...old.filter((item) => item !== spaceId), spaceId] : old.filter((item) => item !== spaceId),
    );
  const firstTitle = spaces.data?.find((space) => space.id === chosen[0])?.title;

  return (
    <div className="field">
      <label className="field-label" htmlFor={`${id}-search`}>
        Spaces{' '}
        <span className="muted" aria-live="polite">
          {chosen.length === 0 ? 'none chosen' : `${chosen.length} chosen`}
        </span>
      </label>
      <input
        id={`${id}-search`}
        className="input"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder="Search spaces"
        autoComplete="off"
        aria-describedby={`${id}-spaces-hint`}
        data-testid="new-site-space-search"
      />
      <p id={`${id}-spaces-hint`} className="field-hint">
        {firstTitle !== undefined
          ? `“${firstTitle}” (picked first) becomes the default space of the site.`
          : 'Each space becomes a site space; the first picked is the default. None: add content later.'}
      </p>
      {spaces.isPending ? (
        <Skeleton width="100%" height="6rem" />
      ) : spaces.isError ? (
        <Banner tone="error" title="The spaces could not be loaded">
          {errorMessage(spaces.error)}
        </Banner>
      ) : listed.length === 0 ? (
        <p className="muted">{needle === '' ? 'This organization has no spaces.' : 'No space matches.'}</p>
      ) : (
        <ul className="site-space-options" aria-label="Spaces to publish">
          {listed.map((space) => {
            const label = space.title === '' ? 'Untitled' : space.title;
            const order = chosen.indexOf(space.id);
            return (
              <li key={space.id}>
                <label className="transfer-target">
                  <input
                    type="checkbox"
                    checked={order >= 0}
                    onChange={(event) => toggle(space.id, event.target.checked)}
                    data-testid="new-site-space-option"
                    data-title={space.title}
                  />
                  <span>
                    {space.emoji !== '' && <span aria-hidden="true">{emojiText(space.emoji)} </span>}
                    {label}
                  </span>
                  {order === 0 && <span className="muted">default</span>}
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
