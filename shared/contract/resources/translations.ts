/** Translation settings of an organization. */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, named, StringEnum } from '../common.ts';

/** Language codes content can be translated to (GitBook's `TranslationLanguage`). */
export const TRANSLATION_LANGUAGES = [
  'en',
  'fr',
  'de',
  'es',
  'it',
  'pt',
  'pt-br',
  'ru',
  'ja',
  'zh',
  'zh-tw',
  'yue',
  'ko',
  'ar',
  'hi',
  'nl',
  'pl',
  'tr',
  'sv',
  'no',
  'da',
  'fi',
  'el',
  'cs',
  'hu',
  'ro',
  'th',
  'vi',
  'id',
  'ms',
  'he',
  'uk',
  'sk',
  'bg',
  'hr',
  'lt',
  'lv',
  'et',
  'sl',
] as const;
export type TranslationLanguageCode = (typeof TRANSLATION_LANGUAGES)[number];
export const TranslationLanguage = named('TranslationLanguage', StringEnum(TRANSLATION_LANGUAGES));

export const TranslationSettingsTitle = Type.String({ minLength: 1, maxLength: 100 });

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

export const CreateTranslationSettings = Type.Object(
  { title: TranslationSettingsTitle },
  { additionalProperties: false },
);
export const UpdateTranslationSettings = Type.Object(
  { title: TranslationSettingsTitle },
  { additionalProperties: false },
);
