/**
 * The Changes tab's keyboard shortcuts: single keys, as in code review tools, ignored while typing (inputs,
 * textareas, selects, editable content), with Ctrl/⌘ held, or while a dialog is open. The help lists them.
 */
import { useEffect, useRef } from 'react';
import { actionOf, SHORTCUTS, TOGGLES, type ReviewActions } from './keys.ts';

/** Whether a key event comes from a place where the user types. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export type { ReviewActions };

/** Listens to the window's keys while the tab is shown. */
export function useReviewShortcuts(actions: ReviewActions): void {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event.target)) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]') !== null) return;
      const action = actionOf(event);
      if (action === undefined || (event.repeat && TOGGLES.has(action))) return;
      event.preventDefault();
      latest.current[action]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** The list of shortcuts. */
export function ShortcutHelp({ id }: { id: string }) {
  return (
    <div
      id={id}
      className="review-shortcuts"
      data-testid="review-shortcuts"
      role="region"
      aria-label="Keyboard shortcuts"
    >
      <dl>
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.action}>
            <dt>
              {shortcut.keys.map((key, index) => (
                <span key={key}>
                  {index > 0 && ' '}
                  <kbd>{key}</kbd>
                </span>
              ))}
            </dt>
            <dd>{shortcut.action}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
