/** Helpers of the organization and invite route tests: raw requests by method and path, over the shared helpers. */
import type { TestServer } from '../../test/harness.ts';
import { send, type Answer } from '../../test/http-helpers.ts';

export {
  expectError,
  expectHidden,
  expectUnauthorized,
  NON_ADMIN_ROLES,
  ROLES_OR_GUEST,
  roleName,
  UNKNOWN_ID,
  type Answer,
} from '../../test/http-helpers.ts';

/**
 * Sends a request around the typed client: `json` is any JSON value (wrong types included), `text` is sent as is
 * with a JSON content type, neither sends no body at all.
 */
export function sendRaw(
  server: TestServer,
  request: { method: string; path: string; token?: string; json?: unknown; text?: string },
): Promise<Answer> {
  const body = request.text ?? (request.json !== undefined ? JSON.stringify(request.json) : undefined);
  return send(server.baseUrl, request.method, request.path, {
    ...(request.token !== undefined ? { token: request.token } : {}),
    ...(body !== undefined ? { body } : {}),
  });
}
