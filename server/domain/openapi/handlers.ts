/** OpenAPI specs of an organization, their versions and processing. */
import type { Handlers } from '../../http/context.ts';

export const openApiHandlers = {} satisfies Handlers;
