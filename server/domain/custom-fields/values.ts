/**
 * The rules of custom field definitions and values, per type (GitBook's `CustomFieldType`): which types take
 * options, and what value each type accepts. Pure functions: the handlers call them before writing anything.
 */
import type {
  CustomFieldTypeValue,
  CustomFieldValue,
} from '../../../shared/contract/resources/customFields.ts';
import { badRequest } from '../../errors.ts';

/** The types whose values are picked among `options`. */
export const SELECT_TYPES: readonly CustomFieldTypeValue[] = ['select:single', 'select:multi'];
export const isSelectType = (type: string): boolean => (SELECT_TYPES as readonly string[]).includes(type);

/** Most tags on one space for one field. */
export const MAX_TAGS = 100;

const VISIBLE = /\S/u;

/** Checks the options of a definition of `type` (given or not) and answers what to store. */
export function checkOptions(type: string, options: string[] | undefined): string[] | null {
  if (!isSelectType(type)) {
    if (options !== undefined)
      throw badRequest(
        `body field \`options\`: only select fields (\`select:single\`, \`select:multi\`) take options, not a \`${type}\` field`,
      );
    return null;
  }
  if (options === undefined)
    throw badRequest(`body field \`options\` is required for a \`${type}\` field (1 to 50 choices)`);
  const seen = new Set<string>();
  options.forEach((option, index) => {
    if (!VISIBLE.test(option))
      throw badRequest(`body field \`options[${index}]\` must have at least one visible character`);
    if (seen.has(option)) throw badRequest(`body field \`options\`: \`${option}\` is listed twice`);
    seen.add(option);
  });
  return options;
}

/** A field as the value checks need it. */
export interface FieldRule {
  name: string;
  type: string;
  options: readonly string[] | null;
}

/** How a message names the value at `path`, or one item of it. */
const bodyField = (path: string, index?: number) =>
  `body field \`${path}${index === undefined ? '' : `.${index}`}\``;

function distinctStrings(values: readonly unknown[], path: string, what: string): string[] {
  const seen = new Set<string>();
  for (const [index, item] of values.entries()) {
    if (typeof item !== 'string') throw badRequest(`${bodyField(path, index)} must be a string`);
    if (seen.has(item)) throw badRequest(`${bodyField(path)}: ${what} \`${item}\` is listed twice`);
    seen.add(item);
  }
  return [...seen];
}

/**
 * Checks a value for `field` (the body names it `values.<name>.value`) and answers the value to store. Throws a
 * 400 naming the field and the rule it breaks.
 */
export function checkValue(field: FieldRule, value: CustomFieldValue): CustomFieldValue {
  const path = `values.${field.name}.value`;
  const where = bodyField(path);
  const type = field.type as CustomFieldTypeValue;
  const options = field.options ?? [];
  switch (type) {
    case 'text':
      if (typeof value !== 'string')
        throw badRequest(`${where} must be text for the text field \`${field.name}\``);
      return value;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value))
        throw badRequest(`${where} must be a number for the number field \`${field.name}\``);
      return value;
    case 'boolean':
      if (typeof value !== 'boolean')
        throw badRequest(`${where} must be \`true\` or \`false\` for the boolean field \`${field.name}\``);
      return value;
    case 'tags': {
      if (!Array.isArray(value))
        throw badRequest(`${where} must be a list of tags (strings) for the tags field \`${field.name}\``);
      if (value.length > MAX_TAGS) throw badRequest(`${where} has more than ${MAX_TAGS} tags`);
      const tags = distinctStrings(value, path, 'tag');
      const blank = tags.findIndex((tag) => !VISIBLE.test(tag));
      if (blank >= 0) throw badRequest(`${bodyField(path, blank)} must have at least one visible character`);
      return tags;
    }
    case 'select:single':
      if (typeof value !== 'string' || !options.includes(value))
        throw badRequest(
          `${where} must be one of the options of \`${field.name}\`: ${options.map((o) => `\`${o}\``).join(', ')}`,
        );
      return value;
    case 'select:multi': {
      if (!Array.isArray(value))
        throw badRequest(
          `${where} must be a list of options for the multiple-choice field \`${field.name}\``,
        );
      const picked = distinctStrings(value, path, 'option');
      const unknown = picked.find((item) => !options.includes(item));
      if (unknown !== undefined)
        throw badRequest(
          `${where}: \`${unknown}\` is not an option of \`${field.name}\` (${options.map((o) => `\`${o}\``).join(', ')})`,
        );
      return picked;
    }
    default: {
      const unexpected: never = type;
      throw badRequest(`custom field \`${field.name}\` has an unknown type \`${String(unexpected)}\``);
    }
  }
}

/**
 * A stored value that survives new options of its field: a single choice that is no longer an option goes
 * (`undefined`), a multiple choice keeps the choices still offered.
 */
export function keepWithOptions(
  type: string,
  value: CustomFieldValue,
  options: readonly string[],
): CustomFieldValue | undefined {
  if (type === 'select:single')
    return typeof value === 'string' && options.includes(value) ? value : undefined;
  if (type === 'select:multi' && Array.isArray(value)) {
    return value.filter((item) => options.includes(item));
  }
  return value;
}
