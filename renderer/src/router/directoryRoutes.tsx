/** Directory sync: an identity provider's export reconciled with the organization's members and teams (issue 19). */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgRoute } from './base.tsx';
import { withScreen } from './lazyScreen.ts';

const DirectoryScreen = lazyRouteComponent(
  () => import('../screens/directory/DirectoryScreen.tsx'),
  'DirectoryScreen',
);
const directoryRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/directory',
  component: withScreen(DirectoryScreen, function DirectoryRoute() {
    const { profileId, orgId } = directoryRoute.useParams();
    return <DirectoryScreen profileId={profileId} orgId={orgId} />;
  }),
});

export const directoryRoutes = [directoryRoute] as const;
