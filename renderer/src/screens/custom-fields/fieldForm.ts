/**
 * The custom field form (create and edit): name, title, type and, for select types, the options; checked against
 * the contract's bounds before sending, and the server's messages mapped back to the field they name.
 *
 * Rules (the contract's): name 1..50 of lower-case letters, digits, `_` and `-`, fixed once created; title up to
 * 100 characters (the name when left empty); options only for select types, 1 to 50, each 1..40 characters with a
 * visible one, each once.
 */
import type { Static } from '@sinclair/typebox';
import {
  CUSTOM_FIELD_TYPES,
  type CreateCustomField,
  type CustomField,
  type CustomFieldTypeValue,
  type UpdateCustomField,
} from '../../../../shared/contract/resources/customFields.ts';

/** What the form holds. */
export interface FieldValues {
  name: string;
  title: string;
  type: CustomFieldTypeValue;
  /** The option inputs, blanks included (they are dropped when sending). */
  options: string[];
}

/** A part of the form a message can land on. */
export type FieldFormField = 'name' | 'title' | 'type' | 'options';

/** Messages per part. */
export type FieldErrors = Partial<Record<FieldFormField, string>>;

export const NAME_MAX = 50;
export const TITLE_MAX = 100;
export const OPTIONS_MAX = 50;
export const OPTION_MAX = 40;
const NAME_PATTERN = /^[a-z_\-0-9]+$/;
const VISIBLE = /\S/u;

/** The types in the order the form offers them. */
export const FIELD_TYPES: readonly CustomFieldTypeValue[] = CUSTOM_FIELD_TYPES;

/** Whether values of this type are picked among options. */
export const hasOptions = (type: CustomFieldTypeValue): boolean =>
  type === 'select:single' || type === 'select:multi';

/** The values of a new field. */
export const EMPTY_FIELD: FieldValues = { name: '', title: '', type: 'text', options: [''] };

/** The form's values for an existing field. */
export function valuesOf(field: CustomField): FieldValues {
  return {
    name: field.name,
    title: field.title,
    type: field.type,
    options: field.options !== undefined && field.options.length > 0 ? [...field.options] : [''],
  };
}

/** A name suggested from a title: lower case, spaces and other characters as `-`. */
export function nameFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, NAME_MAX);
}

/** The options that will be sent: trimmed, blanks dropped. */
export function optionsOf(values: FieldValues): string[] {
  return values.options.map((option) => option.trim()).filter((option) => option !== '');
}

/** Every part's message (`creating`: the name is checked too). */
export function validate(values: FieldValues, creating: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (creating) {
    const name = values.name;
    if (name === '') errors.name = 'Name: give the field a name, e.g. “review-owner”.';
    else if (name.length > NAME_MAX) errors.name = `Name can have at most ${NAME_MAX} characters.`;
    else if (!NAME_PATTERN.test(name))
      errors.name = 'Name: use lower-case letters, digits, “_” and “-” only (no spaces).';
  }
  if (values.title.trim().length > TITLE_MAX)
    errors.title = `Title can have at most ${TITLE_MAX} characters.`;
  if (hasOptions(values.type)) {
    const options = optionsOf(values);
    const seen = new Set<string>();
    const twice = options.find((option) => (seen.has(option) ? true : (seen.add(option), false)));
    if (options.length === 0) errors.options = 'Options: a choice field needs at least one option.';
    else if (options.length > OPTIONS_MAX) errors.options = `Options: at most ${OPTIONS_MAX} options.`;
    else if (options.some((option) => option.length > OPTION_MAX))
      errors.options = `Options: each option can have at most ${OPTION_MAX} characters.`;
    else if (options.some((option) => !VISIBLE.test(option)))
      errors.options = 'Options: each option needs a visible character.';
    else if (twice !== undefined) errors.options = `Options: “${twice}” is listed twice.`;
  }
  return errors;
}

/** The create body. */
export function createBody(values: FieldValues): Static<typeof CreateCustomField> {
  const title = values.title.trim();
  return {
    name: values.name,
    type: values.type,
    ...(title !== '' ? { title } : {}),
    ...(hasOptions(values.type) ? { options: optionsOf(values) } : {}),
  };
}

/** The PATCH body: only what changed (an empty title is left as it was). */
export function updateBody(values: FieldValues, field: CustomField): Static<typeof UpdateCustomField> {
  const title = values.title.trim();
  const options = optionsOf(values);
  const before = field.options ?? [];
  const optionsChanged =
    hasOptions(field.type) &&
    (options.length !== before.length || options.some((option, index) => option !== before[index]));
  return {
    ...(title !== '' && title !== field.title ? { title } : {}),
    ...(optionsChanged ? { options } : {}),
  };
}

/** The options an edit removes (values using them are dropped from every space by the server). */
export function removedOptions(values: FieldValues, field: CustomField): string[] {
  const kept = new Set(optionsOf(values));
  return (field.options ?? []).filter((option) => !kept.has(option));
}

/** The part of the form a server message names (“body field `name` …”, “body field `options.2` …”), if any. */
export function fieldOfMessage(message: string): FieldFormField | undefined {
  const named = /body field `([A-Za-z]+)/.exec(message)?.[1];
  return named === 'name' || named === 'title' || named === 'type' || named === 'options' ? named : undefined;
}
