/** Translation settings of an organization. */
import type { Handlers } from '../../http/context.ts';

export const translationHandlers = {} satisfies Handlers;
