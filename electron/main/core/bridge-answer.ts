/** How a bridge handler answers: a checked request, and a refusal or surprise turned into a failed answer. */
import { channels, type BridgeRequest, type BridgeResult, type ChannelName } from '../../../shared/bridge.ts';
import { redact } from './proxy.ts';
import { checkRequest } from './validation.ts';
import { VaultError } from './vault.ts';

/** A failed answer. */
export class Refusal extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs a handler's work, turning refusals and surprises into a failed answer with the token redacted. */
export async function answer<T>(request: unknown, work: () => Promise<T>): Promise<BridgeResult<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    const raw =
      typeof request === 'object' &&
      request !== null &&
      'token' in request &&
      typeof request.token === 'string'
        ? request.token
        : undefined;
    const code = error instanceof Refusal ? error.code : error instanceof VaultError ? 503 : 500;
    const message = redact(redact(reasonOf(error), raw), raw?.trim());
    return { ok: false, error: { code, message } };
  }
}

export function valid<C extends ChannelName>(channel: C, request: unknown): BridgeRequest<C> {
  const checked = checkRequest(channels[channel].request, request);
  if (!checked.ok) throw new Refusal(400, checked.message);
  return checked.value as BridgeRequest<C>;
}

export function must<T>(checked: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!checked.ok) throw new Refusal(400, checked.message);
  return checked.value;
}
