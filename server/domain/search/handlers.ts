/** Organization search over the pages of spaces (SQLite FTS5). */
import type { Handlers } from '../../http/context.ts';

export const searchHandlers = {} satisfies Handlers;
