// The `files.image` channel: images of the local sandbox's revision files as `data:` URLs for the window, and its
// refusals (another origin, another path, not a raster image, too large, sandbox down).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBridgeHandlers } from './bridge-handlers.ts';
import { ProfileStore } from './profiles.ts';
import { ApiProxy } from './proxy.ts';
import { MAX_IMAGE_BYTES } from './sandbox-image.ts';
import type { LocalSandbox } from './targets.ts';
import { MemoryVault } from './vault.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
let server: Server;
let base: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'docs-admin-image-'));
  server = createServer((request, response) => {
    if (request.url === '/files/logo') response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    else if (request.url === '/files/vector')
      response
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end('<svg xmlns="http://www.w3.org/2000/svg"/>');
    else if (request.url === '/files/huge')
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(MAX_IMAGE_BYTES + 1));
    else response.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((done) => server.close(done));
  rmSync(dataDir, { recursive: true, force: true });
});

function handlers(sandboxUrl: string | undefined) {
  const profiles = new ProfileStore({ dataDir });
  profiles.load();
  const sandbox: LocalSandbox = { baseUrl: sandboxUrl, token: () => 'secret', problem: () => undefined };
  return createBridgeHandlers({
    info: { version: '1', mode: 'browser', platform: 'linux' },
    profiles,
    vault: new MemoryVault(),
    sessionVault: new MemoryVault(),
    sandbox,
    proxy: new ApiProxy({ resolve: async () => ({ kind: 'unknown' }) }),
    openExternal: () => undefined,
  });
}

describe('files.image', () => {
  it('answers a sandbox image as a data: URL', async () => {
    const answer = await handlers(base)['files.image']({ url: `${base}/files/logo` });
    expect(answer).toEqual({
      ok: true,
      value: { dataUrl: `data:image/png;base64,${PNG.toString('base64')}` },
    });
  });

  it('refuses other origins and other paths without fetching them', async () => {
    for (const url of [
      'https://files.example.com/files/logo',
      `${base.replace('127.0.0.1', 'localhost')}/files/logo`,
      `${base}/v1/orgs`,
      `${base}/files/../v1/orgs`,
      `${base}/files/logo?x=1`,
      'not a url',
    ]) {
      const answer = await handlers(base)['files.image']({ url });
      expect(answer.ok, url).toBe(false);
      if (!answer.ok) expect(answer.error.code, url).toBe(400);
    }
  });

  it('refuses what is not a raster image, what is too large, what is missing, and a stopped sandbox', async () => {
    const codes = async (url: string, sandbox: string | undefined) => {
      const answer = await handlers(sandbox)['files.image']({ url });
      return answer.ok ? 200 : answer.error.code;
    };
    expect(await codes(`${base}/files/vector`, base)).toBe(415);
    expect(await codes(`${base}/files/huge`, base)).toBe(413);
    expect(await codes(`${base}/files/gone`, base)).toBe(404);
    expect(await codes(`${base}/files/logo`, undefined)).toBe(503);
    const bad = await handlers(base)['files.image']({ url: '' });
    expect(bad.ok).toBe(false);
  });
});
