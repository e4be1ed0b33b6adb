/**
 * One processing run of an OpenAPI specification: `pending` → `progress` → `complete`, with the source fetched (a
 * URL) or read (a text), parsed, validated and stored as a new version when its content changed.
 *
 * Rules:
 * - A fetch goes through the guarded `fetchUrl` under the server's network policy (timeout, size cap, private
 *   addresses refused unless allowed). A timeout is `FETCH_TIMEOUT`; any other fetch failure (unreachable host,
 *   non-2xx answer, too large, too many redirects, a name resolving to a refused address) is `FETCH_ERROR`.
 * - Text that is not UTF-8, not JSON or YAML, or not a valid OpenAPI 3.x / Swagger 2.0 description is
 *   `PARSE_ERROR`. A failure keeps the versions: the last good one stays the latest.
 * - Content equal to the newest version's (same hash) is not validated again and adds no version.
 * - The run works on the source it started with (`source_serial`): when the source was replaced meanwhile, or the
 *   spec deleted, its result is dropped (the queue runs the spec again for the new source).
 */
import type { OpenAPIProcessingErrorCode } from '../../../shared/contract/resources/openapi.ts';
import type { Services } from '../../http/context.ts';
import { FetchTimeoutError, fetchUrl } from '../../net/fetch-url.ts';
import { SpecParseError, parseSpecText, validateSpecDocument } from './document.ts';
import { latestVersion, markInProgress, recordFailed, recordProcessed, specById } from './records.ts';

/** A failure of a run, with the code it is recorded under. */
class RunFailure extends Error {
  readonly code: OpenAPIProcessingErrorCode;
  constructor(code: OpenAPIProcessingErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

const decoder = new TextDecoder('utf-8', { fatal: true });

async function fetchSource(services: Services, url: string): Promise<string> {
  let data: Uint8Array;
  try {
    ({ data } = await fetchUrl(url, {
      field: 'source.url',
      allowPrivateAddresses: services.network.allowPrivateAddresses,
      ...services.network.limits,
    }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof FetchTimeoutError) throw new RunFailure('FETCH_TIMEOUT', message);
    throw new RunFailure('FETCH_ERROR', message);
  }
  try {
    return decoder.decode(data);
  } catch {
    throw new RunFailure('PARSE_ERROR', 'the content is not UTF-8 text');
  }
}

/** Parses and validates the text; answers the parsed form, or throws a `RunFailure` with `PARSE_ERROR`. */
async function readSource(text: string, knownHash: string | undefined) {
  try {
    const parsed = parseSpecText(text);
    // Content already stored was validated then: only new content is validated.
    if (parsed.hash !== knownHash) await validateSpecDocument(parsed.document);
    return parsed;
  } catch (error) {
    if (error instanceof SpecParseError) throw new RunFailure('PARSE_ERROR', error.message);
    // The parsers' own failures on pathological input (a stack overflow on deep nesting, a parser bug).
    throw new RunFailure(
      'PARSE_ERROR',
      `the document cannot be read: ${(error as Error).message ?? String(error)}`,
    );
  }
}

/** Runs the processing of one specification. Unexpected errors (a closed database) propagate to the queue. */
export async function processOpenApiSpec(services: Services, specId: string): Promise<void> {
  const { db, clock } = services;
  const spec = specById(db, specId);
  if (!spec || spec.processing_state === 'complete') return;
  const serial = spec.source_serial;
  if (!markInProgress(db, specId, serial)) return;
  try {
    const text =
      spec.source_url !== null ? await fetchSource(services, spec.source_url) : (spec.source_text ?? '');
    const parsed = await readSource(text, latestVersion(db, specId)?.content_hash);
    recordProcessed(db, clock.now(), specId, serial, parsed, spec.source_url);
  } catch (error) {
    if (!(error instanceof RunFailure)) throw error;
    recordFailed(db, clock.now(), specId, serial, error.code, error.message);
  }
}
