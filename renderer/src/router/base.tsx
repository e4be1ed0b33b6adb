/** The routes every screen hangs from: the root, the profiles, a profile and an organization. */
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { Layout } from '../layout/Layout.tsx';
import { NotFoundScreen } from '../layout/NotFoundScreen.tsx';
import { orgQuery, orgsQuery } from '../queries/orgs.ts';
import { HomeRedirect, ProfileHome } from '../screens/home/Home.tsx';
import { OrgOverview } from '../screens/orgs/OrgOverview.tsx';

/** What every route can reach. */
export interface RouterContext {
  queryClient: QueryClient;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Layout,
  notFoundComponent: NotFoundScreen,
});

export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: HomeRedirect,
});

export const profilesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/profiles',
  // Loaded on first visit: the form validation (TypeBox's Value) is not needed to show an organization.
  component: lazyRouteComponent(() => import('../screens/profiles/ProfilesScreen.tsx'), 'ProfilesScreen'),
});

export const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/p/$profileId',
});

export const profileIndexRoute = createRoute({
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

export const orgRoute = createRoute({
  getParentRoute: () => profileRoute,
  path: '/orgs/$orgId',
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(orgQuery(params.profileId, params.orgId));
  },
});

export const orgIndexRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/',
  component: function OrgIndex() {
    const { profileId, orgId } = orgIndexRoute.useParams();
    return <OrgOverview profileId={profileId} orgId={orgId} />;
  },
});
