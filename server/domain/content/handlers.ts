/** Handlers of the content operations. */
import type { ResponseOf, Operations } from '../../../shared/contract/index.ts';
import type { Handlers } from '../../http/context.ts';
import { resolveSpaceAccess } from '../spaces/access.ts';
import { presentSpace } from '../spaces/present.ts';
import { linkReportPage } from './link-report.ts';
import { loadRevision } from './revisions.ts';

export const contentHandlers = {
  listSpaceLinks: ({ params, query, actor, baseUrl, services: { db } }) => {
    const { space, actor: orgActor, level } = resolveSpaceAccess(db, params.spaceId, actor);
    const answer: ResponseOf<Operations['listSpaceLinks']> = linkReportPage(
      {
        db,
        presented: presentSpace(space, level, orgActor, baseUrl),
        revision: loadRevision(db, space.revision_id),
        baseUrl,
      },
      query,
    );
    return answer;
  },
} satisfies Handlers;
