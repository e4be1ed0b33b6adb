/**
 * What reviewing a change request reads: its head page tree, its base page tree (the space revision it compares
 * against: the last merged ancestor, else the revision it was created from) and page bodies as markdown.
 *
 * Revisions are immutable, so both trees are cached for good under their revision id (the head's key carries the
 * request's `revision`, which moves with every write); they are the Overview's queries, shared. Bodies are content-addressed: a page's `documentId` names its
 * body, so markdown is cached by document id and never refetched, and a page whose document id is the same on both
 * sides is never fetched at all.
 */
import type { ChangeRequest } from '../../../shared/contract/resources/changeRequests.ts';
import { ApiClientError } from '../../../shared/client.ts';
import { clientFor, jobClientFor } from '../bridge/api.ts';
import { basePagesQuery, changeRequestPagesQuery, mergeBaseOf } from './changeRequests.ts';
import { limiter } from './limiter.ts';

/** The space revision a request is compared against (the agreed merge base). */
export function reviewBaseRevision(changeRequest: ChangeRequest): string {
  return mergeBaseOf(changeRequest);
}

/** The page tree of the request's head revision (the Overview's query: one fetch serves both tabs). */
export function reviewHeadPagesQuery(
  profileId: string,
  orgId: string,
  spaceId: string,
  changeRequest: ChangeRequest,
) {
  return changeRequestPagesQuery(profileId, orgId, spaceId, changeRequest.id, changeRequest.revision);
}

/** The page tree of the request's base revision (the Overview's query too). */
export function reviewBasePagesQuery(profileId: string, spaceId: string, changeRequest: ChangeRequest) {
  return basePagesQuery(profileId, spaceId, mergeBaseOf(changeRequest));
}

/**
 * Where a body is read: the request's head (`revisionId` is the request's `revision`), or a revision of the space.
 * The page is read for a body wanted alone (`BodyRead` `page`) and on APIs without the batch read.
 */
export type BodySource =
  | { kind: 'request'; changeRequestId: string; revisionId: string; pageId: string }
  | { kind: 'revision'; revisionId: string; pageId: string };

/** Thrown when the page read holds another document than the tree said (the request moved on meanwhile). */
export class StaleDocumentError extends Error {
  constructor() {
    super('This page changed while it was loading: reload the changes to see its latest version.');
    this.name = 'StaleDocumentError';
  }
}

/**
 * Markdown by profile and document id. A plain map rather than the query cache: a review reads hundreds of bodies
 * in the background, and a query per body would make every query-cache listener walk them all on each fetch.
 * Reads in flight are shared; failures are not kept; the oldest bodies go once the total passes `MAX_CHARS`.
 */
const MAX_CHARS = 64 * 1024 * 1024;
const bodies = new Map<string, string>();
const reading = new Map<string, Promise<string>>();
let totalChars = 0;

function remember(key: string, markdown: string): void {
  bodies.set(key, markdown);
  totalChars += markdown.length;
  for (const [oldest, body] of bodies) {
    if (totalChars <= MAX_CHARS) break;
    bodies.delete(oldest);
    totalChars -= body.length;
  }
}

/**
 * Reads through pages (APIs without the batch read, GitBook's): the page on screen at once, the background's
 * `PAGE_READS_IN_FLIGHT` at a time and as a long job's calls, so that the main process paces them within the API's
 * rate limit and lets the user's own calls (the page on screen) go first.
 */
const PAGE_READS_IN_FLIGHT = 6;
const pageReadSlots = limiter(PAGE_READS_IN_FLIGHT);

async function readBodyByPage(
  profileId: string,
  spaceId: string,
  documentId: string,
  source: BodySource,
  background: boolean,
): Promise<string> {
  if (!background) return readPage(profileId, spaceId, documentId, source, false);
  return pageReadSlots(() => readPage(profileId, spaceId, documentId, source, true));
}

/** One body read through its page. */
async function readPage(
  profileId: string,
  spaceId: string,
  documentId: string,
  source: BodySource,
  background: boolean,
) {
  const client = background ? jobClientFor(profileId) : clientFor(profileId);
  const query = { format: 'markdown' as const, computed: false };
  const page =
    source.kind === 'request'
      ? await client.call('getPageInChangeRequestById', {
          params: { spaceId, changeRequestId: source.changeRequestId, pageId: source.pageId },
          query,
        })
      : await client.call('getPageInRevisionById', {
          params: { spaceId, revisionId: source.revisionId, pageId: source.pageId },
          query,
        });
  if (page.documentId !== undefined && page.documentId !== documentId) throw new StaleDocumentError();
  return page.markdown ?? '';
}

