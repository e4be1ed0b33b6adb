/** The screens and their URLs (code-based routes, hash history so that the app works from any origin or protocol). */
import type { QueryClient } from '@tanstack/react-query';
import {
  createHashHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
} from '@tanstack/react-router';
import { Layout } from '../layout/Layout.tsx';
import { NotFoundScreen } from '../layout/NotFoundScreen.tsx';
import { membersFilters, membersSearch, parseMembersSearch } from '../queries/membersSearch.ts';
import { orgQuery, orgsQuery } from '../queries/orgs.ts';
import { parseAuditSearch, type AuditSearch } from '../screens/audit/auditSearch.ts';
import { HomeRedirect, ProfileHome } from '../screens/home/Home.tsx';
import { OrgOverview } from '../screens/orgs/OrgOverview.tsx';

/** What every route can reach. */
export interface RouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Layout,
  notFoundComponent: NotFoundScreen,
});

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: HomeRedirect,
});

const profilesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/profiles',
  // Loaded on first visit: the form validation (TypeBox's Value) is not needed to show an organization.
  component: lazyRouteComponent(() => import('../screens/profiles/ProfilesScreen.tsx'), 'ProfilesScreen'),
});

const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/p/$profileId',
});

const profileIndexRoute = createRoute({
  getParentRoute: () => profileRoute,
  path: '/',
  // Starts fetching while the component mounts; the component shows its own loading and error states.
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(orgsQuery(params.profileId));
  },
  component: function ProfileIndex() {
    const { profileId } = profileIndexRoute.useParams();
    return <ProfileHome profileId={profileId} />;
  },
});

const orgRoute = createRoute({
  getParentRoute: () => profileRoute,
  path: '/orgs/$orgId',
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(orgQuery(params.profileId, params.orgId));
  },
});

const orgIndexRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/',
  component: function OrgIndex() {
    const { profileId, orgId } = orgIndexRoute.useParams();
    return <OrgOverview profileId={profileId} orgId={orgId} />;
  },
});

const PeopleScreen = lazyRouteComponent(() => import('../screens/people/PeopleScreen.tsx'), 'PeopleScreen');
const peopleRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/people',
  // The members table's search, role filter and sort live in the URL: a reload or a link keeps them.
  validateSearch: parseMembersSearch,
  component: function PeopleRoute() {
    const { profileId, orgId } = peopleRoute.useParams();
    const search = peopleRoute.useSearch();
    const navigate = peopleRoute.useNavigate();
    return (
      <PeopleScreen
        profileId={profileId}
        orgId={orgId}
        filters={membersFilters(search)}
        onFiltersChange={(filters) => void navigate({ search: membersSearch(filters), replace: true })}
      />
    );
  },
});

const TeamScreen = lazyRouteComponent(() => import('../screens/people/TeamScreen.tsx'), 'TeamScreen');
const teamRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/teams/$teamId',
  component: function TeamRoute() {
    const { profileId, orgId, teamId } = teamRoute.useParams();
    return <TeamScreen profileId={profileId} orgId={orgId} teamId={teamId} />;
  },
});

const InvitesScreen = lazyRouteComponent(
  () => import('../screens/invites/InvitesScreen.tsx'),
  'InvitesScreen',
);
const invitesRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/invites',
  component: function InvitesRoute() {
    const { profileId, orgId } = invitesRoute.useParams();
    return <InvitesScreen profileId={profileId} orgId={orgId} />;
  },
});

const SettingsScreen = lazyRouteComponent(
  () => import('../screens/settings/SettingsScreen.tsx'),
  'SettingsScreen',
);
const settingsRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/settings',
  component: function SettingsRoute() {
    const { profileId, orgId } = settingsRoute.useParams();
    return <SettingsScreen profileId={profileId} orgId={orgId} />;
  },
});

const ContentScreen = lazyRouteComponent(
  () => import('../screens/content/ContentScreen.tsx'),
  'ContentScreen',
);
const contentRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/content',
  component: function ContentRoute() {
    const { profileId, orgId } = contentRoute.useParams();
    return <ContentScreen profileId={profileId} orgId={orgId} />;
  },
});

