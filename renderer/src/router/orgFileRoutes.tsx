/** The organization file (issue 19): export, edit, plan, apply and drift of an organization's configuration. */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgRoute } from './base.tsx';
import { withScreen } from './lazyScreen.ts';

const OrgFileScreen = lazyRouteComponent(
  () => import('../screens/org-file/OrgFileScreen.tsx'),
  'OrgFileScreen',
);
const orgFileRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/org-file',
  component: withScreen(OrgFileScreen, function OrgFileRoute() {
    const { profileId, orgId } = orgFileRoute.useParams();
    return <OrgFileScreen profileId={profileId} orgId={orgId} />;
  }),
});

export const orgFileRoutes = [orgFileRoute] as const;
