/** Handlers of the site-structure operations. */
import type { Handlers } from '../../http/context.ts';

export const siteStructureHandlers = {} satisfies Handlers;
