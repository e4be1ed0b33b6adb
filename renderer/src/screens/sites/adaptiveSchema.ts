/**
 * The adaptive schema editor's model: the claims as a list (name, description, signed or not) and the contract's
 * JSON schema, converted both ways, with the checks made before sending (identifier names, no repeats, the
 * contract's bounds) and the raw JSON text parsed with messages that say what is wrong.
 */
import type { Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { displayTextMessage } from '../../../../shared/contract/display-text.ts';
import { AdaptiveClaim, SiteAdaptiveJSONSchema } from '../../../../shared/contract/resources/sites.ts';

/** The JSON schema of the visitor claims. */
export type AdaptiveJsonSchema = Static<typeof SiteAdaptiveJSONSchema>;

/** One claim of the editable list. */
export interface Claim {
  name: string;
  description: string;
  /** Unsigned claims come from the visitor's browser (`visitor.claims.unsigned.<name>`), not from a signed token. */
  unsigned: boolean;
}

/** A claim name the conditions can read: a letter or `_`, then letters, digits or `_`. */
export const CLAIM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const NAME_MAX = 256;
const DESCRIPTION_MAX = 1024;

/** The list of claims of a schema: signed ones first, then unsigned ones, each in the schema's order. */
export function claimsOf(schema: AdaptiveJsonSchema): Claim[] {
  const claims: Claim[] = [];
  const { unsigned, ...signed } = schema.properties;
  // The contract types the signed claims as `additionalProperties`, which `Static` leaves out.
  for (const [name, claim] of Object.entries(signed as Record<string, Static<typeof AdaptiveClaim>>)) {
    claims.push({ name, description: claim.description, unsigned: false });
  }
  for (const [name, claim] of Object.entries(unsigned?.properties ?? {}))
    claims.push({ name, description: claim.description, unsigned: true });
  return claims;
}

/** The schema of a list of claims (names trimmed); the `unsigned` object only when there are unsigned claims. */
export function schemaOf(claims: readonly Claim[]): AdaptiveJsonSchema {
  const signed: Record<string, { type: 'boolean'; description: string }> = {};
  const unsigned: Record<string, { type: 'boolean'; description: string }> = {};
  for (const claim of claims) {
    const entry = { type: 'boolean' as const, description: claim.description };
    (claim.unsigned ? unsigned : signed)[claim.name.trim()] = entry;
  }
  const properties: AdaptiveJsonSchema['properties'] = { ...signed };
  if (Object.keys(unsigned).length > 0)
    properties.unsigned = { type: 'object', properties: unsigned, additionalProperties: false };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties,
    additionalProperties: false,
  };
}

/** The problems of one claim of the list, by field. */
export interface ClaimErrors {
  name?: string;
  description?: string;
}

/** Checks the list: one entry per claim (empty when fine). */
export function validateClaims(claims: readonly Claim[]): ClaimErrors[] {
  const seen = new Set<string>();
  return claims.map((claim) => {
    const errors: ClaimErrors = {};
    const name = claim.name.trim();
    const key = `${claim.unsigned ? 'unsigned.' : ''}${name}`;
    if (name === '') errors.name = 'Name the claim.';
    else if (name.length > NAME_MAX) errors.name = `A claim name can have at most ${NAME_MAX} characters.`;
    else if (!CLAIM_NAME.test(name))
      errors.name = `“${name}” is not a claim name: use letters, digits and _, starting with a letter or _.`;
    else if (!claim.unsigned && name === 'unsigned')
      errors.name = '“unsigned” is reserved for the unsigned claims: pick another name.';
    else if (seen.has(key))
      errors.name = `“${name}” is declared twice${claim.unsigned ? ' among the unsigned claims' : ''}.`;
    seen.add(key);
    const refused = displayTextMessage(
      'The description',
      AdaptiveClaim.properties.description,
      claim.description,
    );
    if (claim.description.length > DESCRIPTION_MAX)
      errors.description = `A description can have at most ${DESCRIPTION_MAX} characters.`;
    else if (refused !== undefined) errors.description = refused;
    return errors;
  });
}

/** Whether a list check found anything. */
export function hasClaimErrors(errors: readonly ClaimErrors[]): boolean {
  return errors.some((entry) => entry.name !== undefined || entry.description !== undefined);
}

/** The schema as the raw view shows it. */
export function schemaText(schema: AdaptiveJsonSchema): string {
  return JSON.stringify(schema, null, 2);
}

/** What the raw text gives: the claims, or what is wrong with it. */
export type RawParse = { ok: true; claims: Claim[] } | { ok: false; message: string };

/** Parses the raw JSON view, checking it against the contract (booleans only, no other keys). */
export function parseSchemaText(text: string): RawParse {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      message: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const first = Value.Errors(SiteAdaptiveJSONSchema, json).First();
  if (first !== undefined) {
    const where = first.path === '' ? 'the schema' : `\`${first.path.slice(1).replaceAll('/', '.')}\``;
    const booleanHint = /\/properties\/[^/]+\/type$/.test(first.path) ? ' (claims are booleans only)' : '';
    return { ok: false, message: `${where}: ${first.message}${booleanHint}.` };
  }
  const claims = claimsOf(json as AdaptiveJsonSchema);
  const errors = validateClaims(claims);
  const bad = errors.findIndex((entry) => entry.name !== undefined || entry.description !== undefined);
  if (bad >= 0) {
    const entry = errors[bad]!;
    return { ok: false, message: entry.name ?? entry.description ?? 'A claim is not valid.' };
  }
  return { ok: true, claims };
}

/** Whether two lists declare the same claims (same names, descriptions and kinds, in the same order). */
export function sameClaims(a: readonly Claim[], b: readonly Claim[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (claim, index) =>
        claim.name.trim() === b[index]!.name.trim() &&
        claim.description === b[index]!.description &&
        claim.unsigned === b[index]!.unsigned,
    )
  );
}
