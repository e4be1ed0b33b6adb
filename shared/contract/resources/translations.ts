/** Translation settings of an organization. */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, DisplayText, named } from '../common.ts';
import { TRANSLATION_LANGUAGES, TranslationLanguage } from './content.ts';

export { TRANSLATION_LANGUAGES, TranslationLanguage, type TranslationLanguageCode } from './content.ts';

export const TranslationSettingsTitle = DisplayText({ minLength: 1, maxLength: 100 });

export const TranslationSettings = named(
  'TranslationSettings',
  Type.Object({
    object: Type.Literal('translation-settings'),
    id: Type.String(),
    title: Type.String(),
    languages: Type.Array(TranslationLanguage, { description: 'Codes of the target languages.' }),
    createdAt: DateTime,
    updatedAt: DateTime,
    permissions: Type.Object({ view: Type.Boolean(), edit: Type.Boolean() }),
    urls: Type.Object({ location: Type.String() }),
  }),
);
export type TranslationSettings = Static<typeof TranslationSettings>;

/**
 * The target languages in a create or update body. An extension beside the spec's `title`: without it the
 * `languages` of the settings could never be set. On update, absent keeps the current list.
 */
const TranslationSettingsLanguages = Type.Array(TranslationLanguage, {
  maxItems: TRANSLATION_LANGUAGES.length,
  description: 'Codes of the target languages, each once (extension: the spec lists only `title`).',
});

export const CreateTranslationSettings = Type.Object(
  { title: TranslationSettingsTitle, languages: Type.Optional(TranslationSettingsLanguages) },
  { additionalProperties: false },
);
export const UpdateTranslationSettings = Type.Object(
  { title: TranslationSettingsTitle, languages: Type.Optional(TranslationSettingsLanguages) },
  { additionalProperties: false },
);