const SpaceScreen = lazyRouteComponent(() => import('../screens/spaces/SpaceScreen.tsx'), 'SpaceScreen');
const spaceRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/spaces/$spaceId',
  // `page`: the page the space's reader shows (search results open pages this way).
  validateSearch: (search: Record<string, unknown>): { page?: string } =>
    typeof search['page'] === 'string' && search['page'] !== '' ? { page: search['page'] } : {},
  component: function SpaceRoute() {
    const { profileId, orgId, spaceId } = spaceRoute.useParams();
    const { page } = spaceRoute.useSearch();
    return <SpaceScreen profileId={profileId} orgId={orgId} spaceId={spaceId} pageId={page} />;
  },
});

const TrashScreen = lazyRouteComponent(() => import('../screens/trash/TrashScreen.tsx'), 'TrashScreen');
const trashRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/trash',
  component: function TrashRoute() {
    const { profileId, orgId } = trashRoute.useParams();
    return <TrashScreen profileId={profileId} orgId={orgId} />;
  },
});

const AuditScreen = lazyRouteComponent(() => import('../screens/audit/AuditScreen.tsx'), 'AuditScreen');
const auditRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/audit',
  // The filters (action, actor, target, days) live in the URL: a reload or a link shows the same events.
  validateSearch: parseAuditSearch,
  component: function AuditRoute() {
    const navigate = auditRoute.useNavigate();
    const onSearchChange = (next: AuditSearch) => void navigate({ search: next, replace: true });
    return (
      <AuditScreen
        {...auditRoute.useParams()}
        search={auditRoute.useSearch()}
        onSearchChange={onSearchChange}
      />
    );
  },
});

const SitesScreen = lazyRouteComponent(() => import('../screens/sites/SitesScreen.tsx'), 'SitesScreen');
const sitesRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/sites',
  component: function SitesRoute() {
    const { profileId, orgId } = sitesRoute.useParams();
    return <SitesScreen profileId={profileId} orgId={orgId} />;
  },
});

const SiteScreen = lazyRouteComponent(() => import('../screens/sites/SiteScreen.tsx'), 'SiteScreen');
const siteRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/sites/$siteId',
  component: function SiteRoute() {
    const { profileId, orgId, siteId } = siteRoute.useParams();
    return <SiteScreen profileId={profileId} orgId={orgId} siteId={siteId} />;
  },
});

const InboxScreen = lazyRouteComponent(
  () => import('../screens/change-requests/InboxScreen.tsx'),
  'InboxScreen',
);
const inboxRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/change-requests',
  component: function InboxRoute() {
    const { profileId, orgId } = inboxRoute.useParams();
    return <InboxScreen profileId={profileId} orgId={orgId} />;
  },
});

const CHANGE_REQUEST_TABS = ['overview', 'changes', 'comments'] as const;
type ChangeRequestTabName = (typeof CHANGE_REQUEST_TABS)[number];
const ChangeRequestScreen = lazyRouteComponent(
  () => import('../screens/change-requests/ChangeRequestScreen.tsx'),
  'ChangeRequestScreen',
);
const changeRequestRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/spaces/$spaceId/change-requests/$changeRequestId',
  // `tab` and `page` live in the URL, so a reload or a link lands on the same tab and page.
  validateSearch: (search: Record<string, unknown>): { tab?: ChangeRequestTabName; page?: string } => ({
    ...(CHANGE_REQUEST_TABS.includes(search['tab'] as ChangeRequestTabName)
      ? { tab: search['tab'] as ChangeRequestTabName }
      : {}),
    ...(typeof search['page'] === 'string' && search['page'] !== '' ? { page: search['page'] } : {}),
  }),
  component: function ChangeRequestRoute() {
    const { profileId, orgId, spaceId, changeRequestId } = changeRequestRoute.useParams();
    const search = changeRequestRoute.useSearch();
    const navigate = changeRequestRoute.useNavigate();
    return (
      <ChangeRequestScreen
        profileId={profileId}
        orgId={orgId}
        spaceId={spaceId}
        changeRequestId={changeRequestId}
        tab={search.tab ?? 'overview'}
        pageId={search.page}
        onNavigate={(next) =>
          void navigate({
            search: (previous) => ({ ...previous, ...next }),
            // Going from page to page within a tab replaces the history entry; changing tabs adds one.
            replace: next.page !== undefined && (next.tab ?? search.tab) === search.tab,
          })
        }
      />
    );
  },
});

