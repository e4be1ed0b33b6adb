/**
 * The organization's search box (in the sidebar): a combobox whose results (pages grouped by space, with section
 * excerpts) open in a panel beside the sidebar. Typing is debounced; ↑/↓ move through the results, Enter opens the
 * active one (the first when none is) once the results are those of what was typed, Escape closes the panel and then
 * clears the box; Tab reaches the panel itself, to scroll it. Opening a result shows the
 * page in its space (`…/spaces/$spaceId?page=<pageId>`). Shortcuts: see `shortcut.ts`.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { SEARCH_MAX_LENGTH, searchableText, searchQuery } from '../../queries/search.ts';
import { isSearchShortcut, searchShortcut } from './shortcut.ts';
import { resultOptions, SearchResults, type ResultOption } from './SearchResults.tsx';
import './search.css';

/** Milliseconds of quiet typing before a search is sent. */
const DEBOUNCE_MS = 250;

/** `value`, once it stayed the same for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Where the panel goes: to the right of the box, from its top, within the window. */
function usePanelPosition(anchor: RefObject<HTMLElement | null>, open: boolean) {
  const [position, setPosition] = useState<{ left: number; top: number } | undefined>();
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const rect = anchor.current?.getBoundingClientRect();
      if (rect) setPosition({ left: rect.right + 12, top: Math.max(8, rect.top - 8) });
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [anchor, open]);
  return position;
}

/** The search box of the organization `orgId`. */
export function SearchBox({ profileId, orgId }: { profileId: string; orgId: string }) {
  const id = useId();
  const listboxId = `${id}-results`;
  const input = useRef<HTMLInputElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const { profile } = useActiveProfile();
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const text = useDebounced(searchableText(typed), DEBOUNCE_MS);
  const results = useQuery({
    ...searchQuery(profileId, orgId, text),
    enabled: text !== '',
    placeholderData: keepPreviousData,
  });
  const spaces = text === '' ? [] : (results.data?.items ?? []);
  const options = resultOptions(listboxId, spaces);
  const position = usePanelPosition(input, open);
  const settling = searchableText(typed) !== text;
  const stale = settling || results.isPlaceholderData;

  // A new text starts with no active result.
  useEffect(() => setActive(-1), [text]);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const openResult = (option: ResultOption) => {
    setOpen(false);
    input.current?.blur();
    void navigate({
      to: '/p/$profileId/orgs/$orgId/spaces/$spaceId',
      params: { profileId, orgId, spaceId: option.spaceId },
      search: { page: option.page.id },
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        setOpen(true);
        if (options.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) =>
          current === -1 && step === -1
            ? options.length - 1
            : (current + step + options.length) % options.length,
        );
        return;
      }
      case 'Enter': {
        // Results of an older text may still show: Enter waits for those of what was typed.
        if (stale) return;
        const option = options[active === -1 ? 0 : active];
        if (option === undefined) return;
        event.preventDefault();
        openResult(option);
        return;
      }
      case 'Escape':
        event.preventDefault();
        if (open && typed !== '') setOpen(false);
        else setTyped('');
        return;
    }
  };

  // Scroll the active option into view as the keys move it.
  const activeId = active >= 0 ? options[active]?.id : undefined;
  useEffect(() => {
    if (activeId !== undefined) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const showPanel = open && typed.trim() !== '';
  const activeOption = active >= 0 ? options[active] : undefined;

  let body: ReactNode;
  let showListbox = false;
  if (searchableText(typed) === '') {
    body = <EmptyResults typed={typed} />;
  } else if (results.isError && !results.isPlaceholderData) {
    body = (
      <ErrorState
        error={results.error}
        what="the search results"
        profileName={profileLabel(profile, profileId)}
        onRetry={() => void results.refetch()}
        standalone
      />
    );
  } else if (results.data === undefined || text === '') {
    body = (
      <p className="search-status" role="status" data-testid="search-loading">
        Searching…
      </p>
    );
  } else if (spaces.length === 0 && !settling && !results.isPlaceholderData) {
    body = <EmptyResults typed={text} />;
  } else {
    showListbox = showPanel && position !== undefined;
    body = (
      <SearchResults
        listboxId={listboxId}
        spaces={spaces}
        options={options}
        active={active}
        stale={stale}
        onOpen={openResult}
        onHover={setActive}
      />
    );
  }

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
          aria-controls={showListbox ? listboxId : undefined}
          aria-activedescendant={showPanel ? activeOption?.id : undefined}
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
          onKeyDown={onKeyDown}
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
            {body}
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

function EmptyResults({ typed }: { typed: string }) {
  return (
    <p className="search-status" role="status" data-testid="search-empty">
      No pages match “{typed.trim()}”
    </p>
  );
}
