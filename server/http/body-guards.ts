/**
 * Guards that run before a request body is parsed, so that parsing costs only callers who may send it, and never
 * more than a linear scan of the text.
 *
 * Rules:
 * - JSON bodies nest at most `MAX_BODY_NESTING` levels of arrays and objects; deeper is a 400 naming the body. The
 *   bytes are scanned as they arrive (no recursion, no decoding, no parse), and reading stops at the first byte too
 *   deep: the answer closes the connection, the rest of the body is never read (json-body.ts).
 * - An operation with a body whose path starts from an organization, a space or a collection first checks, after
 *   authentication and before the body is read, that the caller can reach it: a caller who is not a member gets
 *   the same 404 the handler would answer, without the body being parsed. The path parameters are checked against
 *   the operation's schema first; malformed ones are left to the validation's 400.
 */
import type { Operation } from '../../shared/contract/index.ts';
import { loadOrgAccess, loadOrgAccessIn } from '../domain/access.ts';
import { resolveCollectionAccess, resolveCollectionAccessIn } from '../domain/collections/access.ts';
import { resolveSpaceAccess, resolveSpaceAccessIn } from '../domain/spaces/access.ts';
import type { Database } from '../storage/database.ts';
import type { Statements } from '../storage/store/store.ts';
import type { Actor } from './context.ts';
import { lazyValidator, textAjv } from './validation.ts';

/** Most levels of arrays and objects a request body may nest. */
export const MAX_BODY_NESTING = 128;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * A scanner of a JSON body's nesting, fed chunk by chunk as the bytes arrive: it answers true as soon as arrays and
 * objects nest deeper than `limit` (strings are skipped; the JSON is not checked). It reads bytes, before any
 * decoding: the bytes of a multi-byte UTF-8 character are all 0x80 or more, so none of them reads as a quote, a
 * backslash or a bracket.
 */
export function nestingScanner(limit: number): (chunk: Uint8Array) => boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  return (chunk) => {
    for (let i = 0; i < chunk.length; i++) {
      const code = chunk[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (code === BACKSLASH) escaped = true;
        else if (code === QUOTE) inString = false;
      } else if (code === QUOTE) inString = true;
      else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
        if (++depth > limit) return true;
      } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) depth--;
    }
    return false;
  };
}

/** Whether a whole JSON body nests deeper than `limit` (see `nestingScanner`). */
export const nestsDeeperThan = (bytes: Uint8Array, limit: number): boolean => nestingScanner(limit)(bytes);

type Gate = (db: Database, params: Record<string, string>, actor: Actor) => void;
type StoreGate = (store: Statements, params: Record<string, string>, actor: Actor) => Promise<void>;

/**
 * The check an operation runs before its body is parsed (see the rules), or undefined for operations without a
 * body or whose path starts from nothing a caller must belong to.
 */
export function accessGate(operation: Operation): Gate | undefined {
  const gated = gatedParam(operation);
  if (!gated) return undefined;
  const { param, validParams } = gated;
  return (db, params, actor) => {
    const id = params[param];
    if (id === undefined || !validParams(params)) return;
    // The reads are kept for the handler, which makes the same ones first (unless something was written since).
    if (param === 'organizationId') loadOrgAccess(db, id, actor.userId, true);
    else if (param === 'spaceId') resolveSpaceAccess(db, id, actor, { deleted: 'allow', keep: true });
    else resolveCollectionAccess(db, id, actor);
  };
}

/**
 * As `accessGate`, read through the store (a store other than SQLite's, which has no synchronous `Database`): the
 * same 404 before the body is read. Nothing is kept for the handler (the converted handlers read what authorizes
 * them again, in their transaction for a write).
 */
export function storeAccessGate(operation: Operation): StoreGate | undefined {
  const gated = gatedParam(operation);
  if (!gated) return undefined;
  const { param, validParams } = gated;
  return async (store, params, actor) => {
    const id = params[param];
    if (id === undefined || !validParams(params)) return;
    if (param === 'organizationId') await loadOrgAccessIn(store, id, actor.userId);
    else if (param === 'spaceId') await resolveSpaceAccessIn(store, id, actor, { deleted: 'allow' });
    else await resolveCollectionAccessIn(store, id, actor);
  };
}

/** The path parameter a gated operation starts from, and its parameters' check; undefined for others. */
function gatedParam(operation: Operation) {
  if (!operation.body) return undefined;
  const first = /^\/v1\/(orgs|spaces|collections)\/\{(organizationId|spaceId|collectionId)\}/.exec(
    operation.path,
  );
  if (!first) return undefined;
  return {
    param: first[2] as 'organizationId' | 'spaceId' | 'collectionId',
    validParams: lazyValidator(textAjv, operation.params),
  };
}
