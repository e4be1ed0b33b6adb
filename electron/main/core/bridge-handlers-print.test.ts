// The `print.savePdf` channel: which URLs it hands to the printer (the profile's API origin only), the safe file
// name, and its refusals (browser mode, unknown profile, sandbox down, bad request).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBridgeHandlers, type PrintToPdf } from './bridge-handlers.ts';
import { ProfileStore } from './profiles.ts';
import { ApiProxy } from './proxy.ts';
import type { LocalSandbox } from './targets.ts';
import { MemoryVault } from './vault.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function setup(options: { printToPdf?: PrintToPdf; sandboxUrl?: string | undefined } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'docs-admin-print-'));
  dirs.push(dataDir);
  const profiles = new ProfileStore({ dataDir });
  profiles.load();
  profiles.add({ id: 'remote-1', name: 'Remote', baseUrl: 'https://api.example.com', kind: 'remote' });
  const sandboxUrl = 'sandboxUrl' in options ? options.sandboxUrl : 'http://127.0.0.1:4567';
  const sandbox: LocalSandbox = { baseUrl: sandboxUrl, token: () => 'secret', problem: () => undefined };
  const printed: { url: string; fileName: string }[] = [];
  const printToPdf: PrintToPdf =
    options.printToPdf ??
    (async (url, fileName) => {
      printed.push({ url, fileName });
      return { saved: true, path: `/home/me/${fileName}` };
    });
  const handlers = createBridgeHandlers({
    info: { version: '1', mode: 'desktop', platform: 'linux' },
    profiles,
    vault: new MemoryVault(),
    sessionVault: new MemoryVault(),
    sandbox,
    proxy: new ApiProxy({ resolve: async () => ({ kind: 'unknown' }) }),
    openExternal: () => undefined,
    printToPdf,
  });
  return { handlers, printed };
}

describe('print.savePdf', () => {
  it('prints a URL of the local sandbox and saves it under a safe name', async () => {
    const { handlers, printed } = setup();
    const answer = await handlers['print.savePdf']({
      profileId: 'local',
      url: 'http://127.0.0.1:4567/print/abc',
      fileName: '#3 Fix: the/intro',
    });
    expect(answer).toEqual({ ok: true, value: { saved: true, path: '/home/me/#3 Fix the intro.pdf' } });
    expect(printed).toEqual([{ url: 'http://127.0.0.1:4567/print/abc', fileName: '#3 Fix the intro.pdf' }]);
  });

  it("prints a URL of a remote profile's API origin", async () => {
    const { handlers, printed } = setup();
    const answer = await handlers['print.savePdf']({
      profileId: 'remote-1',
      url: 'https://api.example.com/print/xyz',
      fileName: 'x',
    });
    expect(answer.ok).toBe(true);
    expect(printed.map((p) => p.url)).toEqual(['https://api.example.com/print/xyz']);
  });

  it("refuses a URL off the profile's API origin without printing", async () => {
    const { handlers, printed } = setup();
    for (const url of [
      'http://127.0.0.1:9999/print/abc',
      'https://api.example.com/print/abc',
      'file:///etc/passwd',
    ]) {
      const answer = await handlers['print.savePdf']({ profileId: 'local', url, fileName: 'x' });
      expect(answer, url).toMatchObject({ ok: false, error: { code: 400 } });
    }
    expect(printed).toEqual([]);
  });

  it('answers a cancelled save dialog as not saved', async () => {
    const { handlers } = setup({ printToPdf: async () => ({ saved: false }) });
    const answer = await handlers['print.savePdf']({
      profileId: 'local',
      url: 'http://127.0.0.1:4567/print/abc',
      fileName: 'x',
    });
    expect(answer).toEqual({ ok: true, value: { saved: false } });
  });

  it('refuses an unknown profile (404), a stopped sandbox (503) and a bad request (400)', async () => {
    const { handlers } = setup();
    expect(
      await handlers['print.savePdf']({ profileId: 'nope', url: 'https://x/print/a', fileName: 'x' }),
    ).toMatchObject({ ok: false, error: { code: 404 } });
    expect(await handlers['print.savePdf']({ profileId: 'local', fileName: 'x' })).toMatchObject({
      ok: false,
      error: { code: 400, message: 'url is required' },
    });
    const stopped = setup({ sandboxUrl: undefined });
    expect(
      await stopped.handlers['print.savePdf']({
        profileId: 'local',
        url: 'http://127.0.0.1:4567/print/abc',
        fileName: 'x',
      }),
    ).toMatchObject({ ok: false, error: { code: 503 } });
  });

  it('answers 501 without a printer (browser mode)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'docs-admin-print-'));
    dirs.push(dataDir);
    const profiles = new ProfileStore({ dataDir });
    profiles.load();
    const handlers = createBridgeHandlers({
      info: { version: '1', mode: 'browser', platform: 'linux' },
      profiles,
      vault: new MemoryVault(),
      sessionVault: new MemoryVault(),
      sandbox: { baseUrl: 'http://127.0.0.1:1', token: () => 't', problem: () => undefined },
      proxy: new ApiProxy({ resolve: async () => ({ kind: 'unknown' }) }),
      openExternal: () => undefined,
    });
    const answer = await handlers['print.savePdf']({
      profileId: 'local',
      url: 'http://127.0.0.1:1/print/a',
      fileName: 'x',
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 501 } });
  });

  it('turns a printer failure into an error answer', async () => {
    const { handlers } = setup({
      printToPdf: async () => {
        throw new Error('the print view did not load');
      },
    });
    const answer = await handlers['print.savePdf']({
      profileId: 'local',
      url: 'http://127.0.0.1:4567/print/abc',
      fileName: 'x',
    });
    expect(answer).toEqual({ ok: false, error: { code: 500, message: 'the print view did not load' } });
  });
});
