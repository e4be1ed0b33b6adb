/** SAML providers and SSO login info of an organization. */
import type { Handlers } from '../../http/context.ts';

export const samlHandlers = {} satisfies Handlers;
