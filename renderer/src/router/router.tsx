/** The screens and their URLs (code-based routes, hash history so that the app works from any origin or protocol). */
import type { QueryClient } from '@tanstack/react-query';
import { createHashHistory, createRouter } from '@tanstack/react-router';
import {
  indexRoute,
  orgIndexRoute,
  orgRoute,
  profileIndexRoute,
  profileRoute,
  profilesRoute,
  rootRoute,
} from './base.tsx';
import { accessRoutes } from './accessRoutes.tsx';
import { contentRoutes } from './contentRoutes.tsx';
import { directoryRoutes } from './directoryRoutes.tsx';
import { orgFileRoutes } from './orgFileRoutes.tsx';
import { peopleRoutes } from './peopleRoutes.tsx';
import { reviewRoutes } from './reviewRoutes.tsx';

export type { RouterContext } from './base.tsx';

const routeTree = rootRoute.addChildren([
  indexRoute,
  profilesRoute,
  profileRoute.addChildren([
    profileIndexRoute,
    orgRoute.addChildren([
      orgIndexRoute,
      ...peopleRoutes,
      ...contentRoutes,
      ...reviewRoutes,
      ...directoryRoutes,
      ...orgFileRoutes,
      ...accessRoutes,
    ]),
  ]),
]);

/** Creates the router of the app. */
export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    history: createHashHistory(),
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

/** The app's router. */
export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
