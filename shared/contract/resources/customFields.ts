/** Custom fields of an organization and their values on spaces. */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, DisplayText, named, Nullable, StringEnum } from '../common.ts';

export const CUSTOM_FIELD_TYPES = [
  'text',
  'number',
  'boolean',
  'tags',
  'select:multi',
  'select:single',
] as const;
export type CustomFieldTypeValue = (typeof CUSTOM_FIELD_TYPES)[number];
export const CustomFieldType = named('CustomFieldType', StringEnum(CUSTOM_FIELD_TYPES));

export const CustomFieldName = Type.String({
  minLength: 1,
  maxLength: 50,
  pattern: '^[a-z_\\-0-9]+$',
  description: 'Name of the field: lower-case letters, digits, `_` and `-`.',
});
export const CustomFieldTitle = DisplayText({ maxLength: 100 });
export const CustomFieldDescription = DisplayText({ maxLength: 200 });
export const CustomFieldPlaceholder = DisplayText({ maxLength: 100 });
export const CustomFieldOptions = Type.Array(DisplayText({ minLength: 1, maxLength: 40 }), {
  minItems: 1,
  maxItems: 50,
});

export const CustomField = named(
  'CustomField',
  Type.Object({
    id: Type.String(),
    name: Type.String(),
    title: Type.String(),
    description: Type.String(),
    type: CustomFieldType,
    placeholder: Type.String(),
    options: Type.Optional(Type.Array(Type.String())),
    createdAt: DateTime,
    updatedAt: DateTime,
    urls: Type.Object({ location: Type.String() }),
    permissions: Type.Object({ view: Type.Boolean(), edit: Type.Boolean() }),
  }),
);
export type CustomField = Static<typeof CustomField>;

/** The value of a custom field on a space. */
export const CustomFieldValue = named(
  'CustomFieldValue',
  Type.Union([
    DisplayText({ maxLength: 256 }),
    Type.Number(),
    Type.Boolean(),
    Type.Array(DisplayText({ maxLength: 256 })),
  ]),
);
export type CustomFieldValue = Static<typeof CustomFieldValue>;

/** The custom fields of an organization with their value on one space (absent when unset). */
export const CustomFieldValues = named(
  'CustomFieldValues',
  Type.Array(Type.Object({ customField: CustomField, value: Type.Optional(CustomFieldValue) })),
);
export type CustomFieldValues = Static<typeof CustomFieldValues>;

export const UpdateCustomFieldValues = Type.Object(
  {
    values: Type.Record(
      CustomFieldName,
      // `null` removes the value (an extension: GitBook's schema has no way to unset a value).
      Type.Object({ value: Nullable(CustomFieldValue) }, { additionalProperties: false }),
      {
        maxProperties: 100,
        additionalProperties: false,
        propertyNames: { maxLength: 50 },
        description: 'New values, by field name.',
      },
    ),
  },
  { additionalProperties: false },
);

export const CreateCustomField = Type.Object(
  {
    name: CustomFieldName,
    type: CustomFieldType,
    title: Type.Optional(CustomFieldTitle),
    description: Type.Optional(CustomFieldDescription),
    placeholder: Type.Optional(CustomFieldPlaceholder),
    options: Type.Optional(CustomFieldOptions),
  },
  { additionalProperties: false },
);

export const UpdateCustomField = Type.Object(
  {
    title: Type.Optional(CustomFieldTitle),
    description: Type.Optional(CustomFieldDescription),
    placeholder: Type.Optional(CustomFieldPlaceholder),
    options: Type.Optional(CustomFieldOptions),
  },
  { additionalProperties: false },
);
