/** The typed API client of a profile: the contract's client over the bridge channel `api.request`. */
import type { BridgeRequest, BridgeResponse, BridgeResult, ChannelName } from '../../../shared/bridge.ts';
import { ApiClientError, createTransportClient, type Transport } from '../../../shared/client.ts';
import { bridge, type BridgeCall } from './transport.ts';

/** A typed API client bound to one profile. */
export type ProfileClient = ReturnType<typeof createTransportClient>;

type Query = BridgeRequest<'api.request'>['query'];

/**
 * A transport that sends each API call through the bridge for `profileId`; bridge failures become error answers.
 * `background`: the calls are part of a long job, and let the user's own go first while the API's rate limit holds.
 */
export function bridgeTransport(profileId: string, call: BridgeCall = bridge, background = false): Transport {
  return async ({ method, path, query, body }) => {
    const result = await call('api.request', {
      profileId,
      method: method as BridgeRequest<'api.request'>['method'],
      path,
      ...(query !== undefined ? { query: query as Query } : {}),
      ...(body !== undefined ? { body } : {}),
      ...(background ? { background } : {}),
    });
    if (result.ok) return { status: result.value.status, body: result.value.body };
    return {
      status: result.error.code,
      body: { error: { code: result.error.code, message: result.error.message } },
    };
  };
}

const clients = new Map<string, ProfileClient>();

/** The (cached) API client of a profile. */
export function clientFor(profileId: string): ProfileClient {
  let client = clients.get(profileId);
  if (client === undefined) {
    client = createTransportClient(bridgeTransport(profileId));
    clients.set(profileId, client);
  }
  return client;
}

const jobClients = new Map<string, ProfileClient>();

/** The client of a long job (bulk changes, a review's bodies): its calls wait behind the user's own when paced. */
export function jobClientFor(profileId: string): ProfileClient {
  let client = jobClients.get(profileId);
  if (client === undefined) {
    client = createTransportClient(bridgeTransport(profileId, bridge, true));
    jobClients.set(profileId, client);
  }
  return client;
}

/** Calls a bridge channel and returns its value, or throws an `ApiClientError` with the bridge's code and message. */
export async function bridgeValue<C extends ChannelName>(
  channel: C,
  request: BridgeRequest<C>,
): Promise<BridgeResponse<C>> {
  const result: BridgeResult<BridgeResponse<C>> = await bridge(channel, request);
  if (result.ok) return result.value;
  throw new ApiClientError(result.error.code, result.error.message);
}
