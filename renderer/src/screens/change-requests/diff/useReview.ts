/**
 * The Changes tab's data: both page trees and their classification, the diff of the page on screen, and the line
 * counts of every changed page, computed in the background. Performance marks the benchmark reads:
 * `review:changes-data` (both trees in and the changed pages known), measures `review:all-diffs` (the batch of every
 * changed page posted to the worker → all its results back) and `review:all-diffs-worker` (the worker's own time).
 *
 * Rules:
 * - A page whose body did not change (same document id on both sides) is never fetched nor diffed.
 * - The page on screen is fetched and diffed first, ahead of the background work: its two bodies are read through
 *   their pages at once (not batched), as soon as the trees are classified (before the tree renders); the worker
 *   warms up its diff and the markdown renderer while the trees load (`warmup.ts`), and makes the blocks' HTML
 *   (`blockHtml.ts`): this thread only sanitizes it.
 * - The background reads bodies 6 at a time, then posts one batch; counts arrive in slices; progress renders at
 *   most every 200 ms, so hundreds of pages never mean hundreds of renders.
 */
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ChangeRequest } from '../../../../../shared/contract/resources/changeRequests.ts';
import type { Page } from '../../../../../shared/contract/resources/revisions.ts';
import { keys } from '../../../queries/keys.ts';
import { limiter } from '../../../queries/limiter.ts';
import {
  loadDocumentMarkdown,
  reviewBasePagesQuery,
  reviewBaseRevision,
  reviewHeadPagesQuery,
  type BodyRead,
} from '../../../queries/review.ts';
import { buildReviewTree, type PageChange, type ReviewNode, type ReviewTree } from './classify.ts';
import { diffClient } from './diffClient.ts';
import type { DiffInput, DiffStats, PageDiff } from './types.ts';

/** Which request is reviewed, by whom. */
export interface ReviewContext {
  profileId: string;
  orgId: string;
  spaceId: string;
  changeRequest: ChangeRequest;
}

/**
 * How many bodies the background asks for at once: they go out in batches of 100 per request (see
 * queries/review.ts), so this bounds the memory of reads in flight rather than the requests.
 */
const READ_CONCURRENCY = 400;
const PROGRESS_EVERY_MS = 200;

/** The key of a page's diff: its two document ids (immutable, so the diff is too), per profile. */
export function diffKey(profileId: string, change: PageChange): string {
  return `${profileId}:${change.base?.documentId ?? '-'}>${change.head?.documentId ?? '-'}`;
}

/** Line counts known so far, by diff key (kept across visits of the tab: they never change for a key). */
const knownStats = new Map<string, DiffStats>();

/** Reads one side of a changed page (empty where the page is absent or has no body). */
function loadSide(
  context: ReviewContext,
  change: PageChange,
  side: 'base' | 'head',
  read: BodyRead,
): Promise<string> {
  const { profileId, spaceId, changeRequest } = context;
  const page = change[side];
  if (page === undefined) return Promise.resolve('');
  return loadDocumentMarkdown(
    profileId,
    spaceId,
    page.documentId,
    side === 'base'
      ? { kind: 'revision', revisionId: reviewBaseRevision(changeRequest), pageId: change.id }
      : {
          kind: 'request',
          changeRequestId: changeRequest.id,
          revisionId: changeRequest.revision,
          pageId: change.id,
        },
    read,
  );
}

/**
 * Both trees and the union tree with each page's change. `shownPageId` is the page the tab will show (the URL's), if
 * any: as soon as the trees are classified, the diff of the page that will be on screen starts (its two bodies read,
 * then the worker), while the tree renders, instead of after it.
 */
export function useReviewTree(
  context: ReviewContext,
  shownPageId?: string,
  /** Called with the page the tab will show (unless deleted), once known, after its diff's reads have started. */
  onFirstPage?: (pageId: string) => void,
) {
  const { profileId, orgId, spaceId, changeRequest } = context;
  const queryClient = useQueryClient();
  // Start the worker while the trees load: the first diff does not pay for compiling it and the markdown renderer
  // (the worker warms both up, off this thread, and makes the page's blocks' HTML).
  useEffect(() => {
    diffClient();
  }, []);
  const head = useQuery(reviewHeadPagesQuery(profileId, orgId, spaceId, changeRequest));
  const base = useQuery(reviewBasePagesQuery(profileId, spaceId, changeRequest));
  // The latest context and page shown, for the first page's reads (the memo runs again only when a tree changes).
  const contextRef = useRef(context);
  const shownRef = useRef(shownPageId);
  const onFirstRef = useRef(onFirstPage);
  useEffect(() => {
    contextRef.current = context;
    shownRef.current = shownPageId;
    onFirstRef.current = onFirstPage;
  });
  const tree = useMemo(() => {
    if (head.data === undefined || base.data === undefined) return undefined;
    // Built already when the app opened on the tab (`../firstDiff.ts`, as soon as both trees were read).
    const built = reviewTreeOf(base.data, head.data);
    // The page on screen's diff, started now (a prefetch: the same query `usePageDiff` reads, deduplicated by key).
    const first = startPageDiff(queryClient, contextRef.current, built, shownRef.current);
    if (first !== undefined && first.change?.kinds.includes('deleted') !== true)
      onFirstRef.current?.(first.id);
    return built;
  }, [head.data, base.data, queryClient]);
  const { refetch: refetchHead } = head;
  const { refetch: refetchBase } = base;
  const retry = useCallback(() => {
    void refetchHead();
    void refetchBase();
  }, [refetchHead, refetchBase]);
  return { tree, error: head.error ?? base.error ?? undefined, retry };
}

