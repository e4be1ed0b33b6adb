/**
 * The target languages translation settings accept (GitBook's published list, from the contract) with readable
 * names from `Intl.DisplayNames`, and the search of the language picker: by name or by code, ignoring case and
 * accents ("francais" finds French, "pt-br" finds Brazilian Portuguese).
 */
import {
  TRANSLATION_LANGUAGES,
  type TranslationLanguageCode,
} from '../../../../shared/contract/resources/translations.ts';

/** A language as the picker lists it. */
export interface LanguageOption {
  code: TranslationLanguageCode;
  name: string;
}

/** `pt-br` → `pt-BR`: the region part upper-cased, as BCP 47 writes it and `Intl` reads it. */
function localeTag(code: string): string {
  const [language, ...rest] = code.split('-');
  return [language, ...rest.map((part) => (part.length === 2 ? part.toUpperCase() : part))].join('-');
}

/** The readable name of a language code in `locale` (English by default), or the code when Intl has none. */
export function languageName(code: string, locale = 'en'): string {
  try {
    const names = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' });
    return names.of(localeTag(code)) ?? code;
  } catch {
    return code;
  }
}

/** Every accepted language with its name, sorted by name. */
export function languageOptions(locale = 'en'): LanguageOption[] {
  return TRANSLATION_LANGUAGES.map((code) => ({ code, name: languageName(code, locale) })).sort((a, b) =>
    a.name.localeCompare(b.name, locale),
  );
}

/** Lower case without accents, for matching. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The options matching a query: the code itself, codes that start with it, then names containing it. */
export function filterLanguages(options: readonly LanguageOption[], query: string): LanguageOption[] {
  const wanted = fold(query.trim());
  if (wanted === '') return [...options];
  const byCode = [
    ...options.filter((option) => option.code === wanted),
    ...options.filter((option) => option.code !== wanted && option.code.startsWith(wanted)),
  ];
  const byName = options.filter(
    (option) =>
      !byCode.includes(option) &&
      fold(option.name)
        .split(/[\s()-]+/)
        .some((word) => word.startsWith(wanted)),
  );
  const inName = options.filter(
    (option) => !byCode.includes(option) && !byName.includes(option) && fold(option.name).includes(wanted),
  );
  return [...byCode, ...byName, ...inName];
}
