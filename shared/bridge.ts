/**
 * The bridge between the renderer and the main-process core: one typed map of channels. The preload exposes
 * exactly these as `window.docsAdmin[channel]`; in browser mode the same map is served over loopback HTTP.
 * Every answer is a `BridgeResult`: a bridge call never throws across the boundary.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { DisplayText, StringEnum } from './contract/common.ts';

/** A profile: where an API is and what to call it. Never holds a secret. */
export const Profile = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  name: DisplayText({ minLength: 1, maxLength: 64 }),
  baseUrl: Type.String({ minLength: 1, maxLength: 2048 }),
  kind: StringEnum(['local', 'remote'] as const),
  /** True when the token is kept for this session only (no keychain was reachable). */
  sessionOnly: Type.Optional(Type.Boolean()),
});
export type Profile = Static<typeof Profile>;

/** Whether the OS keychain can be used; when not, `message` says why in words for the user. */
export const VaultStatus = Type.Object({ available: Type.Boolean(), message: Type.Optional(Type.String()) });
export type VaultStatus = Static<typeof VaultStatus>;

/** The token as typed by the user: it travels renderer → main once, and never back. */
export const Token = Type.String({ minLength: 1, maxLength: 4096 });

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** An API call through the main process, which adds the token. */
export const ApiRequest = Type.Object({
  profileId: Type.String({ minLength: 1, maxLength: 64 }),
  method: StringEnum(HTTP_METHODS),
  /** A `/v1/...` path of the contract, with parameters filled in; no host, no query. */
  path: Type.String({ minLength: 1, maxLength: 2048 }),
  query: Type.Optional(
    Type.Record(
      Type.String(),
      Type.Union([
        Type.String(),
        Type.Number(),
        Type.Boolean(),
        Type.Array(Type.Union([Type.String(), Type.Number()])),
      ]),
    ),
  ),
  body: Type.Optional(Type.Unknown()),
  /** Lets the renderer cancel the call with `api.cancel`. */
  requestId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  /** Part of a long job: while the API's rate limit holds calls back, the user's own calls go first. */
  background: Type.Optional(Type.Boolean()),
});
export type ApiRequest = Static<typeof ApiRequest>;

/** The API's answer as is: its status and its JSON body (the error shape on failure, also for network failures). */
export const ApiResponse = Type.Object({ status: Type.Integer(), body: Type.Unknown() });
export type ApiResponse = Static<typeof ApiResponse>;

/**
 * A restart of the local sandbox after it had been running (it stopped answering its health probe, or exited), as
 * the app tells the user once the new server runs. `id` counts the restarts of this launch.
 */
export const SandboxRestart = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  at: Type.String(),
  message: Type.String(),
});
export type SandboxRestart = Static<typeof SandboxRestart>;

/**
 * What a profile's API offers: `openapi` when learned from its `/v1/openapi.json`, `probing` when it serves none
 * (GitBook) and absent operations are learned from their first 404. `absent` names the contract's operations it
 * does not offer; the app hides what needs them, with a line saying so.
 */
export const ApiCapabilities = Type.Object({
  source: StringEnum(['openapi', 'probing'] as const),
  absent: Type.Array(Type.String()),
});
export type ApiCapabilities = Static<typeof ApiCapabilities>;

/** How a profile's calls are paced by the API's rate limit (`waitMs` > 0: the first queued call is waiting). */
export const ApiPacing = Type.Object({
  queued: Type.Integer({ minimum: 0 }),
  waitMs: Type.Number({ minimum: 0 }),
  limit: Type.Optional(Type.Number()),
  remaining: Type.Optional(Type.Number()),
  /** When the API's rate-limit window resets, epoch ms. */
  resetAt: Type.Optional(Type.Number()),
});
export type ApiPacing = Static<typeof ApiPacing>;

/** What testing a connection found. */
export const ConnectionTest = Type.Object({
  ok: Type.Boolean(),
  /** HTTP status, or 0 when the API could not be reached. */
  status: Type.Integer(),
  message: Type.String(),
  /** How many organizations the token sees, when it works. */
  organizations: Type.Optional(Type.Integer()),
  /** Whose token it is, when it works and the API says (`GET /v1/user`). */
  user: Type.Optional(Type.Object({ displayName: Type.String(), email: Type.Optional(Type.String()) })),
  /** The API's own words, when it refused (the message says it plainly). */
  detail: Type.Optional(Type.String()),
});
export type ConnectionTest = Static<typeof ConnectionTest>;

const Empty = Type.Object({});

interface Channel<Req extends TSchema, Res extends TSchema> {
  request: Req;
  response: Res;
}
const channel = <Req extends TSchema, Res extends TSchema>(
  request: Req,
  response: Res,
): Channel<Req, Res> => ({
  request,
  response,
});

