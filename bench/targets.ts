/** The endpoints under load, each cycling through many different requests. */
import type { Seeded } from './seed.ts';
import type { RequestSpec, Target } from './load.ts';

/** Roles a PATCH cycles through: never `admin`, so the admin count never changes. */
const PATCH_ROLES = ['create', 'review', 'edit', 'comment', 'read', null] as const;

/** A function answering the items in turn, forever. */
function cycle<T>(items: readonly T[], make: (item: T, turn: number) => RequestSpec): () => RequestSpec {
  if (items.length === 0) throw new Error('nothing to cycle through');
  let turn = 0;
  return () => {
    const spec = make(items[turn % items.length] as T, turn);
    turn++;
    return spec;
  };
}

/** Every page of the member list (`limit=50`), found by walking `next.page` once. */
export async function memberPagePaths(baseUrl: string, seeded: Seeded): Promise<string[]> {
  const first = `/v1/orgs/${seeded.orgId}/members?limit=50`;
  const paths = [first];
  let path: string | undefined = first;
  while (path !== undefined) {
    const response = await fetch(baseUrl + path, { headers: { authorization: `Bearer ${seeded.token}` } });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    const body: unknown = await response.json();
    const next = typeof body === 'object' && body !== null && 'next' in body ? body.next : undefined;
    const page = typeof next === 'object' && next !== null && 'page' in next ? next.page : undefined;
    path = typeof page === 'string' ? `${first}&page=${encodeURIComponent(page)}` : undefined;
    if (path !== undefined) paths.push(path);
  }
  return paths;
}

/** The three server endpoints under load. */
export function serverTargets(
  baseUrl: string,
  seeded: Seeded,
  pagePaths: string[],
): { members: Target; team: Target; patch: Target } {
  const auth = { authorization: `Bearer ${seeded.token}` };
  const org = `/v1/orgs/${seeded.orgId}`;
  const members = seeded.nonAdminIds;
  return {
    members: {
      label: 'GET members page',
      baseUrl,
      headers: auth,
      next: cycle(pagePaths, (path) => ({ method: 'GET', path })),
    },
    team: {
      label: 'GET team',
      baseUrl,
      headers: auth,
      next: cycle(seeded.teamIds, (id) => ({ method: 'GET', path: `${org}/teams/${id}` })),
    },
    patch: {
      label: 'PATCH member role',
      baseUrl,
      headers: { ...auth, 'content-type': 'application/json' },
      // The role shifts by one on every pass over the members, so each pass changes every role.
      next: cycle(members, (id, turn) => ({
        method: 'PATCH',
        path: `${org}/members/${id}`,
        body: JSON.stringify({
          role: PATCH_ROLES[(turn + Math.floor(turn / members.length)) % PATCH_ROLES.length],
        }),
      })),
    },
  };
}

/** The plain `http` hello-world baseline. */
export function helloTarget(baseUrl: string): Target {
  return {
    label: 'hello-world (node:http)',
    baseUrl,
    headers: {},
    next: () => ({ method: 'GET', path: '/' }),
  };
}
