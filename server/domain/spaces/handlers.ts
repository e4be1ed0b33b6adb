/** Handlers of the spaces operations. */
import type { Handlers } from '../../http/context.ts';

export const spaceHandlers = {} satisfies Handlers;
