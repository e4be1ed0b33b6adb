/**
 * The worker-thread half of an OpenAPI processing run (the `openapi.process` task): the source fetched (a URL) or
 * taken (a text), parsed, its references bounded, validated, and answered in canonical form, or a coded failure.
 *
 * Rules:
 * - A fetch goes through the guarded `fetchUrl` under the server's network policy (timeout, size cap, private
 *   addresses refused unless allowed). A timeout is `FETCH_TIMEOUT`; any other fetch failure (unreachable host,
 *   non-2xx answer, too large, too many redirects, a name resolving to a refused address) is `FETCH_ERROR`.
 * - Text that is not UTF-8, not JSON or YAML, or not a valid OpenAPI 3.x / Swagger 2.0 description is
 *   `PARSE_ERROR`; so is a document whose references would expand beyond the limits of references.ts, checked
 *   before the validator sees it.
 * - Content equal to the newest version's (same hash) is not validated again.
 * - A stored text is read here, from the database file, on a read-only connection (a reader never holds writers up).
 */
import { DatabaseSync } from 'node:sqlite';
import { FetchTimeoutError, fetchUrl } from '../../net/fetch-url.ts';
import type { SpecFailure, TaskInput, TaskOutput } from '../../jobs/tasks.ts';
import { SpecParseError, parseSpecText, validateSpecDocument } from './document.ts';
import { checkReferenceExpansion, ReferenceLimitError } from './references.ts';
import { readSourceBytes } from './source-parts.ts';

/** A failure with the code it is recorded under. */
class RunFailure extends Error {
  readonly failure: SpecFailure;
  constructor(failure: SpecFailure) {
    super(failure.message);
    this.failure = failure;
  }
}

const decoder = new TextDecoder('utf-8', { fatal: true });
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function fetchSource(url: string, network: TaskInput<'openapi.process'>['network']): Promise<string> {
  let data: Uint8Array;
  try {
    ({ data } = await fetchUrl(url, {
      field: 'source.url',
      allowPrivateAddresses: network.allowPrivateAddresses,
      ...network.limits,
    }));
  } catch (error) {
    const code = error instanceof FetchTimeoutError ? 'FETCH_TIMEOUT' : 'FETCH_ERROR';
    throw new RunFailure({ code, message: describe(error) });
  }
  try {
    return decoder.decode(data);
  } catch {
    throw new RunFailure({ code: 'PARSE_ERROR', message: 'the content is not UTF-8 text' });
  }
}

/**
 * A stored source text (from its row or its parts), read on a read-only connection of this thread's own, in one
 * read transaction (empty when the spec is gone).
 */
function storedSource({ file, specId }: { file: string; specId: string }): Uint8Array {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    db.exec('BEGIN');
    return readSourceBytes(db, specId) ?? new Uint8Array(0);
  } finally {
    db.close();
  }
}

/** Runs the processing of one source. */
export async function processOpenApiSource(
  input: TaskInput<'openapi.process'>,
): Promise<TaskOutput<'openapi.process'>> {
  try {
    const { source } = input;
    const text =
      'url' in source
        ? await fetchSource(source.url, input.network)
        : new TextDecoder().decode('bytes' in source ? source.bytes : storedSource(source.stored));
    const parsed = parseSpecText(text);
    // Content already stored was validated then: only new content is checked and validated.
    if (parsed.hash !== input.knownHash) {
      checkReferenceExpansion(parsed.document);
      await validateSpecDocument(parsed.document);
    }
    return { json: new TextEncoder().encode(parsed.json), hash: parsed.hash, format: parsed.format };
  } catch (error) {
    if (error instanceof RunFailure) return { failure: error.failure };
    if (error instanceof SpecParseError || error instanceof ReferenceLimitError)
      return { failure: { code: 'PARSE_ERROR', message: error.message } };
    // The parsers' own failures on pathological input (a stack overflow on deep nesting, a parser bug).
    return { failure: { code: 'PARSE_ERROR', message: `the document cannot be read: ${describe(error)}` } };
  }
}
