/**
 * The main-process core, wired: profiles, the vault, the local sandbox, the API proxy and the bridge handlers.
 * The Electron glue and browser mode both start it with `startCore` and serve its handlers.
 */
import { prepareDataDir } from './data-dir.ts';
import { createBridgeHandlers, type BridgeHandlers, type PrintToPdf } from './bridge-handlers.ts';
import { ProfileStore } from './profiles.ts';
import { ApiProxy } from './proxy.ts';
import type { SpawnServer } from './server-process.ts';
import { LocalServerSupervisor, type BackoffOptions, type HealthOptions } from './supervisor.ts';
import { createTargetResolver, LOCAL_PROFILE_ID } from './targets.ts';
import { KeyringVault, MemoryVault, type Vault } from './vault.ts';

/**
 * How the core gets its local sandbox: it makes the supervisor with `spawnServer` (and `backoff`, `health`), or it is
 * given one the caller made and started before loading the rest of the core (so that the sandbox child starts while
 * this process loads), on the same data folder.
 */
type SandboxOptions =
  | {
      /** Starts the local server: `nodeSpawner` in browser mode, a `utilityProcess` spawner in Electron. */
      spawnServer: SpawnServer;
      /** Restart backoff of the local sandbox. */
      backoff?: Partial<BackoffOptions>;
      /** The local sandbox's health probe (interval and misses before a restart). */
      health?: Partial<HealthOptions>;
      supervisor?: undefined;
    }
  | { supervisor: LocalServerSupervisor; spawnServer?: undefined };

/** What the core is started with. */
export type CoreOptions = SandboxOptions & {
  /** The app's data folder (profiles.json, and the sandbox's database in `sandbox/`). */
  dataDir: string;
  mode: 'desktop' | 'browser';
  version: string;
  platform: string;
  /** The token vault; by default the OS keychain, probed at start. */
  vault?: Vault;
  /** Opens a checked https: or mailto: URL outside the app. */
  openExternal: (url: string) => Promise<void> | void;
  /** Desktop only: prints a checked API URL to a PDF file (`print.savePdf`); browser mode has none. */
  printToPdf?: PrintToPdf;
  /** Receives the sandbox server's output and the core's notes (never a token). */
  log?: (line: string) => void;
  /** How long an API call may take (default 15 s). */
  requestTimeoutMs?: number;
  /** The bridge answers as JSON text (browser mode's host, which writes a `JsonText` body as it is). */
  jsonText?: boolean;
};

/** A started core. */
export interface Core {
  handlers: BridgeHandlers;
  supervisor: LocalServerSupervisor;
  /** Problems met at start (a corrupt profiles file kept aside, a sandbox that could not start). */
  problems(): string[];
  /** Cancels calls under way and stops the local sandbox. */
  stop(): Promise<void>;
}

/** Starts the core: loads profiles, probes the keychain, starts the local sandbox and builds the handlers. */
export async function startCore(options: CoreOptions): Promise<Core> {
  const log = options.log ?? (() => undefined);
  prepareDataDir(options.dataDir);
  const profiles = new ProfileStore({ dataDir: options.dataDir });
  profiles.load();
  for (const problem of profiles.problems()) log(problem);

  const supervisor =
    options.supervisor !== undefined
      ? options.supervisor
      : new LocalServerSupervisor({
          dataDir: options.dataDir,
          spawnServer: options.spawnServer,
          log,
          ...(options.backoff !== undefined ? { backoff: options.backoff } : {}),
          ...(options.health !== undefined ? { health: options.health } : {}),
        });
  const startProblems: string[] = [];
  // The sandbox starts while the keychain is asked whether it answers: neither needs the other.
  const sandboxStarted = supervisor.start().catch((error: unknown) => {
    // The app stays useful with remote profiles; the problem is shown with the profiles.
    const problem = error instanceof Error ? error.message : String(error);
    startProblems.push(problem);
    log(problem);
  });

  let vault = options.vault;
  if (vault === undefined) {
    const keyring = new KeyringVault();
    try {
      const status = await keyring.probe();
      if (!status.available) log(status.message ?? 'No keychain is reachable.');
    } catch (error) {
      // Nothing may outlive a core that did not start: the sandbox child included.
      await sandboxStarted;
      await supervisor.stop();
      throw error;
    }
    vault = keyring;
  }
  const sessionVault = new MemoryVault();
  await sandboxStarted;

  const proxy = new ApiProxy({
    resolve: createTargetResolver({ profiles, vault, sessionVault, sandbox: supervisor }),
    ...(options.requestTimeoutMs !== undefined ? { timeoutMs: options.requestTimeoutMs } : {}),
  });
  const handlers = createBridgeHandlers({
    info: { version: options.version, mode: options.mode, platform: options.platform },
    profiles,
    vault,
    sessionVault,
    sandbox: supervisor,
    proxy,
    openExternal: options.openExternal,
    ...(options.jsonText === true ? { jsonText: true } : {}),
    ...(options.printToPdf !== undefined ? { printToPdf: options.printToPdf } : {}),
    problems: () => {
      const restart = supervisor.status();
      return restart.state === 'restarting' && restart.problem !== undefined
        ? [...startProblems, `The local sandbox is restarting: ${restart.problem}`]
        : [...startProblems];
    },
  });

  if (startProblems.length === 0) await warmUp(proxy);

  return {
    handlers,
    supervisor,
    problems: () => [...profiles.problems(), ...startProblems],
    async stop() {
      proxy.cancelAll();
      await supervisor.stop();
    },
  };
}

/**
 * Asks the local sandbox once for what the first screen shows (the organizations, then the first one's overview):
 * the server compiles each route's schemas on first use, and that first use should not be the user's.
 */
async function warmUp(proxy: ApiProxy): Promise<void> {
  const call = (path: string, query?: Record<string, number>) =>
    proxy.request({ profileId: LOCAL_PROFILE_ID, method: 'GET', path, ...(query ? { query } : {}) });
  const orgs = await call('/v1/orgs');
  const first = (orgs.body as { items?: { id?: unknown }[] } | null)?.items?.[0]?.id;
  if (typeof first !== 'string') return;
  const org = `/v1/orgs/${encodeURIComponent(first)}`;
  await Promise.all([
    call(org),
    call(`${org}/members`, { limit: 1 }),
    call(`${org}/teams`, { limit: 1 }),
    call(`${org}/spaces`, { limit: 1 }),
    call(`${org}/sites`, { limit: 1 }),
  ]);
}
