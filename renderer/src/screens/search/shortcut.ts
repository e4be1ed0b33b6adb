/**
 * The search box's shortcuts: Ctrl+Shift+F (⌘⇧F on macOS) from anywhere, and `/` when no text field has the focus.
 * Neither clashes with the command palette's Ctrl/⌘+K, nor with the content tree's keys (letters, arrows, F2,
 * Shift+F10, M).
 */
import { isMac } from '../../layout/shortcut.ts';

/** The label of the search box's shortcut. */
export const searchShortcut = isMac ? '⌘⇧F' : 'Ctrl+Shift+F';

/** Whether the event's target takes text (typing `/` there is typing, not a shortcut). */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/** Whether a key event should move the focus to the search box. */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  if (event.altKey) return false;
  const modifier = event.metaKey || event.ctrlKey;
  if (modifier && event.shiftKey && event.key.toLowerCase() === 'f') return true;
  return !modifier && event.key === '/' && !isEditable(event.target);
}
