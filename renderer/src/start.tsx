/**
 * The app's start, loaded by the entry point (`main.tsx`) once the first reads have left: the router, the first
 * location's load, and the first render.
 */
import { firstReads, queryClient } from './startReads.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { createAppRouter, type AppRouter } from './router/router.tsx';
import { startOrg } from './screens/home/startOrg.ts';

const root = document.getElementById('root');
if (root === null) throw new Error('The page has no #root element.');
/**
 * How long a start on `/` waits for the profiles and organizations (sent by `startReads.ts`, usually answered while the
 * bundle evaluates) before drawing `/` and its loading screen instead, to redirect once they are in.
 */
const HOME_READS_WAIT_MS = 80;

/** `firstReads` settled, or `HOME_READS_WAIT_MS` passed. */
function homeReads(): Promise<void> {
  return Promise.race([firstReads, new Promise<void>((resolve) => setTimeout(resolve, HOME_READS_WAIT_MS))]);
}

// The router is made in the task after this chunk's evaluation (15–25 ms: with it, one long task), and the first
// location loaded in the task after that.
setTimeout(() => {
  const router = createAppRouter(queryClient);
  setTimeout(() => start(router, root), 0);
}, 0);

// The first location is loaded (its loaders' reads sent, its screen's chunk fetched:
// `router/lazyScreen.ts`) before the first render: a screen still loading would suspend that render, and React holds a
// revealed Suspense boundary back until 300 ms after its fallback showed (its throttle), which cost the first screen
// about 300 ms. On `/` with the profiles and organizations read, the location is first made the organization `/`
// opens (`startOrg`): the first render draws its overview, instead of `/`'s loading screen, then the redirect, a second
// load and a second render of the whole frame (about 130 ms of the main thread on the way to the overview).
function start(router: AppRouter, container: HTMLElement): void {
  const atHome = router.history.location.pathname === '/';
  const startHref = window.location.href;
  void (atHome ? homeReads() : Promise.resolve())
    .then(() => {
      // An address opened during the wait (a deep link handed over by the desktop app) is kept.
      const opening = atHome && window.location.href === startHref ? startOrg(queryClient) : undefined;
      if (opening !== undefined)
        router.history.replace(
          router.buildLocation({ to: '/p/$profileId/orgs/$orgId', params: opening }).href,
        );
      return router.load();
    })
    .catch((error: unknown) => console.error(error))
    // Not in a transition: rendered in slices, the first render overlapped the first reads' answers and ended later
    // (`npm run bench -- app`: the overview 450–484 ms after the page started loading instead of 384 ms; the review's
    // trees parsed → first diff 189–202 ms instead of 99 ms).
    .then(() =>
      createRoot(container).render(
        <StrictMode>
          <App queryClient={queryClient} router={router} />
        </StrictMode>,
      ),
    );
}
