/** Content of change requests and revisions: reads, writes, import and the PDF link. */
import type { Handlers } from '../../http/context.ts';

export const changeRequestContentHandlers = {} satisfies Handlers;
