/**
 * The bridge's handlers: one function per channel of `shared/bridge.ts`. Each checks its request with the channel's
 * schema, does its work and answers a `BridgeResult`; nothing ever throws across the bridge, and no answer or
 * message carries a token.
 */
import { randomUUID } from 'node:crypto';
import {
  channels,
  type BridgeResponse,
  type BridgeResult,
  type ChannelName,
  type ConnectionTest,
  type Profile,
} from '../../../shared/bridge.ts';
import { answer, must, Refusal, valid } from './bridge-answer.ts';
import { systemHandlers } from './bridge-system-handlers.ts';
import { ProfileStoreError, type ProfileStore } from './profiles.ts';
import { type ApiProxy, type ProxyTarget } from './proxy.ts';
import { LOCAL_PROFILE_ID, localProfile, vaultOf, type LocalSandbox } from './targets.ts';
import { checkBaseUrl, checkRequest, checkToken } from './validation.ts';
import { VaultError, type Vault } from './vault.ts';

/** One handler per channel: takes the raw request, answers a `BridgeResult`, never throws. */
export type BridgeHandlers = {
  [C in ChannelName]: (request: unknown) => Promise<BridgeResult<BridgeResponse<C>>>;
};

/** What the handlers work with. */
export interface BridgeDeps {
  info: { version: string; mode: 'desktop' | 'browser'; platform: string };
  profiles: ProfileStore;
  /** The keychain. */
  vault: Vault;
  /** Tokens kept for this session only. */
  sessionVault: Vault;
  sandbox: LocalSandbox;
  proxy: ApiProxy;
  /** Opens a checked https: or mailto: URL in the system's browser or mail app. */
  openExternal: (url: string) => Promise<void> | void;
  /**
   * Desktop only: prints a checked URL of a profile's API to a PDF file the user picks (a hidden, script-less
   * window and the save dialog); undefined in browser mode, where `print.savePdf` answers 501.
   */
  printToPdf?: PrintToPdf;
  /** Problems to show beside the profiles' own (e.g. the sandbox could not start). */
  problems?: () => string[];
  /** New profile ids (tests pass their own). */
  newId?: () => string;
  /**
   * The bridge answers as JSON text (browser mode's host): API bodies that need no redaction are answered as their
   * `JsonText` (json-text.ts), which the host sends on without parsing them into values again.
   */
  jsonText?: boolean;
}

/** Prints `url` to a PDF and saves it where the user says, suggesting `fileName`; `saved: false` when cancelled. */
export type PrintToPdf = (url: string, fileName: string) => Promise<{ saved: boolean; path?: string }>;

function sameName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
}

function storeFailure(error: unknown): never {
  if (error instanceof ProfileStoreError) throw new Refusal(500, error.message);
  throw error;
}

/** Whose token it is (`GET /v1/user`), when the API says; nothing when it does not. */
async function tokenOwner(proxy: ApiProxy, target: ProxyTarget): Promise<ConnectionTest['user']> {
  const outcome = await proxy.call(target, { method: 'GET', path: '/v1/user' });
  const body = outcome.body as { displayName?: unknown; email?: unknown } | null;
  if (!outcome.reached || outcome.status !== 200 || typeof body?.displayName !== 'string') return undefined;
  return { displayName: body.displayName, ...(typeof body.email === 'string' ? { email: body.email } : {}) };
}

/** A refusal in plain words, by status: what it means for the person holding the token. */
function refusalWords(status: number): string {
  switch (status) {
    case 401:
      return 'The API refused this token: check that it was copied whole and has not been revoked.';
    case 403:
      return 'The API knows this token but does not let it list organizations.';
    case 404:
      return 'No API answers at this base URL: check the address (GitBook’s is https://api.gitbook.com).';
    case 429:
      return 'The API asks to slow down: try again in a minute.';
    default:
      return status >= 500
        ? `The API had a problem (it answered ${status}): try again later.`
        : `The API answered ${status}.`;
  }
}

