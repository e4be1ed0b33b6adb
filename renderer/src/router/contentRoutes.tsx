/** The organization's content: collections and spaces, trash, sites, custom fields, OpenAPI specs, translations. */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgRoute } from './base.tsx';
import { withScreen } from './lazyScreen.ts';

const ContentScreen = lazyRouteComponent(
  () => import('../screens/content/ContentScreen.tsx'),
  'ContentScreen',
);
const contentRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/content',
  component: withScreen(ContentScreen, function ContentRoute() {
    const { profileId, orgId } = contentRoute.useParams();
    return <ContentScreen profileId={profileId} orgId={orgId} />;
  }),
});

const SpaceScreen = lazyRouteComponent(() => import('./spaceScreen.tsx'), 'SpaceWithChangeRequests');
const spaceRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/spaces/$spaceId',
  // `page`: the page the space's reader shows (search results open pages this way). `tab`: the open tab, so that
  // Back returns to the other one and a copied address opens the same one (the overview when absent).
  validateSearch: (search: Record<string, unknown>): { page?: string; tab?: 'access' } => ({
    ...(typeof search['page'] === 'string' && search['page'] !== '' ? { page: search['page'] } : {}),
    ...(search['tab'] === 'access' ? { tab: 'access' as const } : {}),
  }),
  component: withScreen(SpaceScreen, function SpaceRoute() {
    const { profileId, orgId, spaceId } = spaceRoute.useParams();
    const { page, tab } = spaceRoute.useSearch();
    const navigate = spaceRoute.useNavigate();
    return (
      <SpaceScreen
        profileId={profileId}
        orgId={orgId}
        spaceId={spaceId}
        pageId={page}
        tab={tab ?? 'overview'}
        onTabChange={(next) =>
          void navigate({
            search: (previous) => ({ ...previous, tab: next === 'access' ? 'access' : undefined }),
          })
        }
      />
    );
  }),
});

const TrashScreen = lazyRouteComponent(() => import('../screens/trash/TrashScreen.tsx'), 'TrashScreen');
const trashRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/trash',
  component: withScreen(TrashScreen, function TrashRoute() {
    const { profileId, orgId } = trashRoute.useParams();
    return <TrashScreen profileId={profileId} orgId={orgId} />;
  }),
});

const SitesScreen = lazyRouteComponent(() => import('../screens/sites/SitesScreen.tsx'), 'SitesScreen');
const sitesRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/sites',
  component: withScreen(SitesScreen, function SitesRoute() {
    const { profileId, orgId } = sitesRoute.useParams();
    return <SitesScreen profileId={profileId} orgId={orgId} />;
  }),
});

const SiteScreen = lazyRouteComponent(() => import('./siteScreen.tsx'), 'SiteWithStructure');
const siteRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/sites/$siteId',
  component: withScreen(SiteScreen, function SiteRoute() {
    const { profileId, orgId, siteId } = siteRoute.useParams();
    return <SiteScreen profileId={profileId} orgId={orgId} siteId={siteId} />;
  }),
});

const CustomFieldsScreen = lazyRouteComponent(
  () => import('../screens/custom-fields/CustomFieldsScreen.tsx'),
  'CustomFieldsScreen',
);
const customFieldsRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/custom-fields',
  component: withScreen(CustomFieldsScreen, function CustomFieldsRoute() {
    const { profileId, orgId } = customFieldsRoute.useParams();
    return <CustomFieldsScreen profileId={profileId} orgId={orgId} />;
  }),
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
  component: withScreen(OpenApiScreen, function OpenApiRoute() {
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
  }),
});

const TranslationsScreen = lazyRouteComponent(
  () => import('../screens/translations/TranslationsScreen.tsx'),
  'TranslationsScreen',
);
const translationsRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/translations',
  component: withScreen(TranslationsScreen, function TranslationsRoute() {
    const { profileId, orgId } = translationsRoute.useParams();
    return <TranslationsScreen profileId={profileId} orgId={orgId} />;
  }),
});

export const contentRoutes = [
  contentRoute,
  spaceRoute,
  trashRoute,
  sitesRoute,
  siteRoute,
  customFieldsRoute,
  openApiRoute,
  translationsRoute,
] as const;
