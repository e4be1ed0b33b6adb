/** The API proxy's added latency: the same request through the browser host's bridge and straight to the server. */
import { Agent } from 'node:http';
import { launchApp, type RunningApp } from '../e2e/support/app.ts';
import { callBridge, httpCall, openSession } from '../e2e/support/http.ts';
import { startTogether } from '../e2e/support/process.ts';
import { startSecondServer, type SecondServer } from '../e2e/support/second-server.ts';

/** Latency percentiles in milliseconds. */
export interface Latencies {
  p50: number;
  p99: number;
}

/** Each path's latencies over the same number of sequential requests. */
export interface ProxyFigures {
  requests: number;
  direct: Latencies;
  bridge: Latencies;
  /** A bridge call that does not reach the proxy (`app.info`): the browser host's own share. */
  hostOnly: Latencies;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

function latencies(samples: number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
}

async function timed(call: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await call();
  return performance.now() - start;
}

/**
 * Starts browser mode and a second embedded server, adds a session-only profile for it (no keychain needed), then
 * alternates `GET /v1/orgs` through `POST /bridge/api.request` and straight to the server, plus a bridge call that
 * stays in the host (`app.info`), one at a time, the bridge and the server each over a keep-alive connection.
 */
export async function measureProxy(requests: number): Promise<ProxyFigures> {
  let app: RunningApp | undefined;
  let remote: SecondServer | undefined;
  const bridgeAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  const directAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    await startTogether(
      launchApp().then((started) => (app = started)),
      startSecondServer({ rateLimit: 0 }).then((started) => (remote = started)),
    );
    return await measure(app!, remote!, requests, bridgeAgent, directAgent);
  } finally {
    bridgeAgent.destroy();
    directAgent.destroy();
    await Promise.allSettled([app?.stop(), remote?.stop()]);
  }
}

/** Adds the profile, warms both paths up, then alternates them. */
async function measure(
  app: RunningApp,
  remote: SecondServer,
  requests: number,
  bridgeAgent: Agent,
  directAgent: Agent,
): Promise<ProxyFigures> {
  const session = await openSession(app.url);
  const token = remote.demoTokens.find((entry) => entry.email === remote.adminEmail)!.token;
  const added = await callBridge(session, 'profiles.add', {
    name: 'Benchmark',
    baseUrl: remote.baseUrl,
    token,
    sessionOnly: true,
  });
  if (!added.ok) throw new Error(`profiles.add: ${added.error.message}`);
  const profileId = added.value.id;

  const viaBridge = async () => {
    const answer = await callBridge(
      session,
      'api.request',
      { profileId, method: 'GET', path: '/v1/orgs' },
      bridgeAgent,
    );
    if (!answer.ok || answer.value.status !== 200)
      throw new Error(`bridge GET /v1/orgs: ${JSON.stringify(answer).slice(0, 300)}`);
  };
  const direct = async () => {
    const answer = await httpCall(remote.baseUrl, {
      path: '/v1/orgs',
      headers: { authorization: `Bearer ${token}` },
      agent: directAgent,
    });
    if (answer.status !== 200) throw new Error(`direct GET /v1/orgs: ${answer.status} ${answer.body}`);
  };
  const hostOnly = async () => {
    const answer = await callBridge(session, 'app.info', {}, bridgeAgent);
    if (!answer.ok) throw new Error(`bridge app.info: ${answer.error.message}`);
  };

  for (let i = 0; i < Math.min(200, requests); i++) {
    await viaBridge();
    await direct();
    await hostOnly();
  }
  const bridgeSamples: number[] = [];
  const directSamples: number[] = [];
  const hostSamples: number[] = [];
  // Alternate the paths so that any drift of the machine touches them alike.
  for (let i = 0; i < requests; i++) {
    bridgeSamples.push(await timed(viaBridge));
    directSamples.push(await timed(direct));
    hostSamples.push(await timed(hostOnly));
  }
  await callBridge(session, 'profiles.remove', { id: profileId });
  return {
    requests,
    direct: latencies(directSamples),
    bridge: latencies(bridgeSamples),
    hostOnly: latencies(hostSamples),
  };
}
