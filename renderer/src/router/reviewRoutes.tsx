/** Change requests and their review: the inbox, a change request's tabs, and the merge rules. */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { startChangeRequestReads } from '../queries/reviewReads.ts';
import { spaceQuery } from '../queries/spaces.ts';
import { orgRoute } from './base.tsx';
import { withScreen } from './lazyScreen.ts';

const InboxScreen = lazyRouteComponent(
  () => import('../screens/change-requests/InboxScreen.tsx'),
  'InboxScreen',
);
const inboxRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/change-requests',
  component: withScreen(InboxScreen, function InboxRoute() {
    const { profileId, orgId } = inboxRoute.useParams();
    return <InboxScreen profileId={profileId} orgId={orgId} />;
  }),
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
  // Entering the route, its screen's reads start with it, while its chunk loads: its space, and the request and its
  // page trees (`startChangeRequestReads`; when the app opened on the request, they are in flight already).
  loader: ({ context: { queryClient }, params, location, cause }) => {
    if (cause !== 'enter') return;
    void queryClient.prefetchQuery(spaceQuery(params.profileId, params.spaceId));
    startChangeRequestReads(queryClient, params, (location.search as { tab?: ChangeRequestTabName }).tab);
  },
  component: withScreen(ChangeRequestScreen, function ChangeRequestRoute() {
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
  }),
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
  component: withScreen(MergeRulesScreen, function MergeRulesRoute() {
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
  }),
});

export const reviewRoutes = [inboxRoute, changeRequestRoute, mergeRulesRoute] as const;
