/** Shared setup of the bridge handler tests: a REAL embedded server, real profile files, memory vaults. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHANNEL_NAMES, type VaultStatus } from '../../../shared/bridge.ts';
import { startTestServer, type TestServer, type TestUser } from '../../../server/test/harness.ts';
import { createBridgeHandlers, type BridgeHandlers } from './bridge-handlers.ts';
import { ProfileStore } from './profiles.ts';
import { ApiProxy } from './proxy.ts';
import { createTargetResolver, type LocalSandbox } from './targets.ts';
import { MemoryVault, VaultError, type Vault } from './vault.ts';

/** A vault whose keychain cannot be reached, as on a machine without a Secret Service. */
export class UnreachableVault implements Vault {
  status(): VaultStatus {
    return { available: false, message: 'No keychain is reachable (Secret Service): no session bus' };
  }
  async get(): Promise<string | undefined> {
    throw new VaultError(this.status().message!);
  }
  async set(): Promise<void> {
    throw new VaultError(this.status().message!);
  }
  async delete(): Promise<boolean> {
    throw new VaultError(this.status().message!);
  }
}

/** One set of handlers over its own data folder. */
export interface Setup {
  dataDir: string;
  profiles: ProfileStore;
  vault: Vault;
  sessionVault: MemoryVault;
  handlers: BridgeHandlers;
  opened: string[];
}

/** What a setup may change. */
export interface SetupOptions {
  vault?: Vault;
  dataDir?: string;
  newId?: () => string;
  openFails?: boolean;
}

/** The fixture: the server, its user, every answer given (to grep for tokens), and handler setups. */
export interface HandlerFixture {
  api: TestServer;
  owner: TestUser;
  answers: unknown[];
  setup(options?: SetupOptions): Setup;
  /** Adds a profile pointing at the embedded server with the owner's token. */
  add(
    handlers: BridgeHandlers,
    name: string,
    extra?: Record<string, unknown>,
  ): ReturnType<BridgeHandlers['profiles.add']>;
  close(): Promise<void>;
}

/** Starts the embedded server and answers the fixture; the local sandbox is that server with the owner's token. */
export async function startHandlerFixture(): Promise<HandlerFixture> {
  const api = await startTestServer();
  const owner = api.buildUser();
  api.buildOrg(owner, { title: 'Handlers Org' });
  const sandbox: LocalSandbox = { baseUrl: api.baseUrl, token: () => owner.token, problem: () => undefined };
  const dirs: string[] = [];
  const answers: unknown[] = [];

  const setup = (options: SetupOptions = {}): Setup => {
    const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'docs-admin-handlers-'));
    dirs.push(dataDir);
    const profiles = new ProfileStore({ dataDir });
    profiles.load();
    const vault = options.vault ?? new MemoryVault();
    const sessionVault = new MemoryVault();
    const opened: string[] = [];
    const raw = createBridgeHandlers({
      info: { version: '1.2.3', mode: 'desktop', platform: 'linux' },
      profiles,
      vault,
      sessionVault,
      sandbox,
      proxy: new ApiProxy({
        resolve: createTargetResolver({ profiles, vault, sessionVault, sandbox }),
        timeoutMs: 5_000,
      }),
      openExternal: (url) => {
        if (options.openFails) throw new Error('no opener');
        opened.push(url);
      },
      problems: () => ['an extra problem'],
      ...(options.newId !== undefined ? { newId: options.newId } : {}),
    });
    // Every answer is kept, to check at the end that no token is in any of them.
    const handlers = Object.fromEntries(
      CHANNEL_NAMES.map((name) => [
        name,
        async (request: unknown) => {
          const answer = await raw[name](request);
          answers.push(answer);
          return answer;
        },
      ]),
    ) as BridgeHandlers;
    return { dataDir, profiles, vault, sessionVault, handlers, opened };
  };

  return {
    api,
    owner,
    answers,
    setup,
    add: (handlers, name, extra = {}) =>
      handlers['profiles.add']({ name, baseUrl: api.baseUrl, token: owner.token, ...extra }),
    async close() {
      await api.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}
