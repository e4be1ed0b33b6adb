/**
 * The bundle's first module (`main.tsx` imports it first): it is evaluated before React, the router and the shared
 * code of the screens (the rest of the bundle's evaluation, 65–125 ms), so the reads that the first screen's data
 * waits for leave before that work instead of after it (`queries/reviewReads.ts`: a change request, then its two page
 * trees, which need it). Sent by the route's loader alone, in the task after the bundle's, the trees arrived after
 * the first screen had rendered and the first diff waited for them.
 */
import { createQueryClient } from './queries/client.ts';
import { startLocationReads } from './queries/reviewReads.ts';

/** The app's query client. */
export const queryClient = createQueryClient();

startLocationReads(queryClient, window.location.hash);
