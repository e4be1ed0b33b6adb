/**
 * The fetch guard over HTTP: a content import from a URL whose host is an IPv6 literal embedding or mapping a
 * loopback, private or reserved IPv4 address is refused with a 400 naming the field, before any connection.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildContentOrg, expectError, sendRaw } from '../test/factories.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';

let server: TestServer;

beforeAll(async () => {
  // The default network policy: private and loopback addresses are refused.
  server = await startTestServer();
});
afterAll(() => server.close());

const FORMS = [
  ['IPv4-compatible loopback', 'http://[::127.0.0.1]/page.md'],
  ['IPv4-compatible private', 'http://[::10.0.0.1]/page.md'],
  ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/page.md'],
  ['IPv4-mapped link-local (cloud metadata)', 'http://[::ffff:169.254.169.254]/latest/meta-data'],
  ['IPv4-translated private', 'http://[::ffff:0:192.168.1.1]/page.md'],
  ['NAT64 loopback', 'http://[64:ff9b::127.0.0.1]/page.md'],
  ['NAT64 private', 'http://[64:ff9b::c0a8:101]/page.md'],
  ['6to4 loopback', 'http://[2002:7f00:1::1]/page.md'],
  ['6to4 private', 'http://[2002:a00:1::]/page.md'],
  ['6to4 reserved', 'http://[2002:c000:201::1]/page.md'],
] as const;

describe('the fetch guard, over HTTP', () => {
  it.each(FORMS)('refuses the %s form (%s) with a 400 naming the field', async (_form, url) => {
    const org = buildContentOrg(server);
    const { id: spaceId } = server.buildSpace(org.orgId);
    const request = server.buildChangeRequest(spaceId, org.admin.id);
    const answer = await sendRaw(server, 'importContentInChangeRequest', {
      params: { spaceId, changeRequestId: request.id },
      body: { url, source: 'markdown' },
      token: org.admin.token,
    });
    expectError(answer, 400, 'url', 'private, loopback or reserved');
  });
});
