/** Handlers of the sites operations. */
import type { Handlers } from '../../http/context.ts';

export const siteHandlers = {} satisfies Handlers;