/** Review trees by their base and head page lists (the trees' query data, which keeps its identity). */
const builtTrees = new WeakMap<readonly Page[], { head: readonly Page[]; tree: ReviewTree }>();

/** The review tree of two page trees, built once per pair of lists. */
export function reviewTreeOf(base: readonly Page[], head: readonly Page[]): ReviewTree {
  const known = builtTrees.get(base);
  if (known?.head === head) return known.tree;
  const tree = buildReviewTree(base, head);
  // The agreed mark: both trees loaded and the changed pages known (before the tree renders).
  performance.mark('review:changes-data');
  builtTrees.set(base, { head, tree });
  return tree;
}

/**
 * Starts the diff of the page the tab shows first (`shownPageId`, else the first changed page), unless its body
 * did not change; answers that page's node.
 */
export function startPageDiff(
  queryClient: QueryClient,
  context: ReviewContext,
  tree: ReviewTree,
  shownPageId: string | undefined,
): ReviewNode | undefined {
  const first = tree.nodes.get(
    shownPageId !== undefined && tree.nodes.has(shownPageId) ? shownPageId : (tree.changed[0] ?? ''),
  );
  if (first?.change?.bodyChanged === true)
    void queryClient.prefetchQuery(pageDiffQuery(context, first.change));
  return first;
}

/** The query of one page's diff: both bodies read through their pages at once, then diffed by the worker. */
function pageDiffQuery(context: ReviewContext, change: PageChange | undefined) {
  const { profileId, orgId, spaceId } = context;
  const key = change === undefined ? '' : diffKey(profileId, change);
  return queryOptions({
    queryKey: keys.derived(keys.org(profileId, orgId), 'pageDiff', { spaceId, change: key }),
    queryFn: async (): Promise<PageDiff> => {
      const [base, head] = await Promise.all([
        loadSide(context, change!, 'base', 'page'),
        loadSide(context, change!, 'head', 'page'),
      ]);
      const diff = await diffClient().diff({ key, base, head });
      knownStats.set(key, diff.stats);
      return diff;
    },
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  });
}

/** The diff of one page (undefined `change`, or a page whose body did not change: nothing to compute). */
export function usePageDiff(context: ReviewContext, change: PageChange | undefined) {
  return useQuery({ ...pageDiffQuery(context, change), enabled: change !== undefined && change.bodyChanged });
}

/** Progress of the background diffs. */
export interface StatsProgress {
  /** Changed pages with a body to diff. */
  total: number;
  /** Pages whose counts are known. */
  done: number;
  /** Pages whose bodies could not be read. */
  failed: number;
  /** Pages whose two bodies are read (the diffs are computed once all are). */
  read: number;
}

/** The line counts of every changed page, by page id, filled in the background. */
export function useAllDiffStats(context: ReviewContext, tree: ReviewTree | undefined) {
  const { profileId } = context;
  const [version, setVersion] = useState(0);
  const [failed, setFailed] = useState(0);
  const [readCount, setReadCount] = useState(0);
  // The latest context, for reads started by the effect (the effect restarts only when the changes do).
  const contextRef = useRef(context);
  useEffect(() => {
    contextRef.current = context;
  });

  const changes = useMemo(
    () =>
      tree === undefined
        ? []
        : tree.changed.map((id) => tree.nodes.get(id)!.change!).filter((change) => change.bodyChanged),
    [tree],
  );

  useEffect(() => {
    const missing = changes.filter((change) => !knownStats.has(diffKey(profileId, change)));
    if (missing.length === 0) return;
    let cancelled = false;
    let failures = 0;
    let reads = changes.length - missing.length;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Only new line counts make new `stats` (and the tree's rows render again); reads only move the progress line.
    let counted = false;
    const render = (newCounts = false) => {
      counted ||= newCounts;
      if (cancelled || timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        if (cancelled) return;
        if (counted) setVersion((value) => value + 1);
        counted = false;
        setFailed(failures);
        setReadCount(reads);
      }, PROGRESS_EVERY_MS);
    };
    const limit = limiter(READ_CONCURRENCY);
    const read = (task: () => Promise<string>) => limit(task);
    const inputs: (DiffInput | undefined)[] = new Array<DiffInput | undefined>(missing.length);

    void Promise.all(
      missing.map(async (change, index) => {
        const key = diffKey(profileId, change);
        try {
          // Each side takes its own slot (an edited page reads two bodies).
          const [base, head] = await Promise.all([
            read(() => loadSide(contextRef.current, change, 'base', 'background')),
            read(() => loadSide(contextRef.current, change, 'head', 'background')),
          ]);
          inputs[index] = { key, base, head };
          reads++;
          render();
        } catch {
          failures++;
          render();
        }
      }),
    ).then(async () => {
      if (cancelled) return;
      const batch = inputs.filter((input): input is DiffInput => input !== undefined);
      if (batch.length === 0) return;
      const start = performance.now();
      const result = await diffClient().batch(batch, (stats) => {
        for (const entry of stats) knownStats.set(entry.key, entry.stats);
        render(true);
      });
      const end = performance.now();
      performance.measure('review:all-diffs', { start, end });
      performance.measure('review:all-diffs-worker', { start, duration: result.workerMs });
      render(true);
    });
    return () => {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [changes, profileId, contextRef]);

  const stats = useMemo(() => {
    const byPage = new Map<string, DiffStats>();
    for (const change of changes) {
      const known = knownStats.get(diffKey(profileId, change));
      if (known !== undefined) byPage.set(change.id, known);
    }
    return byPage;
    // `version` marks new counts in `knownStats`.
  }, [changes, profileId, version]);

  const progress: StatsProgress = { total: changes.length, done: stats.size, failed, read: readCount };
  return { stats, progress };
}
