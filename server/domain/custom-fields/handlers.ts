/** Custom fields of an organization and their values on spaces. */
import type { Handlers } from '../../http/context.ts';

export const customFieldHandlers = {} satisfies Handlers;
