/** Keyboard shortcut labels for the platform the page runs on. */

/** True on macOS, where shortcuts use ⌘ instead of Ctrl. */
export const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/** The label of the command palette's shortcut. */
export const paletteShortcut = isMac ? '⌘K' : 'Ctrl+K';

/** Whether a key event is the command palette's shortcut (Ctrl+K or ⌘K, on every platform). */
export function isPaletteShortcut(event: KeyboardEvent): boolean {
  const modifier = event.metaKey || event.ctrlKey;
  return modifier && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}
