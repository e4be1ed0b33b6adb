/**
 * The merge check computed in the app, for APIs without `checkChangeRequestMerge` (GitBook): from the three
 * revisions GitBook lets anyone read, the request's merge base, the space's revision (main) and the request's head.
 * It follows the server's three-way merge (`server/domain/change-requests/merge.ts`) page by page, by id, with its
 * words, in a lighter form that finds conflicts only (it builds no merged tree):
 * - `edited-deleted`: one side removed a page of the base the other side edited (body or a field);
 * - `metadata`: both sides changed one field (title, slug, emoji, icon, description, hidden…) differently;
 * - `structure`: both sides moved a page under different parents;
 * - `content`: both sides changed the body, and their line changes overlap (diff3, as the server).
 * Only bodies changed on both sides are read, and nothing at all while the request is not outdated (no conflict is
 * possible then). Order of siblings, and the subtler structure cases (a move into a page the other side deleted, a
 * cycle), are left to the API's own answer when the merge is tried.
 */
import { queryOptions, useQueries, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { diff3Merge } from 'node-diff3';
import type { ChangeRequestConflict } from '../../../shared/contract/resources/changeRequests.ts';
import { MERGED_PAGE_FIELDS } from '../../../shared/contract/constants.ts';
import type { Page } from '../../../shared/contract/resources/revisions.ts';
import type { Static } from '@sinclair/typebox';
import { clientFor } from '../bridge/api.ts';
import { withOperation } from './capabilities.ts';
import {
  changeRequestKey,
  changeRequestPagesQuery,
  changeRequestQuery,
  mergeBaseOf,
  type MergeCheck,
} from './changeRequests.ts';
import { loadDocumentMarkdown } from './review.ts';
import { keys } from './keys.ts';
import { revisionPagesQuery } from './revisions.ts';
import { spaceQuery } from './spaces.ts';

type Conflict = Static<typeof ChangeRequestConflict>;

const FIELDS = MERGED_PAGE_FIELDS;
type Field = keyof typeof FIELDS;

interface Placed {
  page: Page;
  parent: string;
  path: string;
}

/** Every page of a tree by id, with its parent's id ('' at the top) and its path. */
function index(pages: readonly Page[]): Map<string, Placed> {
  const byId = new Map<string, Placed>();
  const walk = (list: readonly Page[], parent: string) => {
    for (const page of list) {
      byId.set(page.id, { page, parent, path: page.path ?? page.slug ?? page.id });
      walk(page.pages ?? [], page.id);
    }
  };
  walk(pages, '');
  return byId;
}

const changedFields = (from: Page, to: Page): Field[] =>
  (Object.keys(FIELDS) as Field[]).filter((field) => from[field] !== to[field]);

const edited = (from: Page, to: Page) =>
  from.documentId !== to.documentId || changedFields(from, to).length > 0;

const SIDE = { main: 'the main content', changeRequest: 'the change request' } as const;

/** Whether the line changes of both sides overlap (the server's `mergeMarkdown` answering `undefined`). */
export function linesConflict(base: string, main: string, changeRequest: string): boolean {
  return diff3Merge(main.split('\n'), base.split('\n'), changeRequest.split('\n')).some(
    (region) => region.conflict,
  );
}

/** The three trees of a check, and how to read a body by document id. */
export interface MergeInputs {
  base: readonly Page[];
  main: readonly Page[];
  changeRequest: readonly Page[];
  /** The markdown of a document of one side. */
  read: (side: 'base' | 'main' | 'changeRequest', pageId: string, documentId: string) => Promise<string>;
}

/** The conflicts a merge of the request would meet now, in the request's page order. */
export async function findConflicts({ base, main, changeRequest, read }: MergeInputs): Promise<Conflict[]> {
  const trees = { base: index(base), main: index(main), changeRequest: index(changeRequest) };
  const order = [...trees.changeRequest.keys(), ...trees.main.keys(), ...trees.base.keys()];
  const seen = new Set<string>();
  const conflicts: Conflict[] = [];
  for (const id of order) {
    if (seen.has(id)) continue;
    seen.add(id);
    const b = trees.base.get(id);
    const m = trees.main.get(id);
    const c = trees.changeRequest.get(id);
    if (b === undefined || (m === undefined && c === undefined)) continue;
    const named = c ?? m ?? b;
    const page = { id, title: named.page.title, path: named.path };
    const quoted = `\u201c${named.page.title}\u201d`;
    const text = (side: 'base' | 'main' | 'changeRequest', placed: Placed | undefined) =>
      placed?.page.documentId === undefined ? Promise.resolve('') : read(side, id, placed.page.documentId);
    if (m === undefined || c === undefined) {
      const kept = m ?? c!;
      const keptSide = m !== undefined ? 'main' : 'changeRequest';
      if (!edited(b.page, kept.page)) continue;
      conflicts.push({
        page,
        kind: 'edited-deleted',
        message: `${quoted} was deleted in ${SIDE[keptSide === 'main' ? 'changeRequest' : 'main']} and edited in ${SIDE[keptSide]}`,
        base: await text('base', b),
        [keptSide]: await text(keptSide, kept),
      });
      continue;
    }
    const clashes = changedFields(b.page, m.page).filter(
      (field) => c.page[field] !== b.page[field] && c.page[field] !== m.page[field],
    );
    if (clashes.length > 0)
      conflicts.push({
        page,
        kind: 'metadata',
        message: `the ${clashes.map((field) => FIELDS[field]).join(', ')} of ${quoted} changed differently on both sides`,
      });
    if (m.parent !== b.parent && c.parent !== b.parent && m.parent !== c.parent)
      conflicts.push({
        page,
        kind: 'structure',
        message: `${quoted} was moved to different places in the main content and in the change request`,
      });
    const [bd, md, cd] = [b.page.documentId, m.page.documentId, c.page.documentId];
    if (md === bd || cd === bd || md === cd) continue;
    const [baseText, mainText, requestText] = await Promise.all([
      text('base', b),
      text('main', m),
      text('changeRequest', c),
    ]);
    if (linesConflict(baseText, mainText, requestText))
      conflicts.push({
        page,
        kind: 'content',
        message: `${quoted} was edited on the same lines in the main content and in the change request`,
        base: baseText,
        main: mainText,
        changeRequest: requestText,
      });
  }
  return conflicts;
}

/** A merge check, and whether the app computed it (the API has no merge check). */
export type MergeCheckAnswer = MergeCheck & { computed?: true };

/** The check computed here from the request, the space and the three trees. */
async function computedMergeCheck(
  client: QueryClient,
  profileId: string,
  orgId: string,
  spaceId: string,
  changeRequestId: string,
): Promise<MergeCheckAnswer> {
  const [request, space] = await Promise.all([
    client.fetchQuery({ ...changeRequestQuery(profileId, orgId, spaceId, changeRequestId), staleTime: 0 }),
    client.fetchQuery({ ...spaceQuery(profileId, spaceId), staleTime: 0 }),
  ]);
  const outdated = request.outdated;
  if (request.status === 'merged') return { outdated, mergeable: false, conflicts: [], computed: true };
  const baseRevision = mergeBaseOf(request);
  const conflicts = !outdated
    ? []
    : await findConflicts({
        base: await client.fetchQuery(revisionPagesQuery(profileId, spaceId, baseRevision)),
        main: await client.fetchQuery(revisionPagesQuery(profileId, spaceId, space.revision)),
        changeRequest: await client.fetchQuery(
          changeRequestPagesQuery(profileId, orgId, spaceId, changeRequestId, request.revision),
        ),
        read: (side, pageId, documentId) =>
          loadDocumentMarkdown(
            profileId,
            spaceId,
            documentId,
            side === 'changeRequest'
              ? { kind: 'request', changeRequestId, revisionId: request.revision, pageId }
              : { kind: 'revision', revisionId: side === 'base' ? baseRevision : space.revision, pageId },
          ),
      });
  return {
    outdated,
    mergeable: request.status === 'open' && conflicts.length === 0,
    conflicts,
    computed: true,
  };
}

/**
 * Whether the request is outdated and would merge cleanly now, with its conflicts: the API's merge check, or the
 * app's where the API has none. Keyed by the request's head revision too, so an edit of the request asks again; a
 * move of the main content invalidates it (see `afterMerge`).
 */
export function mergeCheckQuery(
  profileId: string,
  orgId: string,
  spaceId: string,
  changeRequestId: string,
  revision: string,
) {
  return queryOptions({
    queryKey: keys.read(
      changeRequestKey(profileId, orgId, spaceId, changeRequestId),
      'checkChangeRequestMerge',
      {
        revision,
      },
    ),
    queryFn: ({ client }): Promise<MergeCheckAnswer> =>
      withOperation(
        client,
        profileId,
        'checkChangeRequestMerge',
        () => clientFor(profileId).call('checkChangeRequestMerge', { params: { spaceId, changeRequestId } }),
        () => computedMergeCheck(client, profileId, orgId, spaceId, changeRequestId),
      ),
  });
}

/** A request whose merge check a list asks for. */
export interface CheckedRequest {
  id: string;
  revision: string;
  spaceId: string;
}

/**
 * The merge checks of several requests, asked one at a time: each once the one before it has settled. A check of an
 * outdated request is a three-way merge on the server (its trees and bodies read on its main thread, the merge on a
 * worker); asked all at once, seven of them kept the server busy for 1.5 s after the screen was left, and the change
 * request opened from it waited behind them (`bench review`: first diff 193.6 ms after the changes data instead of
 * 75–106 ms). One at a time, leaving the screen leaves at most one running; the answers come later, which a badge
 * or a count can afford. Answers already cached come at once.
 */
export function useMergeChecksInTurn(profileId: string, orgId: string, requests: readonly CheckedRequest[]) {
  const queryClient = useQueryClient();
  let previousSettled = true;
  return useQueries({
    queries: requests.map((request) => {
      const check = mergeCheckQuery(profileId, orgId, request.spaceId, request.id, request.revision);
      const enabled = previousSettled;
      const status = queryClient.getQueryState(check.queryKey)?.status;
      previousSettled = previousSettled && status !== undefined && status !== 'pending';
      return { ...check, enabled };
    }),
  });
}
