/**
 * "Apply" of the conflict resolver: the plan of `shared/conflicts/resolution.ts` run through GitBook's operations
 * (content write, update from main, content write), as one mutation. Between the update and the last write the
 * request holds the main content's side of every conflict: the last write is kept in localStorage until it went
 * through, so a failure (or a closed window) leaves a "Finish applying" that writes it, and nothing decided is lost.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import type {
  ChangeRequest,
  ChangeRequestConflict,
} from '../../../../../shared/contract/resources/changeRequests.ts';
import {
  pagesToReinsert,
  planResolution,
  type ConflictChoice,
  type ContentChange,
} from '../../../../../shared/conflicts/resolution.ts';
import { clientFor } from '../../../bridge/api.ts';
import {
  changeRequestPagesQuery,
  changeRequestsKey,
  mergeBaseOf,
  spaceChangeRequestsKey,
} from '../../../queries/changeRequests.ts';
import { revisionPagesQuery } from '../../../queries/revisions.ts';
import { spaceQuery } from '../../../queries/spaces.ts';
import { resilientStore } from '../comments/storage.ts';

type Conflict = Static<typeof ChangeRequestConflict>;

/** Which request. */
export interface ResolveTarget {
  profileId: string;
  orgId: string;
  spaceId: string;
  request: ChangeRequest;
}

const PENDING_PREFIX = 'docs-admin.pendingResolution.';
const store = resilientStore(() => (typeof localStorage === 'undefined' ? undefined : localStorage));
const pendingKey = (target: Pick<ResolveTarget, 'profileId' | 'request'>) =>
  `${PENDING_PREFIX}${target.profileId}:${target.request.id}`;

/** The last write of a resolution not yet applied, if any. */
export function pendingWrite(
  target: Pick<ResolveTarget, 'profileId' | 'request'>,
): ContentChange[][] | undefined {
  const stored = store.getItem(pendingKey(target));
  if (stored === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? (parsed as ContentChange[][]) : undefined;
  } catch {
    return undefined;
  }
}

async function write(target: ResolveTarget, batches: readonly ContentChange[][]): Promise<void> {
  const params = { spaceId: target.spaceId, changeRequestId: target.request.id };
  for (const changes of batches)
    await clientFor(target.profileId).call('updateChangeRequestContent', { params, body: { changes } });
}

/** The three page trees a plan reads, fresh. */
async function trees(queryClient: QueryClient, target: ResolveTarget) {
  const { profileId, orgId, spaceId, request } = target;
  const space = await queryClient.fetchQuery({ ...spaceQuery(profileId, spaceId), staleTime: 0 });
  const [base, main, head] = await Promise.all([
    queryClient.fetchQuery(revisionPagesQuery(profileId, spaceId, mergeBaseOf(request))),
    queryClient.fetchQuery(revisionPagesQuery(profileId, spaceId, space.revision)),
    queryClient.fetchQuery(changeRequestPagesQuery(profileId, orgId, spaceId, request.id, request.revision)),
  ]);
  return { base, main, head };
}

/** Writes the rest of a resolution (what `pendingWrite` holds), then forgets it. */
async function finish(target: ResolveTarget, batches: readonly ContentChange[][]): Promise<void> {
  await write(target, batches);
  store.removeItem(pendingKey(target));
}

/** Applies choices to conflicts; or, with no conflicts given, finishes a pending resolution. */
export function useApplyResolution(target: ResolveTarget) {
  const queryClient = useQueryClient();
  const { profileId, orgId, spaceId, request } = target;
  return useMutation({
    mutationFn: async (input: {
      conflicts: readonly Conflict[];
      choices: ReadonlyMap<string, ConflictChoice>;
    }) => {
      const pending = pendingWrite(target);
      if (input.conflicts.length === 0) {
        if (pending !== undefined) await finish(target, pending);
        return;
      }
      const pages = await trees(queryClient, target);
      const headBodies = new Map<string, string>();
      for (const pageId of pagesToReinsert({
        conflicts: input.conflicts,
        choices: input.choices,
        ...pages,
      })) {
        const page = await clientFor(profileId).call('getPageInChangeRequestById', {
          params: { spaceId, changeRequestId: request.id, pageId },
          query: { format: 'markdown' },
        });
        headBodies.set(pageId, page.markdown ?? '');
      }
      const plan = planResolution({
        conflicts: input.conflicts,
        choices: input.choices,
        ...pages,
        headBodies,
      });
      await write(target, plan.first);
      store.setItem(pendingKey(target), JSON.stringify(plan.then));
      await clientFor(profileId).call('updateChangeRequest', {
        params: { spaceId, changeRequestId: request.id },
      });
      await finish(target, plan.then);
    },
    onSettled: () =>
      Promise.all([
        // The screen may have loaded the request by number: every request of the space is refreshed.
        queryClient.invalidateQueries({ queryKey: spaceChangeRequestsKey(profileId, orgId, spaceId) }),
        queryClient.invalidateQueries({ queryKey: changeRequestsKey(profileId, orgId) }),
      ]),
  });
}
