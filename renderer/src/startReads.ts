/**
 * The entry chunk's first module (`main.tsx` imports it first; React DOM, the router and the shared code of the
 * screens are in the app's chunk, `start.tsx`, evaluated after this one), so the reads that the first screen waits
 * for leave before that work instead of after it: the profiles and the organizations of the profile opened first
 * (`queries/firstReads.ts`; answered while the bundle evaluates, `/` then opens on its organization at the first
 * render: `start.tsx`, `screens/home/startOrg.ts`), and on a change request, the request and then its two page trees
 * (`queries/reviewReads.ts`). Sent by the route's loader alone, in the task after the bundle's, the trees arrived
 * after the first screen had rendered and the first diff waited for them.
 */
import { createQueryClient } from './queries/client.ts';
import { startFirstReads } from './queries/firstReads.ts';
import { changeRequestInHash, startLocationReads } from './queries/reviewReads.ts';

/** The app's query client. */
export const queryClient = createQueryClient();

startLocationReads(queryClient, window.location.hash);

/** The profiles and the first profile's organizations, read (or failed). */
export const firstReads = startFirstReads(queryClient, window.location.hash);
// The change request screen's code (its chunk and the chunks it imports), fetched while the bundle evaluates: asked
// for by the route's load, in the task after the bundle's, it arrived 100–170 ms later, and the first render waited.
// On its Changes tab, the first page's diff starts as soon as the trees are read (`change-requests/firstDiff.ts`).
// Asked for in the next task: the preloads of a chunk's imports (about 20 elements added to the document) took
// 10–18 ms, a long task with this one's evaluation.
const openedRequest = changeRequestInHash(window.location.hash);
if (openedRequest !== undefined)
  setTimeout(() => {
    void import('./screens/change-requests/ChangeRequestScreen.tsx').catch(() => undefined);
    if (openedRequest.tab === 'changes')
      import('./screens/change-requests/firstDiff.ts')
        .then(({ startFirstDiff }) => startFirstDiff(queryClient, openedRequest.params, openedRequest.page))
        // The tab reads and shows what failed (its own queries).
        .catch(() => undefined);
  }, 0);
