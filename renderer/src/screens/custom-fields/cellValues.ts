/**
 * What a grid cell's text means for its field, checked per type before anything is sent, and how a stored value is
 * written back as text (for editing, copying and display). Pure functions: the grid and its tests share them.
 *
 * Rules (the server's, see server/domain/custom-fields/values.ts, checked here first so a bad cell is never sent):
 * - Empty text (after trimming) removes the value (`null`).
 * - text: the trimmed text, up to 256 characters.
 * - number: a decimal number (`12`, `-3.5`, `1e3`, `1,234.5` with thousands separators); nothing else.
 * - boolean: yes / no / true / false, in any case.
 * - tags: comma-separated; blanks dropped, each tag once, up to 100 tags of up to 256 characters.
 * - select:single: one of the options, matched exactly, else case-insensitively; the option's own spelling is sent.
 * - select:multi: comma-separated options, each matched as for a single choice, each once.
 */
import type { CustomField, CustomFieldValue } from '../../../../shared/contract/resources/customFields.ts';

/** A field as the cell rules need it. */
export type CellField = Pick<CustomField, 'name' | 'type' | 'options'>;

/** A cell's text read for its field: the value to send (`null` removes it), or why it cannot be sent. */
export type ParsedCell = { ok: true; value: CustomFieldValue | null } | { ok: false; reason: string };

/** Longest text (and tag) the contract takes. */
export const TEXT_MAX = 256;
/** Most tags on one space for one field (the server's rule). */
export const TAGS_MAX = 100;

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const GROUPED_NUMBER = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/;
const TRUE_WORDS = new Set(['yes', 'true']);
const FALSE_WORDS = new Set(['no', 'false']);

const quote = (text: string) => `“${text.length > 40 ? `${text.slice(0, 40)}…` : text}”`;

/** The items of a comma-separated list, trimmed, blanks dropped. */
function listItems(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** The option `text` names: exactly, else the one option equal to it ignoring case. */
export function matchOption(options: readonly string[], text: string): string | undefined {
  if (options.includes(text)) return text;
  const lower = text.toLocaleLowerCase();
  const matches = options.filter((option) => option.toLocaleLowerCase() === lower);
  return matches.length === 1 ? matches[0] : undefined;
}

function optionList(options: readonly string[]): string {
  return options.join(', ');
}

/** Reads a number as people type it; undefined when it is not one. */
export function parseNumber(text: string): number | undefined {
  const compact = GROUPED_NUMBER.test(text) ? text.replaceAll(',', '') : text;
  if (!NUMBER.test(compact)) return undefined;
  const value = Number(compact);
  return Number.isFinite(value) ? value : undefined;
}

/** Reads a cell's text for `field`. */
export function parseCell(field: CellField, raw: string): ParsedCell {
  const text = raw.trim();
  if (text === '') return { ok: true, value: null };
  const options = field.options ?? [];
  switch (field.type) {
    case 'text':
      return text.length > TEXT_MAX
        ? { ok: false, reason: `Text can have at most ${TEXT_MAX} characters (this has ${text.length}).` }
        : { ok: true, value: text };
    case 'number': {
      const value = parseNumber(text);
      return value === undefined
        ? { ok: false, reason: `${quote(text)} is not a number: write digits, e.g. 30 or 2.5.` }
        : { ok: true, value };
    }
    case 'boolean': {
      const word = text.toLowerCase();
      if (TRUE_WORDS.has(word)) return { ok: true, value: true };
      if (FALSE_WORDS.has(word)) return { ok: true, value: false };
      return { ok: false, reason: `${quote(text)} is not yes or no (true or false also work).` };
    }
    case 'tags': {
      const tags = [...new Set(listItems(text))];
      const long = tags.find((tag) => tag.length > TEXT_MAX);
      if (long !== undefined)
        return { ok: false, reason: `The tag ${quote(long)} is longer than ${TEXT_MAX} characters.` };
      if (tags.length > TAGS_MAX)
        return { ok: false, reason: `At most ${TAGS_MAX} tags (this has ${tags.length}).` };
      return { ok: true, value: tags.length === 0 ? null : tags };
    }
    case 'select:single': {
      const option = matchOption(options, text);
      return option === undefined
        ? { ok: false, reason: `${quote(text)} is not an option: ${optionList(options)}.` }
        : { ok: true, value: option };
    }
    case 'select:multi': {
      const picked: string[] = [];
      for (const item of listItems(text)) {
        const option = matchOption(options, item);
        if (option === undefined)
          return { ok: false, reason: `${quote(item)} is not an option: ${optionList(options)}.` };
        if (!picked.includes(option)) picked.push(option);
      }
      return { ok: true, value: picked.length === 0 ? null : picked };
    }
    default: {
      const unexpected: never = field.type;
      return { ok: false, reason: `Unknown field type ${String(unexpected)}.` };
    }
  }
}

/** A stored value as the text a person edits or copies (what `parseCell` reads back to the same value). */
export function formatValue(_field: CellField, value: CustomFieldValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'number') return String(value);
  return value;
}

/** A stored value as the grid shows it. */
export function displayValue(field: CellField, value: CustomFieldValue | undefined): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return formatValue(field, value);
}

/** Whether two values are the same (lists compared in order). */
export function sameValue(
  a: CustomFieldValue | null | undefined,
  b: CustomFieldValue | null | undefined,
): boolean {
  const left = a ?? null;
  const right = b ?? null;
  if (Array.isArray(left) && Array.isArray(right))
    return left.length === right.length && left.every((item, index) => item === right[index]);
  return left === right;
}

/** How a field's type reads in the grid's header and hints. */
export function typeLabel(type: CellField['type']): string {
  switch (type) {
    case 'text':
      return 'Text';
    case 'number':
      return 'Number';
    case 'boolean':
      return 'Yes / no';
    case 'tags':
      return 'Tags';
    case 'select:single':
      return 'Single choice';
    case 'select:multi':
      return 'Multiple choice';
    default: {
      const unexpected: never = type;
      return String(unexpected);
    }
  }
}

/** What to type in a cell of this field. */
export function typeHint(field: CellField): string {
  const options = optionList(field.options ?? []);
  switch (field.type) {
    case 'text':
      return `Text, up to ${TEXT_MAX} characters.`;
    case 'number':
      return 'A number, e.g. 30 or 2.5.';
    case 'boolean':
      return 'yes or no.';
    case 'tags':
      return 'Tags separated by commas.';
    case 'select:single':
      return `One of: ${options}.`;
    case 'select:multi':
      return `Some of, separated by commas: ${options}.`;
    default: {
      const unexpected: never = field.type;
      return String(unexpected);
    }
  }
}
