/**
 * The Changes tab's keyboard shortcuts as data: which key does what (pure, so it is unit-tested without a DOM).
 * Single keys as in code review tools; Alt+↓/↑ for pages as well; nothing with Ctrl or ⌘ (the app's own).
 */

/** The parts of a key event the shortcuts look at. */
export interface KeyStroke {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

/** What the shortcuts do. */
export interface ReviewActions {
  nextPage: () => void;
  previousPage: () => void;
  nextChange: () => void;
  previousChange: () => void;
  toggleViewed: () => void;
  source: () => void;
  rendered: () => void;
  toggleLayout: () => void;
  help: () => void;
  commentHere: () => void;
  approve: () => void;
  requestChanges: () => void;
  finishReview: () => void;
}

/** The shortcuts, as the help shows them. */
export const SHORTCUTS: readonly { keys: string[]; action: string }[] = [
  { keys: ['j', 'Alt+↓'], action: 'Next changed page' },
  { keys: ['k', 'Alt+↑'], action: 'Previous changed page' },
  { keys: ['n'], action: 'Next change in the page (then the next page)' },
  { keys: ['p'], action: 'Previous change in the page' },
  { keys: ['v'], action: 'Mark the page viewed, or not' },
  { keys: ['r'], action: 'Rendered diff' },
  { keys: ['s'], action: 'Markdown source diff' },
  { keys: ['i'], action: 'Side by side or inline' },
  { keys: ['c'], action: 'Comment on the current change (a draft of your review)' },
  { keys: ['a'], action: 'Finish your review: approve' },
  { keys: ['x'], action: 'Finish your review: request changes' },
  { keys: ['f'], action: 'Finish your review (send your draft comments)' },
  { keys: ['?'], action: 'Show or hide this list' },
  { keys: ['↑', '↓', '←', '→', 'Enter'], action: 'In the page tree: move, close, open, show' },
];

/** Actions a held key must not repeat. */
export const TOGGLES = new Set<keyof ReviewActions>([
  'toggleViewed',
  'toggleLayout',
  'help',
  'commentHere',
  'approve',
  'requestChanges',
  'finishReview',
]);

/** The action of a key event, or undefined when the event is not a shortcut of the tab. */
export function actionOf(event: KeyStroke): keyof ReviewActions | undefined {
  if (event.ctrlKey || event.metaKey) return undefined;
  if (event.altKey) {
    if (event.shiftKey) return undefined;
    if (event.key === 'ArrowDown') return 'nextPage';
    if (event.key === 'ArrowUp') return 'previousPage';
    return undefined;
  }
  if (event.key === '?') return 'help';
  if (event.shiftKey) return undefined;
  switch (event.key) {
    case 'j':
      return 'nextPage';
    case 'k':
      return 'previousPage';
    case 'n':
      return 'nextChange';
    case 'p':
      return 'previousChange';
    case 'v':
      return 'toggleViewed';
    case 's':
      return 'source';
    case 'r':
      return 'rendered';
    case 'i':
      return 'toggleLayout';
    case 'c':
      return 'commentHere';
    case 'a':
      return 'approve';
    case 'x':
      return 'requestChanges';
    case 'f':
      return 'finishReview';
    default:
      return undefined;
  }
}
