/**
 * Deep links, `docs-admin://open/<screen>[?<query>]` (e.g. `docs-admin://open/p/local/orgs/<org>/people`): the scheme
 * the installers register with the OS, and the parse of an incoming link against the screens the app knows. Pure
 * (no `electron` import). A link can come from anywhere (a web page, a chat message, another program), so nothing
 * passes but a known route whose parameters are plain ids and whose query names are the ones that screen reads; the
 * result is the hash route the window opens (the renderer uses hash history).
 */

/** The URL scheme of deep links (registered by the installers: Info.plist, the .desktop file, the registry). */
export const DEEP_LINK_SCHEME = 'docs-admin';
/** The one host of a deep link: what to do with the path that follows. */
const DEEP_LINK_HOST = 'open';
/** Longer links are refused without parsing. */
const MAX_LINK_LENGTH = 2048;
/** A route parameter or a query value: the app's ids (profile ids, the API's ids and slugs) and nothing else. */
const PLAIN_VALUE = /^[A-Za-z0-9_-]{1,128}$/;

/** A screen a link may open: its path (`$name` segments are parameters) and the query names it reads. */
export interface DeepLinkRoute {
  readonly path: string;
  readonly query?: readonly string[];
}

const ORG = '/p/$profileId/orgs/$orgId';

/** The screens of renderer/src/router/router.tsx that a link may open (the deep-link e2e spec checks each one). */
export const DEEP_LINK_ROUTES: readonly DeepLinkRoute[] = [
  { path: '/' },
  { path: '/profiles' },
  { path: '/p/$profileId' },
  { path: ORG },
  { path: `${ORG}/people` },
  { path: `${ORG}/teams/$teamId` },
  { path: `${ORG}/invites` },
  { path: `${ORG}/settings` },
  { path: `${ORG}/content` },
  { path: `${ORG}/spaces/$spaceId`, query: ['page'] },
  { path: `${ORG}/change-requests` },
  { path: `${ORG}/merge-rules`, query: ['space'] },
  { path: `${ORG}/spaces/$spaceId/change-requests/$changeRequestId`, query: ['tab', 'page'] },
  { path: `${ORG}/trash` },
  { path: `${ORG}/sites` },
  { path: `${ORG}/sites/$siteId` },
  { path: `${ORG}/sso` },
  { path: `${ORG}/custom-fields` },
  { path: `${ORG}/openapi`, query: ['spec', 'base', 'head'] },
  { path: `${ORG}/translations` },
];

/** The segments of a route's path (none for `/`). */
function segmentsOf(path: string): string[] {
  return path === '/' ? [] : path.slice(1).split('/');
}

/** Whether `segments` fill the route: same length, literal segments equal, parameters plain values. */
function fills(route: DeepLinkRoute, segments: readonly string[]): boolean {
  const pattern = segmentsOf(route.path);
  return (
    pattern.length === segments.length &&
    pattern.every((part, index) => {
      const segment = segments[index]!;
      return part.startsWith('$') ? PLAIN_VALUE.test(segment) : part === segment;
    })
  );
}

/**
 * The hash route (`/p/local/orgs/x/people`, `/openapi?spec=y` …) a deep link opens, or null when the link is not
 * ours, does not parse, names no known screen, or carries anything else (credentials, a port, a fragment, an
 * unknown or repeated query name, a value that is not a plain id).
 */
export function deepLinkRoute(link: string): string | null {
  if (link.length > MAX_LINK_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:` || url.hostname.toLowerCase() !== DEEP_LINK_HOST) return null;
  if (url.port !== '' || url.username !== '' || url.password !== '' || url.hash !== '') return null;
  const path =
    url.pathname.length > 1 && url.pathname.endsWith('/') ? url.pathname.slice(0, -1) : url.pathname;
  const segments = segmentsOf(path === '' ? '/' : path);
  const route = DEEP_LINK_ROUTES.find((candidate) => fills(candidate, segments));
  if (route === undefined) return null;
  const query = new URLSearchParams();
  for (const [name, value] of url.searchParams) {
    if (!(route.query ?? []).includes(name) || query.has(name) || !PLAIN_VALUE.test(value)) return null;
    query.set(name, value);
  }
  const target = `/${segments.join('/')}`;
  return query.size === 0 ? target : `${target}?${query.toString()}`;
}

/** The deep link among a process's arguments (how Windows and Linux hand one over), or null. */
export function deepLinkInArgv(argv: readonly string[]): string | null {
  return argv.find((arg) => arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`)) ?? null;
}

/** The window URL showing `route`: the renderer's page with the route as its fragment. */
export function windowUrlFor(entryUrl: string, route: string): string {
  const url = new URL(entryUrl);
  url.hash = route;
  return url.href;
}
