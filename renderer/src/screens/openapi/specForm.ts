/**
 * The "Add OpenAPI spec" and "Update source" dialog's rules, checked before sending, and how a spec's processing
 * state reads. Pure, so that the tests cover them.
 *
 * Rules:
 * - The slug follows the contract's `OpenAPISpecSlug` (lower-case letters and digits in groups joined by single
 *   dashes, at most 100 characters); a file's name suggests one while the slug is empty.
 * - A URL source is an absolute http or https URL of at most 2,048 characters; a text source is not blank.
 * - A file or a text is at most 16 MB (the API's body limit for this operation): a larger file is refused before
 *   it is read.
 * - The server's refusal goes to the field it names: `slug` (a taken slug is a 409), `source.url`, `source.text`;
 *   anything else is shown above the dialog's buttons.
 */
import type { Static } from '@sinclair/typebox';
import type {
  OpenAPISpec,
  OpenAPISpecSource,
  OpenAPIProcessingErrorCode,
} from '../../../../shared/contract/resources/openapi.ts';
import { OpenAPISpecSlug } from '../../../../shared/contract/resources/openapi.ts';

/** The most bytes a spec's text may have (the API's body limit for creating or replacing a spec). */
export const MAX_SOURCE_BYTES = 16 * 1024 * 1024;

const SLUG_PATTERN = new RegExp(OpenAPISpecSlug.pattern ?? '^[a-z0-9]+(?:-[a-z0-9]+)*$');
const SLUG_MAX = OpenAPISpecSlug.maxLength ?? 100;
const URL_MAX = 2048;

/** What is wrong with a slug, or `undefined`. */
export function slugProblem(slug: string): string | undefined {
  if (slug === '') return 'Give the spec a slug, e.g. “petstore”.';
  if (slug.length > SLUG_MAX) return `A slug has at most ${SLUG_MAX} characters.`;
  if (!SLUG_PATTERN.test(slug))
    return 'Use lower-case letters and digits, in groups joined by single dashes (e.g. “acme-api-v2”).';
  return undefined;
}

/** A slug suggested by a file's name: `Pet Store (v2).yaml` → `pet-store-v2`. */
export function slugFromFileName(name: string): string {
  return name
    .replace(/\.(json|ya?ml)$/i, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

/** A size in MB with one decimal. */
const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** Why a file of this size cannot be sent, or `undefined`. */
export function fileSizeProblem(bytes: number): string | undefined {
  return bytes > MAX_SOURCE_BYTES
    ? `This file is ${megabytes(bytes)}: a spec can be at most ${megabytes(MAX_SOURCE_BYTES)} (16 MB).`
    : undefined;
}

/** The bytes of a text in UTF-8. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes;
}

/** Where the dialog takes the spec from. */
export type SourceKind = 'url' | 'file' | 'text';

/** What the dialog holds. */
export interface SourceValues {
  kind: SourceKind;
  url: string;
  /** The text of the chosen file, once read. */
  fileText: string | undefined;
  text: string;
}

/** The field a problem belongs to. */
export type SpecField = 'slug' | 'url' | 'file' | 'text';

/** The source to send, or what is wrong with it (naming its field). */
export function sourceOf(
  values: SourceValues,
): { ok: true; source: Static<typeof OpenAPISpecSource> } | { ok: false; field: SpecField; message: string } {
  if (values.kind === 'url') {
    const url = values.url.trim();
    if (url === '') return { ok: false, field: 'url', message: 'Enter the URL the spec is fetched from.' };
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (
      parsed === undefined ||
      (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') ||
      parsed.host === ''
    )
      return { ok: false, field: 'url', message: 'Enter an absolute http or https URL.' };
    if (url.length > URL_MAX)
      return { ok: false, field: 'url', message: `A URL has at most ${URL_MAX} characters.` };
    return { ok: true, source: { url } };
  }
  const field = values.kind;
  const text = values.kind === 'file' ? values.fileText : values.text;
  if (text === undefined) return { ok: false, field, message: 'Choose or drop a JSON or YAML file.' };
  if (text.trim() === '')
    return {
      ok: false,
      field,
      message: field === 'file' ? 'This file is empty.' : 'Paste the spec, as JSON or YAML.',
    };
  const size = utf8Length(text);
  if (size > MAX_SOURCE_BYTES) {
    return {
      ok: false,
      field,
      message: `This text is ${megabytes(size)}: a spec can be at most ${megabytes(MAX_SOURCE_BYTES)} (16 MB).`,
    };
  }
  return { ok: true, source: { text } };
}

/** The field a server refusal names, from its status and message (`undefined`: the whole form). */
export function fieldOfRefusal(
  status: number | undefined,
  message: string,
  kind: SourceKind,
): SpecField | undefined {
  if (status === 409 || /`slug`/.test(message)) return 'slug';
  if (/`source\.url`/.test(message)) return 'url';
  if (/`source(\.text)?`/.test(message)) return kind;
  return undefined;
}

/** How a spec's processing reads in the list. */
export interface SpecState {
  kind: 'pending' | 'progress' | 'ready' | 'failed';
  label: string;
  code?: OpenAPIProcessingErrorCode;
  message?: string;
}

/** The state of a spec: pending, processing, ready, or failed (with its code and message). */
export function specState(spec: OpenAPISpec): SpecState {
  if (spec.processingState === 'pending') return { kind: 'pending', label: 'Pending' };
  if (spec.processingState === 'progress') return { kind: 'progress', label: 'Processing…' };
  if (spec.lastProcessErrorCode !== undefined) {
    const message = spec.lastProcessedErrors?.[0]?.message;
    return {
      kind: 'failed',
      label: 'Failed',
      code: spec.lastProcessErrorCode,
      ...(message !== undefined ? { message } : {}),
    };
  }
  return { kind: 'ready', label: 'Ready' };
}

/** Whether some spec is still being processed (the list refreshes while it is). */
export const someProcessing = (specs: readonly OpenAPISpec[] | undefined) =>
  specs?.some((spec) => spec.processingState !== 'complete') ?? false;
