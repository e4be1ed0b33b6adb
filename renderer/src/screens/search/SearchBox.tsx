/**
 * The organization's search box (in the sidebar): a combobox whose results (pages grouped by space, with section
 * excerpts) open in a panel beside the sidebar. Keys and state: see `useSearchBox.ts`; Tab reaches the panel itself,
 * to scroll it. Opening a result shows the page in its space (`…/spaces/$spaceId?page=<pageId>`). Shortcuts: see
 * `shortcut.ts`.
 */
import { createPortal } from 'react-dom';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { SEARCH_MAX_LENGTH } from '../../queries/search.ts';
import { searchShortcut } from './shortcut.ts';
import { SearchResults } from './SearchResults.tsx';
import { useSearchBox } from './useSearchBox.ts';
import './search.css';

/** The search box of the organization `orgId`. */
export function SearchBox({ profileId, orgId }: { profileId: string; orgId: string }) {
  const box = useSearchBox(profileId, orgId);
  const { id, input, panel, typed, setTyped, setOpen, showPanel, position, results, spaces } = box;

  return (
    <div className="search-box" data-testid="search-box">
      <label className="sidebar-label" htmlFor={`${id}-input`}>
        Search
      </label>
      <div className="search-input-wrap">
        <input
          ref={input}
          id={`${id}-input`}
          className="input search-input"
          type="search"
          role="combobox"
          placeholder="Search pages…"
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_MAX_LENGTH}
          aria-autocomplete="list"
          aria-expanded={showPanel}
          // Only while the listbox is in the document (an id naming nothing is an ARIA error).
          aria-controls={box.showListbox ? box.listboxId : undefined}
          aria-activedescendant={showPanel ? box.activeOption?.id : undefined}
          aria-keyshortcuts="Control+Shift+F /"
          value={typed}
          data-testid="search-input"
          onChange={(event) => {
            setTyped(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={(event) => {
            if (!panel.current?.contains(event.relatedTarget)) setOpen(false);
          }}
          onKeyDown={box.onKeyDown}
        />
        <kbd className="search-kbd" aria-hidden="true">
          {searchShortcut}
        </kbd>
      </div>
      {showPanel &&
        position !== undefined &&
        createPortal(
          <div
            ref={panel}
            className="search-panel"
            style={{ left: position.left, top: position.top }}
            data-testid="search-panel"
            role="region"
            aria-label="Search"
            // Focusable, so that the keyboard can scroll it too (Tab from the box); Escape goes back to the box.
            tabIndex={0}
            // Clicks inside keep the focus in the box (so it does not close before the click lands).
            onMouseDown={(event) => event.preventDefault()}
            onBlur={(event) => {
              if (event.relatedTarget !== input.current && !panel.current?.contains(event.relatedTarget))
                setOpen(false);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Escape') return;
              event.preventDefault();
              input.current?.focus();
            }}
          >
            <PanelBody box={box} profileId={profileId} />
            {results.data !== undefined && results.data.count > spaces.length && (
              <p className="search-status">
                Showing the best {spaces.length} of {results.data.count} spaces: refine the words to narrow
                them.
              </p>
            )}
          </div>,
          document.body,
        )}
    </div>
  );
}

/** The panel's content: a prompt, the failure, a wait, no match, or the results. */
function PanelBody({ box, profileId }: { box: ReturnType<typeof useSearchBox>; profileId: string }) {
  const { profile } = useActiveProfile();
  const { results } = box;
  switch (box.content) {
    case 'nothing-typed':
      return <EmptyResults typed={box.typed} />;
    case 'error':
      return (
        <ErrorState
          error={results.error}
          what="the search results"
          profileName={profileLabel(profile, profileId)}
          onRetry={() => void results.refetch()}
          standalone
        />
      );
    case 'loading':
      return (
        <p className="search-status" role="status" data-testid="search-loading">
          Searching…
        </p>
      );
    case 'no-match':
      return <EmptyResults typed={box.text} />;
    case 'results':
      return (
        <SearchResults
          listboxId={box.listboxId}
          spaces={box.spaces}
          options={box.options}
          active={box.active}
          stale={box.stale}
          onOpen={box.openResult}
          onHover={box.setActive}
        />
      );
  }
}

function EmptyResults({ typed }: { typed: string }) {
  return (
    <p className="search-status" role="status" data-testid="search-empty">
      No pages match “{typed.trim()}”
    </p>
  );
}
