/** Who can reach what, and why: "Inspect access" for a member or a team, with its filters in the URL. */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { parseAccessSearch, type AccessSearch } from '../screens/access/accessSearch.ts';
import { orgRoute } from './base.tsx';
import { withScreen } from './lazyScreen.ts';

const InspectAccessScreen = lazyRouteComponent(
  () => import('../screens/access/InspectAccessScreen.tsx'),
  'InspectAccessScreen',
);
const inspectAccessRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/access',
  // Who and the filters (type, level, text) live in the URL: a link from People or a team lands on them.
  validateSearch: parseAccessSearch,
  component: withScreen(InspectAccessScreen, function InspectAccessRoute() {
    const navigate = inspectAccessRoute.useNavigate();
    const onSearchChange = (next: AccessSearch) => void navigate({ search: next, replace: true });
    return (
      <InspectAccessScreen
        {...inspectAccessRoute.useParams()}
        search={inspectAccessRoute.useSearch()}
        onSearchChange={onSearchChange}
      />
    );
  }),
});

export const accessRoutes = [inspectAccessRoute] as const;
