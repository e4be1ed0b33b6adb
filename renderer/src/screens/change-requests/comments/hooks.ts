/**
 * Hooks of the comment threads: a draft kept in session storage as it is typed (so leaving a tab loses nothing),
 * the current user, and the scope and common context every thread component needs.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useState } from 'react';
import type { CommentScope } from '../../../queries/comments.ts';
import { currentUserQuery } from '../../../queries/teams.ts';
import type { CommentFilter } from './logic.ts';
import { drafts } from './storage.ts';

/**
 * The text of a draft slot: read from storage when the slot is first shown, written back on every change. `clear`
 * forgets it (after a send). `initial` is the text when no draft is kept (an edited comment's body).
 */
export function useDraft(key: string, initial = '') {
  const [state, setState] = useState(() => ({ key, text: drafts.read(key) ?? initial }));
  // Another slot (a panel moving to another page): start from that slot's draft.
  const current = state.key === key ? state : { key, text: drafts.read(key) ?? initial };
  if (current !== state) setState(current);
  const set = useCallback(
    (text: string) => {
      drafts.write(key, text);
      setState({ key, text });
    },
    [key],
  );
  const clear = useCallback(() => {
    drafts.clear(key);
    setState({ key, text: '' });
  }, [key]);
  return { text: current.text, set, clear, kept: drafts.read(key) !== undefined };
}

/** What every thread component of one list shares. */
export interface ThreadContextValue {
  scope: CommentScope;
  /** Compact layout (the side panel): no anchor line, smaller type. */
  compact: boolean;
  /** The list's status filter (a thread resolved or reopened out of it leaves the list). */
  filter: CommentFilter;
  /**
   * Prepares a thread's leaving the list: picks now (while it is still listed) where the focus goes once it is
   * gone (the next thread, else the previous one, else the composer); calling the answer moves it there.
   */
  prepareLeave: (commentId: string) => () => void;
}

export const ThreadContext = createContext<ThreadContextValue | undefined>(undefined);

/** The thread context (set by the list). */
export function useThreadContext(): ThreadContextValue {
  const value = useContext(ThreadContext);
  if (value === undefined) throw new Error('useThreadContext outside a comment list');
  return value;
}

/** The user the profile's token acts as (to mark their reactions), and the query client. */
export function useCommentsEnv(profileId: string) {
  const queryClient = useQueryClient();
  const me = useQuery(currentUserQuery(profileId));
  return { queryClient, me: me.data };
}