const SsoScreen = lazyRouteComponent(() => import('../screens/saml/SsoScreen.tsx'), 'SsoScreen');
const ssoRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/sso',
  component: function SsoRoute() {
    const { profileId, orgId } = ssoRoute.useParams();
    return <SsoScreen profileId={profileId} orgId={orgId} />;
  },
});

const CustomFieldsScreen = lazyRouteComponent(
  () => import('../screens/custom-fields/CustomFieldsScreen.tsx'),
  'CustomFieldsScreen',
);
const customFieldsRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/custom-fields',
  component: function CustomFieldsRoute() {
    const { profileId, orgId } = customFieldsRoute.useParams();
    return <CustomFieldsScreen profileId={profileId} orgId={orgId} />;
  },
});

const OpenApiScreen = lazyRouteComponent(
  () => import('../screens/openapi/OpenApiScreen.tsx'),
  'OpenApiScreen',
);
const openApiRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/openapi',
  // The selected spec and the two compared versions live in the URL, so a reload lands on the same diff.
  validateSearch: (search: Record<string, unknown>): { spec?: string; base?: string; head?: string } => {
    const text = (name: string) => (typeof search[name] === 'string' ? search[name] : '');
    return {
      ...(text('spec') !== '' ? { spec: text('spec') } : {}),
      ...(text('base') !== '' ? { base: text('base') } : {}),
      ...(text('head') !== '' ? { head: text('head') } : {}),
    };
  },
  component: function OpenApiRoute() {
    const { profileId, orgId } = openApiRoute.useParams();
    const search = openApiRoute.useSearch();
    const navigate = openApiRoute.useNavigate();
    return (
      <OpenApiScreen
        profileId={profileId}
        orgId={orgId}
        spec={search.spec}
        base={search.base}
        head={search.head}
        onNavigate={(next, replace) => void navigate({ search: next, replace })}
      />
    );
  },
});

const TranslationsScreen = lazyRouteComponent(
  () => import('../screens/translations/TranslationsScreen.tsx'),
  'TranslationsScreen',
);
const translationsRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/translations',
  component: function TranslationsRoute() {
    const { profileId, orgId } = translationsRoute.useParams();
    return <TranslationsScreen profileId={profileId} orgId={orgId} />;
  },
});

const MergeRulesScreen = lazyRouteComponent(
  () => import('../screens/merge-rules/MergeRulesScreen.tsx'),
  'MergeRulesScreen',
);
const mergeRulesRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/merge-rules',
  // The space whose rules are shown lives in the URL (none: the organization's).
  validateSearch: (search: Record<string, unknown>): { space?: string } =>
    typeof search.space === 'string' && search.space !== '' ? { space: search.space } : {},
  component: function MergeRulesRoute() {
    const { profileId, orgId } = mergeRulesRoute.useParams();
    const { space } = mergeRulesRoute.useSearch();
    const navigate = mergeRulesRoute.useNavigate();
    return (
      <MergeRulesScreen
        profileId={profileId}
        orgId={orgId}
        spaceId={space}
        onSpaceChange={(next) => void navigate({ search: next === undefined ? {} : { space: next } })}
      />
    );
  },
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  profilesRoute,
  profileRoute.addChildren([
    profileIndexRoute,
    orgRoute.addChildren([
      orgIndexRoute,
      contentRoute,
      spaceRoute,
      inboxRoute,
      changeRequestRoute,
      trashRoute,
      auditRoute,
      sitesRoute,
      ssoRoute,
      customFieldsRoute,
      openApiRoute,
      translationsRoute,
      mergeRulesRoute,
      siteRoute,
      peopleRoute,
      teamRoute,
      invitesRoute,
      settingsRoute,
    ]),
  ]),
]);

/** Creates the router of the app. */
export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    history: createHashHistory(),
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
