/**
 * The local sandbox's API as the app's page reaches it (the bridge's `api.request` with the session cookie): specs
 * use it to look up ids and to arrange or check data around what the user does in the UI.
 */
import { callBridge, openSession, type BridgeSession } from './http.ts';

/** The sandbox profile's id (the built-in "Local sandbox"). */
export const SANDBOX_PROFILE = 'local';

/** An API answer: the status and the parsed JSON body. */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Query = Record<string, string | number | boolean>;

/** A member of a team as the API lists it. */
export interface TeamMemberSummary {
  name: string;
  role: string;
}

/** The sandbox's API through the bridge of one running app. */
export interface SandboxApi {
  /** Calls the API; throws only when the bridge itself fails, not on an API error status. */
  call(method: Method, path: string, options?: { body?: unknown; query?: Query }): Promise<ApiAnswer>;
  /** The id of the organization with that title. */
  orgId(title: string): Promise<string>;
  /** The user id of the member with that display name (exactly). */
  memberId(orgId: string, name: string): Promise<string>;
  /** The role of the member with that user id (`null` for a guest). */
  memberRole(orgId: string, userId: string): Promise<string | null>;
  /** The id of the team with that title. */
  teamId(orgId: string, title: string): Promise<string>;
  /** A team's members: display name and team role of each. */
  teamMembers(orgId: string, teamId: string): Promise<TeamMemberSummary[]>;
  /**
   * The titles of the collections and of the spaces directly in `parent` (a collection id, `null` for the top
   * level), each in the server's sibling order.
   */
  childTitles(orgId: string, parent: string | null): Promise<{ collections: string[]; spaces: string[] }>;
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null && name in value
    ? (value as Record<string, unknown>)[name]
    : undefined;
}

function items(answer: ApiAnswer, what: string): unknown[] {
  const list = field(answer.body, 'items');
  if (answer.status !== 200 || !Array.isArray(list))
    throw new Error(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  return list;
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new Error(`${what} is not a string: ${JSON.stringify(value)}`);
  return value;
}

/**
 * Opens a bridge session on the app's launch URL and answers its API helpers, through the local sandbox's profile or
 * another profile of the app (`profileId`: the API that profile points at, with its user's token).
 */
export async function sandboxApi(launchUrl: string, profileId = SANDBOX_PROFILE): Promise<SandboxApi> {
  const session: BridgeSession = await openSession(launchUrl);
  const call: SandboxApi['call'] = async (method, path, options = {}) => {
    const result = await callBridge(session, 'api.request', {
      profileId,
      method,
      path,
      ...(options.query === undefined ? {} : { query: options.query }),
      ...(options.body === undefined ? {} : { body: options.body }),
    });
    if (!result.ok) throw new Error(`bridge api.request ${method} ${path}: ${result.error.message}`);
    return result.value;
  };
  const find = async (path: string, query: Query, matches: (item: unknown) => boolean, what: string) => {
    const found = items(await call('GET', path, { query: { limit: 100, ...query } }), what).find(matches);
    if (found === undefined) throw new Error(`${what}: not found`);
    return found;
  };
  return {
    call,
    async orgId(title) {
      const org = await find(
        '/v1/orgs',
        {},
        (item) => field(item, 'title') === title,
        `organization ${title}`,
      );
      return text(field(org, 'id'), 'organization id');
    },
    async memberId(orgId, name) {
      const member = await find(
        `/v1/orgs/${orgId}/members`,
        { search: name },
        (item) => field(field(item, 'user'), 'displayName') === name,
        `member ${name}`,
      );
      return text(field(member, 'id'), 'member id');
    },
    async memberRole(orgId, userId) {
      const answer = await call('GET', `/v1/orgs/${orgId}/members/${userId}`);
      if (answer.status !== 200) throw new Error(`member ${userId}: HTTP ${answer.status}`);
      const role = field(answer.body, 'role');
      return role === null ? null : text(role, 'role');
    },
    async teamId(orgId, title) {
      const team = await find(
        `/v1/orgs/${orgId}/teams`,
        { title },
        (item) => field(item, 'title') === title,
        `team ${title}`,
      );
      return text(field(team, 'id'), 'team id');
    },
    async teamMembers(orgId, teamId) {
      const answer = await call('GET', `/v1/orgs/${orgId}/teams/${teamId}/members`, {
        query: { limit: 100 },
      });
      return items(answer, `members of team ${teamId}`).map((entry) => ({
        name: text(field(field(field(entry, 'organization'), 'user'), 'displayName'), 'display name'),
        role: text(field(field(entry, 'team'), 'role'), 'team role'),
      }));
    },
    async childTitles(orgId, parent) {
      const titlesIn = async (path: string, what: string) => {
        const all: unknown[] = [];
        let page: string | undefined;
        do {
          const answer = await call('GET', path, {
            query: { limit: 1000, ...(page !== undefined ? { page } : {}) },
          });
          all.push(...items(answer, what));
          const next = field(field(answer.body, 'next'), 'page');
          page = typeof next === 'string' ? next : undefined;
        } while (page !== undefined);
        return all
          .filter((item) => (field(item, 'parent') ?? null) === parent)
          .map((item) => text(field(item, 'title'), `${what} title`));
      };
      return {
        collections: await titlesIn(`/v1/orgs/${orgId}/collections`, 'collections'),
        spaces: await titlesIn(`/v1/orgs/${orgId}/spaces`, 'spaces'),
      };
    },
  };
}
