/**
 * Routes whose component draws a lazily loaded screen (a `lazyRouteComponent`, given the route's params and search):
 * the component carries the screen's loading as its `preload`, so the router fetches the chunk with the route and
 * renders the route once it is in, as it does for a lazy route component. Drawn before, the screen would suspend the
 * render, and a Suspense fallback shown holds back every later reveal until 300 ms after it (React's throttle).
 */
import type { RouteComponent } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** `component`, with `screen`'s loading as its `preload`. */
export function withScreen(
  screen: { preload?: () => Promise<void> | undefined },
  component: () => ReactNode,
): RouteComponent {
  return Object.assign(component, {
    preload: async () => {
      await screen.preload?.();
    },
  });
}
