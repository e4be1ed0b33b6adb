/** The decisions of an inline edit (a rename in place), apart from React so that they can be tested alone. */

/** What a key does in the edit box: Enter saves, Escape cancels, anything else types. */
export function inlineEditKey(key: string): 'commit' | 'cancel' | undefined {
  if (key === 'Enter') return 'commit';
  if (key === 'Escape') return 'cancel';
  return undefined;
}

/** What committing a draft does: nothing (unchanged), refuse it (a message), or save the trimmed value. */
export type InlineCommit =
  { kind: 'unchanged' } | { kind: 'invalid'; message: string } | { kind: 'save'; value: string };

/** Decides a commit of `draft` over `saved`; `validate` gives a message for a value the API would refuse. */
export function commitOf(
  draft: string,
  saved: string,
  validate?: (value: string) => string | undefined,
): InlineCommit {
  const value = draft.trim();
  if (value === saved) return { kind: 'unchanged' };
  const message = value === '' ? 'A name is required.' : validate?.(value);
  return message === undefined ? { kind: 'save', value } : { kind: 'invalid', message };
}
