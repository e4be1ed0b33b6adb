/** Handlers of the content operations: read through the store. */
import type { ResponseOf, Operations } from '../../../shared/contract/index.ts';
import type { Handlers } from '../../http/context.ts';
import { resolveSpaceAccessIn } from '../spaces/access.ts';
import { presentSpace } from '../spaces/present.ts';
import { linkReportPageIn } from './link-report.ts';
import { loadRevisionIn } from './revisions.ts';

export const contentHandlers = {
  listSpaceLinks: async ({ params, query, actor, baseUrl, services: { store } }) => {
    const { space, actor: orgActor, level } = await resolveSpaceAccessIn(store, params.spaceId, actor);
    const answer: ResponseOf<Operations['listSpaceLinks']> = await linkReportPageIn(
      store,
      {
        presented: presentSpace(space, level, orgActor, baseUrl),
        revision: await loadRevisionIn(store, space.revision_id),
        baseUrl,
      },
      query,
    );
    return answer;
  },
} satisfies Handlers;
