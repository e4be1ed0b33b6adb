/** Handlers of the content operations. */
import type { Handlers } from '../../http/context.ts';

export const contentHandlers = {} satisfies Handlers;
