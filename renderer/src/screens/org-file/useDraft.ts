/**
 * The editor's text: stored as it is typed (a reload or a quit loses nothing), parsed for its problems, and
 * registered as unsaved work while it differs from the file it started from (an export, an opened file, the last
 * applied file), so that leaving asks Keep / Discard like every other form.
 */
import { useCallback, useMemo, useState } from 'react';
import { parseOrgFile } from '../../../../shared/orgfile/parse.ts';
import { useDebounced } from '../../ui/useDebounced.ts';
import { useUnsavedChanges } from '../../ui/unsaved.ts';
import type { OrgFileStore } from './storage.ts';

/** The draft, what it started from, and its parse. */
export function useDraft(files: OrgFileStore) {
  const [text, setTextState] = useState(() => files.draft() ?? '');
  const [base, setBase] = useState(() => files.draft() ?? '');
  const setText = useCallback(
    (next: string) => {
      setTextState(next);
      files.setDraft(next === '' ? undefined : next);
    },
    [files],
  );
  /** Replaces the draft with a file (exported, opened): it becomes what Discard returns to. */
  const load = useCallback(
    (next: string) => {
      setBase(next);
      setText(next);
    },
    [setText],
  );
  const settled = useDebounced(text, 250);
  const parsed = useMemo(() => (settled.trim() === '' ? undefined : parseOrgFile(settled)), [settled]);
  useUnsavedChanges(text !== base, {
    what: 'the organization file you are editing',
    // The draft is stored as typed: keeping it is saving it.
    save: () => {
      setBase(text);
      return Promise.resolve(true);
    },
    discard: () => setText(base),
  });
  /** The draft went where it was meant to (applied): nothing is left to keep. */
  const settle = useCallback(() => setBase(text), [text]);
  return { text, setText, load, settle, parsed, current: settled === text, dirty: text !== base };
}