/**
 * Batched reads: bodies asked for in the same turn of the event loop, of one revision, go out together through
 * `listRevisionDocuments` (up to 100 per request, at most `BATCHES_IN_FLIGHT` requests at once), so a review of 500
 * pages costs about ten requests instead of a thousand (and stays far below the API's rate limit). A batch that
 * fails is read page by page instead; after a 404 (an API without this extension: GitBook's) the profile's bodies
 * are read page by page from then on.
 */
const BATCH_SIZE = 100;
const BATCHES_IN_FLIGHT = 3;

interface Wanted {
  documentId: string;
  source: BodySource;
  background: boolean;
  resolve: (markdown: string) => void;
  reject: (error: unknown) => void;
}

const queued = new Map<string, { profileId: string; spaceId: string; revisionId: string; items: Wanted[] }>();
let flushScheduled = false;
const batchSlots = limiter(BATCHES_IN_FLIGHT);
/** Profiles whose API answered the batch read 404. */
const withoutBatches = new Set<string>();

async function sendBatch(profileId: string, spaceId: string, revisionId: string, items: Wanted[]) {
  try {
    const answer = await batchSlots(() =>
      clientFor(profileId).call('listRevisionDocuments', {
        params: { spaceId, revisionId },
        query: { ids: [...new Set(items.map((item) => item.documentId))].join(',') },
      }),
    );
    const byId = new Map(answer.items.map((item) => [item.id, item.markdown]));
    for (const item of items) {
      const markdown = byId.get(item.documentId);
      if (markdown === undefined) item.reject(new StaleDocumentError());
      else item.resolve(markdown);
    }
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 404) withoutBatches.add(profileId);
    for (const item of items)
      readBodyByPage(profileId, spaceId, item.documentId, item.source, item.background).then(
        item.resolve,
        item.reject,
      );
  }
}

function flush(): void {
  flushScheduled = false;
  const groups = [...queued.values()];
  queued.clear();
  for (const { profileId, spaceId, revisionId, items } of groups)
    for (let i = 0; i < items.length; i += BATCH_SIZE)
      void sendBatch(profileId, spaceId, revisionId, items.slice(i, i + BATCH_SIZE));
}

function readBody(
  profileId: string,
  spaceId: string,
  documentId: string,
  source: BodySource,
  read: BodyRead,
): Promise<string> {
  const background = read === 'background';
  if (read === 'page' || withoutBatches.has(profileId))
    return readBodyByPage(profileId, spaceId, documentId, source, background);
  return new Promise<string>((resolve, reject) => {
    const group = `${profileId}\u0000${spaceId}\u0000${source.revisionId}`;
    let entry = queued.get(group);
    if (entry === undefined) {
      entry = { profileId, spaceId, revisionId: source.revisionId, items: [] };
      queued.set(group, entry);
    }
    entry.items.push({ documentId, source, background, resolve, reject });
    if (!flushScheduled) {
      flushScheduled = true;
      setTimeout(flush, 0);
    }
  });
}

/**
 * How a body is read:
 * - `batch`: with the other bodies asked for in the same turn (see above);
 * - `page`: through its page, at once: a body the user waits for alone (the page on screen), which gains nothing
 *   from a batch of one but would wait for the turn to end and, on an API without the batch read, for the 404
 *   that shows it absent;
 * - `background`: for a long job (every changed page of a review), batched, and after what the user looks at when
 *   read page by page.
 */
export type BodyRead = 'batch' | 'page' | 'background';

/** The markdown of a document (read once); an absent document is an empty body. */
export function loadDocumentMarkdown(
  profileId: string,
  spaceId: string,
  documentId: string | undefined,
  source: BodySource,
  read: BodyRead = 'batch',
): Promise<string> {
  if (documentId === undefined) return Promise.resolve('');
  const key = `${profileId}\u0000${documentId}`;
  const known = bodies.get(key);
  if (known !== undefined) return Promise.resolve(known);
  let pending = reading.get(key);
  if (pending === undefined) {
    pending = readBody(profileId, spaceId, documentId, source, read).then(
      (markdown) => {
        reading.delete(key);
        remember(key, markdown);
        return markdown;
      },
      (error: unknown) => {
        reading.delete(key);
        throw error;
      },
    );
    reading.set(key, pending);
  }
  return pending;
}

/** Whether a document's markdown is at hand (no read needed). */
export function hasDocumentMarkdown(profileId: string, documentId: string | undefined): boolean {
  return documentId === undefined || bodies.has(`${profileId}\u0000${documentId}`);
}
