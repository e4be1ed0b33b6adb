/**
 * Where tokens live: the OS keychain through `@napi-rs/keyring` (service `docs-admin`, account = profile id), or
 * main-process memory for session-only tokens and unit tests. Nothing here ever falls back to a file.
 */
import { AsyncEntry, type EntryOptions } from '@napi-rs/keyring';
import type { VaultStatus } from '../../../shared/bridge.ts';

/** A store of tokens by profile id. */
export interface Vault {
  /** Whether the store can be used now; when not, a message for the user says why. */
  status(): VaultStatus;
  /** The token of a profile, or `undefined` when there is none. Rejects with a `VaultError` when unreachable. */
  get(id: string): Promise<string | undefined>;
  /** Stores (or replaces) the token of a profile. Rejects with a `VaultError` when unreachable. */
  set(id: string, token: string): Promise<void>;
  /** Deletes the token of a profile; answers whether there was one. Rejects with a `VaultError` when unreachable. */
  delete(id: string): Promise<boolean>;
}

/** A vault failure whose message is fit for the user (it never contains a token). */
export class VaultError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VaultError';
  }
}

/** The keychain service name under which every token is stored. */
export const KEYCHAIN_SERVICE = 'docs-admin';

const PROBE_ACCOUNT = '__docs-admin-probe__';

/** The name of the platform's keychain, as people know it. */
export function keychainName(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return 'macOS Keychain';
  if (platform === 'win32') return 'Windows Credential Manager';
  return 'Secret Service';
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').trim() || 'unknown error';
}

/** Options of the keychain vault. */
export interface KeyringVaultOptions {
  /** The keychain service; tests use their own so as never to touch the app's items. */
  service?: string;
  /** How long `probe()` waits for the keychain to answer. */
  probeTimeoutMs?: number;
}

/** The production vault: the OS keychain. On Linux it is pinned to the Secret Service (never the kernel keyring). */
export class KeyringVault implements Vault {
  readonly service: string;
  private readonly probeTimeoutMs: number;
  private current: VaultStatus = { available: false, message: 'The keychain has not been checked yet.' };

  constructor(options: KeyringVaultOptions = {}) {
    this.service = options.service ?? KEYCHAIN_SERVICE;
    this.probeTimeoutMs = options.probeTimeoutMs ?? 10_000;
  }

  status(): VaultStatus {
    return { ...this.current };
  }

  /** Tries a harmless read to decide whether the keychain is reachable; the answer is also `status()`. */
  async probe(): Promise<VaultStatus> {
    try {
      await this.entry(PROBE_ACCOUNT).getPassword(AbortSignal.timeout(this.probeTimeoutMs));
      this.current = { available: true };
    } catch (error) {
      this.current = { available: false, message: this.unreachable(error) };
    }
    return this.status();
  }

  async get(id: string): Promise<string | undefined> {
    return this.run(async () => (await this.entry(id).getPassword()) ?? undefined);
  }

  async set(id: string, token: string): Promise<void> {
    await this.run(() => this.entry(id).setPassword(token));
  }

  async delete(id: string): Promise<boolean> {
    return this.run(() => this.entry(id).deletePassword());
  }

  private entry(account: string): AsyncEntry {
    const options: EntryOptions = { linux: { store: 'secret-service' } };
    return new AsyncEntry(this.service, account, options);
  }

  private async run<T>(work: () => Promise<T>): Promise<T> {
    try {
      // The constructor of an entry can throw synchronously (no session bus): keep it inside the try.
      const result = await work();
      this.current = { available: true };
      return result;
    } catch (error) {
      const message = this.unreachable(error);
      this.current = { available: false, message };
      throw new VaultError(message);
    }
  }

  private unreachable(error: unknown): string {
    return `No keychain is reachable (${keychainName()}): ${reasonOf(error)}`;
  }
}

/** A vault in main-process memory: session-only tokens, and unit tests of code that merely uses a vault. */
export class MemoryVault implements Vault {
  private readonly tokens = new Map<string, string>();

  status(): VaultStatus {
    return { available: true };
  }

  async get(id: string): Promise<string | undefined> {
    return this.tokens.get(id);
  }

  async set(id: string, token: string): Promise<void> {
    this.tokens.set(id, token);
  }

  async delete(id: string): Promise<boolean> {
    return this.tokens.delete(id);
  }
}
