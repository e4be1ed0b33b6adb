/**
 * The command line's way to a profile's API, the app's own: the stored profiles (profiles.json in the app's data
 * folder), the token from the OS keychain (vault.ts) or, for the local sandbox, a sandbox server started as the app
 * starts it (supervisor.ts: the token is handed over IPC and kept in memory). Every call goes through the app's API
 * proxy, paced by the API's rate-limit headers (pacer.ts) and retried after a 429, so that none reaches the user.
 * The token is never printed, logged, written to a file, passed as an argument or put in an error.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiRequest, Profile } from '../../../shared/bridge.ts';
import { createTransportClient, type ApiClient } from '../../../shared/client.ts';
import { prepareDataDir } from '../core/data-dir.ts';
import type { PacingStatus } from '../core/pacer.ts';
import { ProfileStore } from '../core/profiles.ts';
import { ApiProxy } from '../core/proxy.ts';
import { nodeSpawner } from '../core/spawn.ts';
import { LocalServerSupervisor } from '../core/supervisor.ts';
import { createTargetResolver, LOCAL_PROFILE_ID, localProfile, type LocalSandbox } from '../core/targets.ts';
import { KeyringVault, MemoryVault } from '../core/vault.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** A failure the user can act on; its message is printed as it is. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

/** A profile's API, ready for calls. */
export interface Connection {
  profile: Profile;
  client: ApiClient;
  /** Where the profile's rate-limit queue stands. */
  pacing(): PacingStatus;
  /** Calls made so far (each answered, retries not counted). */
  requests(): number;
  close(): Promise<void>;
}

/** A sandbox that is not started: a remote profile's connection needs none. */
const NO_SANDBOX: LocalSandbox = {
  baseUrl: undefined,
  token: () => undefined,
  problem: () => 'the command line starts it only for the local profile',
};

/** The profile named `wanted`: by id, else by name (any case). */
function findProfile(store: ProfileStore, wanted: string): Profile {
  const local = localProfile(NO_SANDBOX);
  const key = wanted.trim().toLowerCase();
  if (key === LOCAL_PROFILE_ID || key === local.name.toLowerCase()) return local;
  const profiles = store.list();
  const byId = profiles.find((profile) => profile.id === wanted);
  if (byId !== undefined) return byId;
  const named = profiles.filter((profile) => profile.name.toLowerCase() === key);
  if (named.length === 1) return named[0]!;
  if (named.length > 1)
    throw new CliError(`${named.length} profiles are named “${wanted}”: name one by its id instead`);
  const names = [local.name, ...profiles.map((profile) => profile.name)].map((name) => `“${name}”`);
  throw new CliError(`There is no profile “${wanted}”. The profiles are: ${names.join(', ')}.`);
}

/**
 * A typed client whose calls go through the API proxy as the app's renderer's do (checked, paced, 429s retried);
 * `requests` counts the calls answered, and `tooMany` those answered 429 all the same (none is expected).
 */
export function proxyClient(proxy: ApiProxy, profileId: string) {
  let requests = 0;
  let tooMany = 0;
  const client = createTransportClient(async ({ method, path, query, body }) => {
    const answer = await proxy.request({
      profileId,
      method: method as ApiRequest['method'],
      path,
      ...(query !== undefined ? { query: query as NonNullable<ApiRequest['query']> } : {}),
      ...(body !== undefined ? { body } : {}),
    });
    requests++;
    if (answer.status === 429) tooMany++;
    return { status: answer.status, body: answer.body };
  });
  return { client, requests: () => requests, tooMany: () => tooMany };
}

/** Options of `connect`. */
export interface ConnectOptions {
  /** The app's data folder. */
  dataDir: string;
  /** A profile's name or id. */
  profile: string;
  /** The keychain service (tests use their own; the app's is `docs-admin`). */
  keychainService?: string;
  /** The sandbox server's output and the supervisor's notes (never a token). */
  log?: (line: string) => void;
}

/** Connects to a profile's API. */
export async function connect(options: ConnectOptions): Promise<Connection> {
  prepareDataDir(options.dataDir);
  const store = new ProfileStore({ dataDir: options.dataDir });
  store.load();
  for (const problem of store.problems()) options.log?.(problem);
  const profile = findProfile(store, options.profile);

  let sandbox: LocalSandbox = NO_SANDBOX;
  let supervisor: LocalServerSupervisor | undefined;
  if (profile.kind === 'local') {
    supervisor = new LocalServerSupervisor({
      dataDir: options.dataDir,
      spawnServer: nodeSpawner(ROOT, { compileCacheDir: join(options.dataDir, 'compile-cache') }),
      // A token of its own: the app's sandbox, if the app is open, keeps its token.
      tokenFor: 'cli',
      ...(options.log !== undefined ? { log: options.log } : {}),
    });
    await supervisor.start();
    sandbox = supervisor;
  } else if (profile.sessionOnly === true) {
    throw new CliError(
      `The token of “${profile.name}” is kept by the app for its session only: the command line cannot reach it. Add the profile again with its token kept in the keychain.`,
    );
  }
  const vault = new KeyringVault(
    options.keychainService !== undefined ? { service: options.keychainService } : {},
  );
  const proxy = new ApiProxy({
    resolve: createTargetResolver({ profiles: store, vault, sessionVault: new MemoryVault(), sandbox }),
    timeoutMs: 60_000,
  });
  const { client, requests } = proxyClient(proxy, profile.id);
  return {
    profile,
    client,
    pacing: () => proxy.pacing(profile.id),
    requests,
    async close() {
      proxy.cancelAll();
      await supervisor?.stop();
    },
  };
}
