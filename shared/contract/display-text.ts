/**
 * The display-text rule: one rule for every title, name, label, subject and one-line description people read, and
 * for multi-line plain text (comment bodies).
 *
 * Refused (never stripped: a stripped value is not what the caller sent, and the caller would not know):
 * - control characters: C0 (U+0000–U+001F, NUL and ESC among them), DEL (U+007F) and C1 (U+0080–U+009F); a
 *   multi-line text allows newline (U+000A) and tab (U+0009), and nothing else of these;
 * - bidirectional formatting: embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069) and the implicit
 *   marks (U+200E, U+200F, U+061C), which reorder what is shown around them;
 * - invisible characters that can make one name look like another: zero-width space (U+200B), word joiner and
 *   invisible operators (U+2060–U+2064), deprecated format characters (U+206A–U+206F), byte-order mark (U+FEFF),
 *   soft hyphen (U+00AD), combining grapheme joiner (U+034F), Hangul fillers (U+115F, U+1160, U+3164, U+FFA0),
 *   Khmer inherent vowels (U+17B4, U+17B5), Mongolian vowel separator (U+180E), interlinear annotations
 *   (U+FFF9–U+FFFB) and the unassigned specials (U+FFF0–U+FFF8);
 * - line and paragraph separators (U+2028, U+2029).
 *
 * Kept, because writing needs them: zero-width non-joiner and joiner (U+200C, U+200D: Persian, Indic scripts,
 * emoji sequences), variation selectors (U+FE00–U+FE0F, U+180B–U+180D, U+180F: emoji presentation, Mongolian) and
 * characters beyond the Basic Multilingual Plane (the tag characters of subdivision flags among them).
 *
 * A text whose schema requires at least one character also needs one visible character (not only spaces or
 * joiners). The rule is a JSON Schema `pattern` of Basic Multilingual Plane ranges only, so it reads the same with
 * or without the regular expression `u` flag (Ajv sets it, TypeBox's `Value` does not); schemas under the rule
 * carry the marker `x-display-text`, by which tests find every such field.
 */
import { Type, type TString } from '@sinclair/typebox';

/** The marker keyword of schemas under the rule, and its values. */
export const DISPLAY_TEXT_MARKER = 'x-display-text';
export type DisplayTextKind = 'single-line' | 'multi-line';

/** Code point ranges refused in every display text, newline and tab aside. */
const REFUSED: readonly (readonly [number, number])[] = [
  [0x00, 0x08],
  [0x0b, 0x1f],
  [0x7f, 0x9f],
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x61c, 0x61c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180e, 0x180e],
  [0x200b, 0x200b],
  [0x200e, 0x200f],
  [0x2028, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x206f],
  [0x3164, 0x3164],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfffb],
];
/** Newline and tab: refused in a single line, allowed in a multi-line text. */
const LINE_BREAKS: readonly (readonly [number, number])[] = [[0x09, 0x0a]];
/** Characters that do not make a text visible on their own (beyond white space, which `\s` covers). */
const INVISIBLE = '\\u200C\\u200D\\u2800\\uFE00-\\uFE0F';

const hex = (code: number) => `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
const characterClass = (ranges: readonly (readonly [number, number])[]) =>
  ranges.map(([from, to]) => (from === to ? hex(from) : `${hex(from)}-${hex(to)}`)).join('');

function refusedRanges(kind: DisplayTextKind) {
  return kind === 'single-line' ? [...LINE_BREAKS, ...REFUSED] : REFUSED;
}

/** The JSON Schema pattern of the rule. */
export function displayTextPattern(kind: DisplayTextKind, needsVisible: boolean): string {
  const allowed = `[^${characterClass(refusedRanges(kind))}]*`;
  return needsVisible ? `^(?=[\\s\\S]*[^\\s${INVISIBLE}])${allowed}$` : `^${allowed}$`;
}

const RULE_TEXT: Record<DisplayTextKind, string> = {
  'single-line':
    'One line of text without control, bidirectional-formatting or invisible formatting characters.',
  'multi-line':
    'Text without control (newline and tab aside), bidirectional-formatting or invisible formatting characters.',
};

interface DisplayTextOptions {
  minLength?: number;
  maxLength?: number;
  /** What the field is; the rule is added to it. */
  description?: string;
}

function displayText(kind: DisplayTextKind, options: DisplayTextOptions): TString {
  const { description, ...bounds } = options;
  const needsVisible = (bounds.minLength ?? 0) > 0;
  return Type.String({
    ...bounds,
    pattern: displayTextPattern(kind, needsVisible),
    description: description === undefined ? RULE_TEXT[kind] : `${description} ${RULE_TEXT[kind]}`,
    [DISPLAY_TEXT_MARKER]: kind,
  });
}

/**
 * Text people read on one line (titles, names, labels, subjects, one-line descriptions, icons): with `minLength`
 * of 1 or more, at least one visible character.
 */
export function DisplayText(options: DisplayTextOptions): TString {
  return displayText('single-line', options);
}

/** Plain text on several lines (comment bodies): the same rule, with newline and tab allowed. */
export function MultilineText(options: DisplayTextOptions = {}): TString {
  return displayText('multi-line', options);
}

/** The kind of display text a schema holds, when it is under the rule. */
export function displayTextKind(schema: unknown): DisplayTextKind | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const kind = (schema as Record<string, unknown>)[DISPLAY_TEXT_MARKER];
  return kind === 'single-line' || kind === 'multi-line' ? kind : undefined;
}

const refusedTest = {
  'single-line': new RegExp(`[${characterClass(refusedRanges('single-line'))}]`),
  'multi-line': new RegExp(`[${characterClass(refusedRanges('multi-line'))}]`),
};

function nameOf(code: number): string {
  const point = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (code === 0x0a || code === 0x09) return `a line break or tab (${point})`;
  if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return `the control character ${point}`;
  if (code === 0x2028 || code === 0x2029) return `the line separator ${point}`;
  if (
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    [0x200e, 0x200f, 0x61c].includes(code)
  )
    return `the bidirectional formatting character ${point}`;
  return `the invisible character ${point}`;
}

/**
 * What is wrong with a text under the rule, in words that follow a field's name ("contains the control character
 * U+0000"), or undefined when the rule holds. Length bounds are not checked here.
 */
export function displayTextProblem(
  schema: { minLength?: number },
  kind: DisplayTextKind,
  value: string,
): string | undefined {
  const refused = refusedTest[kind].exec(value);
  if (refused) return `contains ${nameOf(refused[0].charCodeAt(0))}, which is not allowed`;
  const needsVisible = (schema.minLength ?? 0) > 0;
  if (needsVisible && !new RegExp(displayTextPattern(kind, true)).test(value))
    return 'needs at least one visible character';
  return undefined;
}

/**
 * What is wrong with `value` when `schema` is under the rule and the rule refuses it, in words that follow the
 * field's name; undefined for other schemas and for values the rule accepts. Forms show `${label} ${problem}.`.
 */
export function displayTextError(schema: unknown, value: unknown): string | undefined {
  const kind = displayTextKind(schema);
  if (kind === undefined || typeof value !== 'string') return undefined;
  return displayTextProblem(schema as { minLength?: number }, kind, value);
}

/** A form's message for a text the rule refuses ("Title contains …, which is not allowed."), else undefined. */
export function displayTextMessage(label: string, schema: unknown, value: unknown): string | undefined {
  const problem = displayTextError(schema, value);
  return problem === undefined ? undefined : `${label} ${problem}.`;
}
