import { describe, expect, it } from 'vitest';
import { TRANSLATION_LANGUAGES } from '../../../../shared/contract/resources/translations.ts';
import { filterLanguages, languageName, languageOptions } from './languages.ts';
import { bodyOf, differs, fieldOfMessage, validate } from './translationForm.ts';

describe('language names', () => {
  it('names every accepted code, regional ones included', () => {
    expect(languageName('fr')).toBe('French');
    expect(languageName('pt-br')).toBe('Brazilian Portuguese');
    expect(languageName('zh-tw')).toBe('Chinese (Taiwan)');
    expect(languageName('yue')).toBe('Cantonese');
    expect(languageName('de', 'fr')).toBe('allemand');
    const options = languageOptions();
    expect(options.map((option) => option.code).sort()).toEqual([...TRANSLATION_LANGUAGES].sort());
    for (const option of options) expect(option.name).not.toBe(option.code);
    expect(options.map((option) => option.name)).toEqual(
      [...options.map((option) => option.name)].sort((a, b) => a.localeCompare(b, 'en')),
    );
  });

  it('falls back to the code', () => {
    expect(languageName('not a code')).toBe('not a code');
  });
});

describe('filterLanguages', () => {
  const options = languageOptions();
  const codes = (query: string) => filterLanguages(options, query).map((option) => option.code);

  it('finds by code first, then by the start of a word, then anywhere in the name', () => {
    expect(codes('')).toHaveLength(options.length);
    expect(codes('pt')[0]).toBe('pt');
    expect(codes('pt')).toContain('pt-br');
    expect(codes('  German ')).toEqual(['de']);
    expect(codes('portu')).toEqual(expect.arrayContaining(['pt', 'pt-br']));
    expect(codes('taiwan')).toEqual(['zh-tw']);
    expect(codes('nglish')).toEqual(['en']);
    expect(codes('zzz')).toEqual([]);
  });

  it('ignores case and accents', () => {
    const withAccents = [{ code: 'fr' as const, name: 'Français' }];
    expect(filterLanguages(withAccents, 'FRANCAIS').map((option) => option.code)).toEqual(['fr']);
  });
});

describe('translation form', () => {
  it('checks the title and repeated languages', () => {
    expect(validate({ title: 'Docs', languages: ['fr', 'de'] })).toEqual({});
    expect(validate({ title: '   ', languages: [] }).title).toContain('Title');
    expect(validate({ title: 'x'.repeat(101), languages: [] }).title).toContain('100');
    expect(validate({ title: 'Docs', languages: ['fr', 'fr'] }).languages).toContain('once');
  });

  it('builds the body and tells changes apart', () => {
    expect(bodyOf({ title: ' Docs ', languages: ['ja', 'fr'] })).toEqual({
      title: 'Docs',
      languages: ['ja', 'fr'],
    });
    expect(differs({ title: 'A', languages: ['fr', 'de'] }, { title: 'A ', languages: ['de', 'fr'] })).toBe(
      false,
    );
    expect(differs({ title: 'A', languages: ['fr'] }, { title: 'A', languages: ['de'] })).toBe(true);
    expect(differs({ title: 'A', languages: [] }, { title: 'B', languages: [] })).toBe(true);
  });

  it('maps server messages to their field', () => {
    expect(fieldOfMessage('body field `title` must have at least one visible character')).toBe('title');
    expect(fieldOfMessage('body field `languages[1]` must be one of "en", "fr"')).toBe('languages');
    expect(fieldOfMessage('no translation settings with id `x`')).toBeUndefined();
  });
});
