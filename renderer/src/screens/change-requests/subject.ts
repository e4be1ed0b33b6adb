/** The subject of a change request as the inline editor checks it before saving (the contract's limit, 100). */

/** The longest subject the API takes. */
export const SUBJECT_MAX = 100;

/** What checking a typed subject found: the value to save, nothing to save, or the error naming the field. */
export type SubjectCheck =
  { kind: 'save'; subject: string } | { kind: 'unchanged' } | { kind: 'invalid'; message: string };

/** Checks a typed subject against the current one. */
export function checkSubject(typed: string, current: string): SubjectCheck {
  const subject = typed.trim();
  if (subject === '') return { kind: 'invalid', message: 'Subject cannot be empty.' };
  if (subject.length > SUBJECT_MAX)
    return { kind: 'invalid', message: `Subject can have at most ${SUBJECT_MAX} characters.` };
  if (subject === current) return { kind: 'unchanged' };
  return { kind: 'save', subject };
}
