/** Handlers of the collections operations. */
import type { Handlers } from '../../http/context.ts';

export const collectionHandlers = {} satisfies Handlers;
