/** Merge, update and merge check of change requests, and the organization-wide list (inbox). */
import type { Handlers } from '../../http/context.ts';

export const changeRequestMergeHandlers = {} satisfies Handlers;
