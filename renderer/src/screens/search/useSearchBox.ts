/**
 * The search box's state and keys (the view is `SearchBox.tsx`): what was typed, the debounced search, whether the
 * panel is open and where, the active result, and what the panel shows. Typing is debounced; ↑/↓ move through the
 * results, Enter opens the active one (the first when none is) once the results are those of what was typed, Escape
 * closes the panel and then clears the box. The search shortcut (`shortcut.ts`) focuses the box from anywhere.
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
  type RefObject,
} from 'react';
import { searchableText, searchQuery } from '../../queries/search.ts';
import { useDebounced } from '../../ui/useDebounced.ts';
import { resultOptions, type ResultOption } from './SearchResults.tsx';
import { isSearchShortcut } from './shortcut.ts';

/** Milliseconds of quiet typing before a search is sent. */
const DEBOUNCE_MS = 250;

/** What the panel shows: a prompt, the failure, a wait, no match, or the results. */
export type PanelContent = 'nothing-typed' | 'error' | 'loading' | 'no-match' | 'results';

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

/** The search shortcut focuses the box and selects what it holds. */
function useSearchShortcut(input: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [input]);
}

/** The search box of the organization `orgId`: its state, its keys and what its panel shows. */
export function useSearchBox(profileId: string, orgId: string) {
  const id = useId();
  const listboxId = `${id}-results`;
  const input = useRef<HTMLInputElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
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
  useSearchShortcut(input);

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
  const content: PanelContent =
    searchableText(typed) === ''
      ? 'nothing-typed'
      : results.isError && !results.isPlaceholderData
        ? 'error'
        : results.data === undefined || text === ''
          ? 'loading'
          : spaces.length === 0 && !settling && !results.isPlaceholderData
            ? 'no-match'
            : 'results';

  return {
    id,
    listboxId,
    input,
    panel,
    typed,
    setTyped,
    setOpen,
    active,
    setActive,
    text,
    results,
    spaces,
    options,
    position,
    stale,
    openResult,
    onKeyDown,
    showPanel,
    activeOption: active >= 0 ? options[active] : undefined,
    content,
    // Only while the listbox is in the document (an id naming nothing is an ARIA error).
    showListbox: content === 'results' && showPanel && position !== undefined,
  };
}
