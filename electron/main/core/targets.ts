/**
 * Where a profile's calls go: the local sandbox (base URL and token from the supervisor, in memory) or a stored
 * remote profile (token from the keychain, or from memory when it was kept for the session only).
 */
import type { Profile, SandboxRestart } from '../../../shared/bridge.ts';
import type { ProfileStore } from './profiles.ts';
import type { ResolveTarget, TargetLookup } from './proxy.ts';
import { VaultError, type Vault } from './vault.ts';

/** The id of the built-in "Local sandbox" profile. */
export const LOCAL_PROFILE_ID = 'local';

/** The name of the built-in profile. */
export const LOCAL_PROFILE_NAME = 'Local sandbox';

/** What the core needs of the local sandbox. */
export interface LocalSandbox {
  /** The running server's base URL, `undefined` while it is not running. */
  readonly baseUrl: string | undefined;
  /** The demo owner's token for this launch. */
  token(): string | undefined;
  /** Why it is not running, when it is not. */
  problem(): string | undefined;
  /** Its latest restart after it had been running (none for a sandbox that is never restarted). */
  lastRestart?(): SandboxRestart | undefined;
}

/** Shown as the local profile's base URL while the sandbox is not running (the schema wants a URL). */
const LOCAL_PLACEHOLDER_URL = 'http://127.0.0.1';

/** The built-in profile, with the sandbox's current base URL. */
export function localProfile(sandbox: LocalSandbox): Profile {
  return {
    id: LOCAL_PROFILE_ID,
    name: LOCAL_PROFILE_NAME,
    baseUrl: sandbox.baseUrl ?? LOCAL_PLACEHOLDER_URL,
    kind: 'local',
  };
}

/** Everything the resolver reads. */
export interface TargetDeps {
  profiles: ProfileStore;
  /** The keychain. */
  vault: Vault;
  /** Tokens kept for this session only. */
  sessionVault: Vault;
  sandbox: LocalSandbox;
}

/** The vault that holds (or would hold) a profile's token. */
export function vaultOf(deps: Pick<TargetDeps, 'vault' | 'sessionVault'>, profile: Profile): Vault {
  return profile.sessionOnly === true ? deps.sessionVault : deps.vault;
}

/** Builds the proxy's lookup of a profile's base URL and token. */
export function createTargetResolver(deps: TargetDeps): ResolveTarget {
  return async (profileId): Promise<TargetLookup> => {
    if (profileId === LOCAL_PROFILE_ID) {
      const baseUrl = deps.sandbox.baseUrl;
      const token = deps.sandbox.token();
      if (baseUrl === undefined || token === undefined) {
        const why = deps.sandbox.problem();
        return {
          kind: 'unavailable',
          status: 503,
          message: `The local sandbox is not running${why === undefined ? '' : `: ${why}`}`,
        };
      }
      return { kind: 'target', target: { baseUrl, token } };
    }
    const profile = deps.profiles.get(profileId);
    if (profile === undefined) return { kind: 'unknown' };
    let token: string | undefined;
    try {
      token = await vaultOf(deps, profile).get(profile.id);
    } catch (error) {
      if (error instanceof VaultError) return { kind: 'unavailable', status: 503, message: error.message };
      throw error;
    }
    if (token === undefined) {
      return {
        kind: 'unavailable',
        status: 401,
        message:
          profile.sessionOnly === true
            ? `The token of "${profile.name}" was kept for an earlier session only; remove the profile and add it again with its token.`
            : `The keychain holds no token for "${profile.name}"; remove the profile and add it again with its token.`,
      };
    }
    return { kind: 'target', target: { baseUrl: profile.baseUrl, token } };
  };
}