/** Tests a target with `GET /v1/orgs` (then `GET /v1/user`, to say whose token it is) and says what it found. */
async function testConnection(proxy: ApiProxy, target: ProxyTarget): Promise<ConnectionTest> {
  const outcome = await proxy.call(target, { method: 'GET', path: '/v1/orgs' });
  const body = outcome.body as { items?: unknown; count?: unknown; error?: { message?: unknown } } | null;
  const serverMessage = typeof body?.error?.message === 'string' ? body.error.message : undefined;
  if (!outcome.reached)
    return {
      ok: false,
      status: 0,
      message: serverMessage ?? 'the API could not be reached',
    };
  if (outcome.status === 200 && Array.isArray(body?.items)) {
    const organizations = typeof body.count === 'number' ? body.count : body.items.length;
    const user = await tokenOwner(proxy, target);
    const who =
      user === undefined
        ? 'Connected'
        : `Connected as ${user.displayName}${user.email !== undefined ? ` (${user.email})` : ''}`;
    return {
      ok: true,
      status: 200,
      message: `${who}: the token sees ${organizations} organization${organizations === 1 ? '' : 's'}.`,
      organizations,
      ...(user !== undefined ? { user } : {}),
    };
  }
  if (outcome.status === 200)
    return {
      ok: false,
      status: 200,
      message: 'The answer is not a list of organizations: is this the API\u2019s base URL?',
    };
  return {
    ok: false,
    status: outcome.status,
    message: refusalWords(outcome.status),
    ...(serverMessage !== undefined ? { detail: serverMessage } : {}),
  };
}

/** The handlers of every channel, by area. */
export function createBridgeHandlers(deps: BridgeDeps): BridgeHandlers {
  const rules = profileRules(deps);
  return { ...profileHandlers(deps, rules), ...apiHandlers(deps, rules), ...systemHandlers(deps) };
}

/** The checks of a profile id or name against the stored profiles (and the local sandbox's). */
function profileRules(deps: BridgeDeps) {
  const allProfiles = (): Profile[] => [localProfile(deps.sandbox), ...deps.profiles.list()];
  const storedProfile = (id: string): Profile => {
    if (id === LOCAL_PROFILE_ID)
      throw new Refusal(400, 'The local sandbox profile cannot be changed or removed.');
    const profile = deps.profiles.get(id);
    if (profile === undefined) throw new Refusal(404, `There is no profile with the id ${id}.`);
    return profile;
  };
  const knownProfile = (id: string) => {
    if (id !== LOCAL_PROFILE_ID && deps.profiles.get(id) === undefined)
      throw new Refusal(404, `There is no profile with the id ${id}.`);
  };
  const checkNameFree = (name: string, exceptId?: string) => {
    const taken = allProfiles().find((profile) => profile.id !== exceptId && sameName(profile.name, name));
    if (taken !== undefined) throw new Refusal(409, `A profile named "${taken.name}" exists already.`);
  };

  return { allProfiles, storedProfile, knownProfile, checkNameFree };
}

type ProfileRules = ReturnType<typeof profileRules>;

/** The app's information and the profiles: list, add, rename, remove, replace a token. */
function profileHandlers(
  deps: BridgeDeps,
  { allProfiles, storedProfile, checkNameFree }: ProfileRules,
): Pick<
  BridgeHandlers,
  | 'app.info'
  | 'profiles.list'
  | 'sandbox.status'
  | 'profiles.add'
  | 'profiles.rename'
  | 'profiles.remove'
  | 'profiles.setToken'
