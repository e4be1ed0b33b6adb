/** Translation settings of an organization. */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, named } from '../common.ts';
import { TranslationLanguage } from './content.ts';

export { TRANSLATION_LANGUAGES, TranslationLanguage, type TranslationLanguageCode } from './content.ts';

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
