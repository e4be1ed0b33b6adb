/**
 * The translation settings form: title and target languages, checked against the contract's bounds before
 * sending (title 1..100 with a visible character, each language once), and the server's messages mapped back to
 * the field they name.
 */
import type { Static } from '@sinclair/typebox';
import type {
  CreateTranslationSettings,
  TranslationLanguageCode,
  TranslationSettings,
} from '../../../../shared/contract/resources/translations.ts';

/** What the form holds. */
export interface TranslationValues {
  title: string;
  languages: TranslationLanguageCode[];
}

/** A field of the form. */
export type TranslationField = keyof TranslationValues;

/** Messages per field. */
export type TranslationErrors = Partial<Record<TranslationField, string>>;

/** The create (and PUT) body. */
export type TranslationBody = Static<typeof CreateTranslationSettings>;

/** The longest title the contract takes. */
export const TITLE_MAX = 100;

/** The values of new settings. */
export const EMPTY_TRANSLATION: TranslationValues = { title: '', languages: [] };

/** The form's values for existing settings. */
export function valuesOf(settings: TranslationSettings): TranslationValues {
  return { title: settings.title, languages: [...settings.languages] };
}

/** Every field's message. */
export function validate(values: TranslationValues): TranslationErrors {
  const errors: TranslationErrors = {};
  const title = values.title.trim();
  if (title === '') errors.title = 'Title: give these settings a name, e.g. “Product documentation”.';
  else if (title.length > TITLE_MAX) errors.title = `Title can have at most ${TITLE_MAX} characters.`;
  if (new Set(values.languages).size !== values.languages.length)
    errors.languages = 'Languages: pick each language once.';
  return errors;
}

/** The body: the trimmed title and the languages in the order they were picked. */
export function bodyOf(values: TranslationValues): TranslationBody {
  return { title: values.title.trim(), languages: [...values.languages] };
}

/** Whether two values differ (languages compared as sets). */
export function differs(a: TranslationValues, b: TranslationValues): boolean {
  if (a.title.trim() !== b.title.trim()) return true;
  return a.languages.length !== b.languages.length || a.languages.some((code) => !b.languages.includes(code));
}

/** The field a server message names (“body field `title` …”, “body field `languages[1]` …”), if any. */
export function fieldOfMessage(message: string): TranslationField | undefined {
  const named = /body field `([A-Za-z]+)/.exec(message)?.[1];
  return named === 'title' || named === 'languages' ? named : undefined;
}
