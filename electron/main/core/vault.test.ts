// The keychain vault against the REAL Secret Service (started privately by scripts/run-unit-tests.mjs).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyringVault, MemoryVault, VaultError } from './vault.ts';

const run = promisify(execFile);
// Items go under a service of their own, so a run never touches the app's real `docs-admin` items.
const service = `docs-admin-test-${randomBytes(4).toString('hex')}`;
const vault = new KeyringVault({ service });
const used = new Set<string>();
const account = (name: string) => {
  const id = `${name}-${randomBytes(4).toString('hex')}`;
  used.add(id);
  return id;
};

beforeAll(async () => {
  const status = await vault.probe();
  if (!status.available) {
    throw new Error(
      `No keychain is reachable, so the vault cannot be tested: ${status.message}. ` +
        'Run the tests with `node scripts/run-unit-tests.mjs` (it starts a private Secret Service with ' +
        'dbus-run-session and gnome-keyring-daemon) or from a desktop session with an unlocked keychain.',
    );
  }
});

afterAll(async () => {
  for (const id of used) await vault.delete(id).catch(() => false);
});

describe('KeyringVault', () => {
  it('reports the keychain available after a probe', () => {
    expect(vault.status()).toEqual({ available: true });
  });

  it('stores, reads, overwrites and deletes a token', async () => {
    const id = account('profile');
    expect(await vault.get(id)).toBeUndefined();
    await vault.set(id, 'gb_api_first');
    expect(await vault.get(id)).toBe('gb_api_first');
    await vault.set(id, 'gb_api_second');
    expect(await vault.get(id)).toBe('gb_api_second');
    expect(await vault.delete(id)).toBe(true);
    expect(await vault.get(id)).toBeUndefined();
  });

  it('keeps unicode intact', async () => {
    const id = account('unicode');
    const token = 'jeton-é-ü-漢字-🔑-\u200b';
    await vault.set(id, token);
    expect(await vault.get(id)).toBe(token);
  });

  it('keeps two profiles apart', async () => {
    const a = account('a');
    const b = account('b');
    await vault.set(a, 'token-a');
    await vault.set(b, 'token-b');
    expect(await vault.get(a)).toBe('token-a');
    expect(await vault.get(b)).toBe('token-b');
    await vault.delete(a);
    expect(await vault.get(a)).toBeUndefined();
    expect(await vault.get(b)).toBe('token-b');
  });

  it('answers false when deleting an item that is not there', async () => {
    expect(await vault.delete(account('missing'))).toBe(false);
  });

  it('keeps services apart (tests never see the app items and vice versa)', async () => {
    const id = account('service');
    await vault.set(id, 'only-here');
    expect(await new KeyringVault({ service: `${service}-other` }).get(id)).toBeUndefined();
  });

  it.runIf(process.platform === 'linux')('says plainly when no keychain is reachable', async () => {
    const vaultModule = fileURLToPath(new URL('./vault.ts', import.meta.url));
    const script = `
      const { KeyringVault, VaultError } = await import(${JSON.stringify(vaultModule)});
      const vault = new KeyringVault({ service: 'docs-admin-test-unreachable', probeTimeoutMs: 5000 });
      const probed = await vault.probe();
      let setError = null;
      try { await vault.set('x', 'secret-token-123'); } catch (error) { setError = { vault: error instanceof VaultError, message: error.message }; }
      console.log(JSON.stringify({ probed, setError, status: vault.status() }));
    `;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' },
      timeout: 20_000,
    });
    const result = JSON.parse(stdout.trim()) as {
      probed: { available: boolean; message?: string };
      setError: { vault: boolean; message: string } | null;
      status: { available: boolean; message?: string };
    };
    expect(result.probed.available).toBe(false);
    expect(result.probed.message).toMatch(/^No keychain is reachable \(Secret Service\): .+/);
    expect(result.setError?.vault).toBe(true);
    expect(result.setError?.message).toMatch(/^No keychain is reachable/);
    expect(result.setError?.message).not.toContain('secret-token-123');
    expect(result.status.available).toBe(false);
  });
});

describe('MemoryVault', () => {
  it('stores, reads and deletes tokens, and is always available', async () => {
    const memory = new MemoryVault();
    expect(memory.status()).toEqual({ available: true });
    await memory.set('p', 't');
    expect(await memory.get('p')).toBe('t');
    expect(await memory.delete('p')).toBe(true);
    expect(await memory.delete('p')).toBe(false);
    expect(await memory.get('p')).toBeUndefined();
  });

  it('VaultError is an Error with its message', () => {
    expect(new VaultError('x')).toBeInstanceOf(Error);
  });
});
