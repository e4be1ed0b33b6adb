/** Comments on change requests and their replies. */
import type { Handlers } from '../../http/context.ts';

export const changeRequestCommentHandlers = {} satisfies Handlers;
