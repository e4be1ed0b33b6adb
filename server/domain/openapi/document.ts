/**
 * Reading an OpenAPI document: the text parsed (JSON or YAML) once, checked for its kind (OpenAPI 3.x or Swagger
 * 2.0), put in canonical form (compact JSON and its SHA-256), then validated with a maintained parser
 * (`@apidevtools/swagger-parser`).
 *
 * Rules:
 * - Text that starts with `{` is read as JSON first (fast, and the common form of large documents); anything else,
 *   or JSON that does not parse, is read as YAML (JSON is YAML too). YAML is read with at most 100 aliases (a
 *   "billion laughs" document is refused, not expanded), one document per text, unique keys.
 * - The document must be an object with a string `openapi` (3.x) or `swagger` (2.0) field.
 * - Validation never leaves the process: external `$ref`s are not resolved (no network, no file), only internal
 *   ones (`#/...`), which must point somewhere. The parser dereferences the object it validates in place: it gets
 *   the parsed object only after the canonical JSON was taken, so what is stored is the document as written.
 * - Every failure is a `SpecParseError` whose message says what is wrong (at most 1,000 characters).
 */
import { createHash } from 'node:crypto';
import type SwaggerParser from '@apidevtools/swagger-parser';
import { parse as parseYaml } from 'yaml';

/** A document that could not be read or is not a valid OpenAPI or Swagger description. */
export class SpecParseError extends Error {
  constructor(message: string) {
    super(message.length > 1000 ? `${message.slice(0, 999)}…` : message);
    this.name = 'SpecParseError';
  }
}

/** A parsed document in canonical form. */
export interface ParsedSpec {
  /** The parsed document: handed to `validateSpecDocument`, which may change it. */
  document: Record<string, unknown>;
  /** The document as compact JSON, what a version stores. */
  json: string;
  /** SHA-256 of `json`, hex. */
  hash: string;
  format: 'json' | 'yaml';
}

/** Most YAML aliases a document may use: real descriptions use a few; a YAML bomb uses millions. */
const MAX_YAML_ALIASES = 100;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

function parseText(text: string): { value: unknown; format: 'json' | 'yaml' } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let jsonError: unknown;
  if (body.trimStart().startsWith('{')) {
    try {
      return { value: JSON.parse(body), format: 'json' };
    } catch (error) {
      jsonError = error;
    }
  }
  try {
    return {
      value: parseYaml(body, { maxAliasCount: MAX_YAML_ALIASES, prettyErrors: true }),
      format: 'yaml',
    };
  } catch (error) {
    throw new SpecParseError(
      jsonError !== undefined
        ? `the text is not valid JSON: ${describe(jsonError)}`
        : `the text is not valid YAML or JSON: ${describe(error)}`,
    );
  }
}

/** Parses the text and puts it in canonical form, or throws a `SpecParseError`. */
export function parseSpecText(text: string): ParsedSpec {
  if (text.trim() === '') throw new SpecParseError('the document is empty');
  const { value, format } = parseText(text);
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new SpecParseError('the document is not an object: an OpenAPI description is a map of fields');
  const document = value as Record<string, unknown>;
  if (typeof document.openapi === 'string') {
    if (!/^3\.\d+(\.\d+)?$/.test(document.openapi))
      throw new SpecParseError(
        `\`openapi\` is \`${document.openapi.slice(0, 40)}\`: only OpenAPI 3.x descriptions are read`,
      );
  } else if (document.swagger !== undefined) {
    if (document.swagger !== '2.0')
      throw new SpecParseError(
        typeof document.swagger === 'number'
          ? `\`swagger\` is the number ${document.swagger}: write it as the string "2.0" (quoted, in YAML)`
          : `\`swagger\` is \`${String(document.swagger).slice(0, 40)}\`: only Swagger 2.0 is read`,
      );
  } else {
    throw new SpecParseError(
      'the document is neither an OpenAPI 3.x description (no `openapi` field) nor a Swagger 2.0 one (no `swagger` field)',
    );
  }
  let json: string;
  try {
    json = JSON.stringify(document);
  } catch (error) {
    // A document nested deeper than the stack allows.
    throw new SpecParseError(`the document cannot be stored: ${describe(error)}`);
  }
  const hash = createHash('sha256').update(json).digest('hex');
  return { document, json, hash, format };
}

/** Options of the validation: internal references only, no resolver that could reach the network or the disk. */
const VALIDATION_OPTIONS: SwaggerParser.Options = {
  resolve: { external: false, file: false, http: false },
  dereference: { circular: 'ignore' },
};

/**
 * Validates a parsed document as OpenAPI 3.x or Swagger 2.0, or throws a `SpecParseError`. The object is changed
 * (its internal references are replaced by what they point at): pass `ParsedSpec.document` once its JSON is taken.
 */
export async function validateSpecDocument(document: Record<string, unknown>): Promise<void> {
  // Loaded on first use (a worker thread's task): with its schemas and YAML reader, about 0.5 MB of modules that the
  // server's start (the demo's seed parses its specs here) does not need.
  const { default: parser } = await import('@apidevtools/swagger-parser');
  try {
    await parser.validate(document as never, VALIDATION_OPTIONS);
  } catch (error) {
    throw new SpecParseError(`the document is not a valid OpenAPI description: ${describe(error).trim()}`);
  }
}