/** Every channel of the bridge. */
export const channels = {
  /** Version and mode of the running app. */
  'app.info': channel(
    Empty,
    Type.Object({
      version: Type.String(),
      mode: StringEnum(['desktop', 'browser'] as const),
      platform: Type.String(),
    }),
  ),
  /** The profiles, the keychain's status, and problems met loading them (e.g. a corrupt file kept aside). */
  'profiles.list': channel(
    Empty,
    Type.Object({ profiles: Type.Array(Profile), vault: VaultStatus, problems: Type.Array(Type.String()) }),
  ),
  /** Adds a remote profile; the token goes to the keychain (or to memory with `sessionOnly`). */
  'profiles.add': channel(
    Type.Object({
      name: DisplayText({ minLength: 1, maxLength: 64 }),
      baseUrl: Type.String({ minLength: 1, maxLength: 2048 }),
      token: Token,
      sessionOnly: Type.Optional(Type.Boolean()),
    }),
    Profile,
  ),
  'profiles.rename': channel(
    Type.Object({
      id: Type.String({ minLength: 1, maxLength: 64 }),
      name: DisplayText({ minLength: 1, maxLength: 64 }),
    }),
    Profile,
  ),
  /** Removes a profile and deletes its keychain item. The local sandbox cannot be removed. */
  'profiles.remove': channel(Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }), Empty),
  /** Replaces the token of a remote profile (in the keychain, or in memory for a session-only profile). */
  'profiles.setToken': channel(
    Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }), token: Token }),
    Empty,
  ),
  /** Tests a base URL and token before saving, or a saved profile. */
  'profiles.test': channel(
    Type.Union([
      Type.Object({ baseUrl: Type.String({ minLength: 1, maxLength: 2048 }), token: Token }),
      Type.Object({ profileId: Type.String({ minLength: 1, maxLength: 64 }) }),
    ]),
    ConnectionTest,
  ),
  /** Whether the local sandbox runs, and its latest restart this launch (the renderer polls it for its banner). */
  'sandbox.status': channel(
    Empty,
    Type.Object({ running: Type.Boolean(), lastRestart: Type.Optional(SandboxRestart) }),
  ),
  /** Calls the API of a profile. */
  'api.request': channel(ApiRequest, ApiResponse),
  /** Cancels an `api.request` still under way (or still waiting for its turn). */
  'api.cancel': channel(Type.Object({ requestId: Type.String({ minLength: 1, maxLength: 128 }) }), Empty),
  /** What the profile's API offers (learned once per profile). */
  'api.capabilities': channel(
    Type.Object({ profileId: Type.String({ minLength: 1, maxLength: 64 }) }),
    ApiCapabilities,
  ),
  /** Whether the profile's calls wait for the API's rate limit, and how long (long jobs show it). */
  'api.pacing': channel(Type.Object({ profileId: Type.String({ minLength: 1, maxLength: 64 }) }), ApiPacing),
  /** Opens an https: (or mailto:) link in the system browser. */
  'shell.openExternal': channel(
    Type.Object({ url: Type.String({ minLength: 1, maxLength: 2048 }) }),
    Type.Object({ opened: Type.Boolean() }),
  ),
  /**
   * An image of the local sandbox's revision files (`<sandbox>/files/<id>`) as a `data:` URL: the window loads images
   * only from itself, `data:` and https, and the sandbox serves loopback http. Any other URL, and anything but a
   * raster image up to 5 MB, is refused.
   */
  'files.image': channel(
    Type.Object({ url: Type.String({ minLength: 1, maxLength: 2048 }) }),
    Type.Object({ dataUrl: Type.String() }),
  ),
  /**
   * Desktop only: prints a page of the profile's API (a change request's temporary print URL) to a PDF file the
   * user picks. The URL must be on the profile's API origin; `fileName` is only the suggested name. Answers
   * `saved: false` when the user cancels the save dialog; browser mode answers 501 (the browser prints there).
   */
  'print.savePdf': channel(
    Type.Object({
      profileId: Type.String({ minLength: 1, maxLength: 64 }),
      url: Type.String({ minLength: 1, maxLength: 2048 }),
      fileName: Type.String({ minLength: 1, maxLength: 200 }),
    }),
    Type.Object({ saved: Type.Boolean(), path: Type.Optional(Type.String()) }),
  ),
};

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
export const CHANNEL_NAMES = Object.keys(channels) as ChannelName[];
export type BridgeRequest<C extends ChannelName> = Static<Channels[C]['request']>;
export type BridgeResponse<C extends ChannelName> = Static<Channels[C]['response']>;

/** A bridge failure: `code` is an HTTP-like status (400 bad request, 404 unknown profile, 503 keychain unreachable…). */
export interface BridgeError {
  code: number;
  message: string;
}

/** Every bridge answer. */
export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeError };

/** What the preload exposes as `window.docsAdmin`: one function per channel. */
export type DocsAdminBridge = {
  [C in ChannelName]: (request: BridgeRequest<C>) => Promise<BridgeResult<BridgeResponse<C>>>;
};

export * from './bridge-http.ts';
