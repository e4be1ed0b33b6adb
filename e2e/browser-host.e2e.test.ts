/** The browser host's refusals, through real HTTP against browser mode: no cookie, foreign Origin, foreign Host. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_HTTP_PREFIX } from '../shared/bridge.ts';
import { launchApp, type RunningApp } from './support/app.ts';
import { bridgeHeaders, httpCall, openSession, type BridgeSession } from './support/http.ts';

describe('the browser host', () => {
  let running: RunningApp;
  let session: BridgeSession;
  const appInfo = (headers: Record<string, string>) =>
    httpCall(session.origin, { method: 'POST', path: `${BRIDGE_HTTP_PREFIX}app.info`, headers, body: '{}' });

  beforeAll(async () => {
    running = await launchApp();
    session = await openSession(running.url);
  }, 30_000);
  afterAll(async () => {
    await running?.stop();
  });

  it('serves the page and the bridge only with the session cookie', async () => {
    expect((await httpCall(session.origin, { path: '/' })).status).toBe(401);
    const { cookie: _cookie, ...withoutCookie } = bridgeHeaders(session);
    expect((await appInfo(withoutCookie)).status).toBe(401);

    expect((await httpCall(session.origin, { path: '/', headers: { cookie: session.cookie } })).status).toBe(
      200,
    );
    expect((await appInfo(bridgeHeaders(session))).status).toBe(200);
  });

  it('refuses a bridge call from a foreign Origin', async () => {
    const answer = await appInfo({ ...bridgeHeaders(session), origin: 'http://evil.example' });
    expect(answer.status).toBe(403);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a foreign Host, as a DNS-rebinding page would send', async () => {
    const host = `evil.example:${new URL(session.origin).port}`;
    const page = await httpCall(session.origin, { path: '/', headers: { cookie: session.cookie, host } });
    expect(page.status).toBe(403);
    expect((await appInfo({ ...bridgeHeaders(session), host })).status).toBe(403);
  });
});