> {
  const newId = deps.newId ?? randomUUID;
  return {
    'app.info': (request) =>
      answer(request, async () => {
        valid('app.info', request);
        return { ...deps.info };
      }),

    'profiles.list': (request) =>
      answer(request, async () => {
        valid('profiles.list', request);
        return {
          profiles: allProfiles(),
          vault: deps.vault.status(),
          problems: [...deps.profiles.problems(), ...(deps.problems?.() ?? [])],
        };
      }),

    'sandbox.status': (request) =>
      answer(request, async () => {
        valid('sandbox.status', request);
        const lastRestart = deps.sandbox.lastRestart?.();
        return {
          running: deps.sandbox.baseUrl !== undefined,
          ...(lastRestart !== undefined ? { lastRestart } : {}),
        };
      }),

    'profiles.add': (request) =>
      answer(request, async () => {
        const input = valid('profiles.add', request);
        const baseUrl = must(checkBaseUrl(input.baseUrl));
        const token = must(checkToken(input.token));
        const name = input.name.trim();
        checkNameFree(name);
        const sessionOnly = input.sessionOnly === true;
        const profile: Profile = {
          id: newId(),
          name,
          baseUrl,
          kind: 'remote',
          ...(sessionOnly ? { sessionOnly } : {}),
        };
        const vault = vaultOf(deps, profile);
        try {
          // Tried even when the last look found no keychain: it may have been unlocked or started since.
          await vault.set(profile.id, token);
        } catch (error) {
          if (!(error instanceof VaultError)) throw error;
          throw new Refusal(
            503,
            `${error.message.replace(/\.$/, '')}. The token can be kept for this session only instead.`,
          );
        }
        try {
          // Again: another add may have taken the name while the keychain answered.
          checkNameFree(name);
          deps.profiles.add(profile);
        } catch (error) {
          // Nothing half-written: the token goes if the profile could not be saved.
          await vault.delete(profile.id).catch(() => false);
          if (error instanceof Refusal) throw error;
          storeFailure(error);
        }
        return profile;
      }),

    'profiles.rename': (request) =>
      answer(request, async () => {
        const input = valid('profiles.rename', request);
        const profile = storedProfile(input.id);
        const name = input.name.trim();
        checkNameFree(name, profile.id);
        try {
          return deps.profiles.rename(profile.id, name) ?? profile;
        } catch (error) {
          return storeFailure(error);
        }
      }),

    'profiles.remove': (request) =>
      answer(request, async () => {
        const input = valid('profiles.remove', request);
        const profile = storedProfile(input.id);
        const vault = vaultOf(deps, profile);
        // Keep the token until the profile is gone from the file, so a failed save can put things back.
        const previous = await vault.get(profile.id);
        await vault.delete(profile.id);
        try {
          deps.profiles.remove(profile.id);
        } catch (error) {
          if (previous !== undefined) await vault.set(profile.id, previous).catch(() => undefined);
          storeFailure(error);
        }
        deps.proxy.forget(profile.id);
        return {};
      }),

    'profiles.setToken': (request) =>
      answer(request, async () => {
        const input = valid('profiles.setToken', request);
        const profile = storedProfile(input.id);
        const token = must(checkToken(input.token));
        await vaultOf(deps, profile).set(profile.id, token);
        return {};
      }),
  };
}

/** Calls to a profile's API through the proxy: a connection test, requests, capabilities, pacing, cancels. */
function apiHandlers(
  deps: BridgeDeps,
  { knownProfile }: ProfileRules,
): Pick<BridgeHandlers, 'profiles.test' | 'api.request' | 'api.capabilities' | 'api.pacing' | 'api.cancel'> {
  return {
    'profiles.test': (request) =>
      answer(request, async () => {
        const isSaved = typeof request === 'object' && request !== null && 'profileId' in request;
        const variants = channels['profiles.test'].request.anyOf;
        const checked = checkRequest(isSaved ? variants[1] : variants[0], request);
        if (!checked.ok) throw new Refusal(400, checked.message);
        const input = checked.value as { profileId: string } | { baseUrl: string; token: string };
        if ('profileId' in input) {
          const lookup = await deps.proxy.lookup(input.profileId);
          if (lookup.kind === 'unknown')
            throw new Refusal(404, `There is no profile with the id ${input.profileId}.`);
          if (lookup.kind === 'unavailable') return { ok: false, status: 0, message: lookup.message };
          return testConnection(deps.proxy, lookup.target);
        }
        const baseUrl = must(checkBaseUrl(input.baseUrl));
        const token = must(checkToken(input.token));
        return testConnection(deps.proxy, { baseUrl, token });
      }),

    'api.request': (request) =>
      answer(request, async () => {
        const input = valid('api.request', request);
        knownProfile(input.profileId);
        return deps.proxy.request(input, { asText: deps.jsonText === true });
      }),

    'api.capabilities': (request) =>
      answer(request, async () => {
        const input = valid('api.capabilities', request);
        knownProfile(input.profileId);
        return deps.proxy.capabilitiesOf(input.profileId);
      }),

    'api.pacing': (request) =>
      answer(request, async () => {
        const input = valid('api.pacing', request);
        knownProfile(input.profileId);
        return deps.proxy.pacing(input.profileId);
      }),

    'api.cancel': (request) =>
      answer(request, async () => {
        const input = valid('api.cancel', request);
        deps.proxy.cancel(input.requestId);
        return {};
      }),
  };
}
