/**
 * The results of a search as a listbox: one group per space, one option per page (its title, path and the excerpts
 * of its matching sections, all plain text). The box keeps the focus and points at the active option with
 * `aria-activedescendant`; a click opens a page too.
 */
import type { PageResult, SpaceResult } from '../../queries/search.ts';

/** Excerpts shown per page: the best few keep the panel scannable. */
const SECTIONS_SHOWN = 2;

/** One page of the results, in the order the options are shown. */
export interface ResultOption {
  id: string;
  spaceId: string;
  page: PageResult;
}

/** The options of the results, in order (spaces, then their pages). */
export function resultOptions(listboxId: string, spaces: readonly SpaceResult[]): ResultOption[] {
  return spaces.flatMap((space) =>
    space.pages.map((page) => ({ id: `${listboxId}-${space.id}-${page.id}`, spaceId: space.id, page })),
  );
}

/** The listbox of results. */
export function SearchResults({
  listboxId,
  spaces,
  options,
  active,
  stale,
  onOpen,
  onHover,
}: {
  listboxId: string;
  spaces: readonly SpaceResult[];
  options: readonly ResultOption[];
  active: number;
  /** Results of a previous text, shown while the new ones load. */
  stale: boolean;
  onOpen: (option: ResultOption) => void;
  onHover: (index: number) => void;
}) {
  let index = 0;
  return (
    <div
      id={listboxId}
      role="listbox"
      aria-label="Search results"
      aria-busy={stale}
      className={stale ? 'search-results is-stale' : 'search-results'}
      data-testid="search-results"
    >
      {spaces.map((space) => (
        <div
          key={space.id}
          role="group"
          aria-labelledby={`${listboxId}-${space.id}`}
          className="search-space"
          data-testid="search-space"
          data-space-id={space.id}
        >
          <div id={`${listboxId}-${space.id}`} className="search-space-title" role="presentation">
            {space.title === '' ? 'Untitled space' : space.title}
          </div>
          {space.pages.map((page) => {
            const i = index++;
            const option = options[i]!;
            return (
              <div
                key={page.id}
                id={option.id}
                role="option"
                aria-selected={i === active}
                className="search-page"
                data-testid="search-page"
                data-page-id={page.id}
                onClick={() => onOpen(option)}
                onMouseMove={() => i !== active && onHover(i)}
              >
                <span className="search-page-title">{page.title === '' ? 'Untitled' : page.title}</span>
                <span className="search-page-path">{page.path}</span>
                {(page.sections ?? []).slice(0, SECTIONS_SHOWN).map((section) => (
                  <span key={section.id} className="search-section" data-testid="search-section">
                    {section.title !== page.title && (
                      <span className="search-section-title">{section.title}</span>
                    )}
                    <span className="search-section-body">{section.body}</span>
                  </span>
                ))}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
