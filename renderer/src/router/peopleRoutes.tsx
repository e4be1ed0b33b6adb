/** The organization's people and their administration: members, teams, invites, settings, SSO and the audit log. */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { membersFilters, membersSearch, parseMembersSearch } from '../queries/membersSearch.ts';
import { parseAuditSearch, type AuditSearch } from '../screens/audit/auditSearch.ts';
import { orgRoute } from './base.tsx';
import { withScreen } from './lazyScreen.ts';

const PeopleScreen = lazyRouteComponent(() => import('../screens/people/PeopleScreen.tsx'), 'PeopleScreen');
const peopleRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/people',
  // The members table's search, role filter and sort live in the URL: a reload or a link keeps them.
  validateSearch: parseMembersSearch,
  component: withScreen(PeopleScreen, function PeopleRoute() {
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
  }),
});

const TeamScreen = lazyRouteComponent(() => import('../screens/people/TeamScreen.tsx'), 'TeamScreen');
const teamRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/teams/$teamId',
  component: withScreen(TeamScreen, function TeamRoute() {
    const { profileId, orgId, teamId } = teamRoute.useParams();
    return <TeamScreen profileId={profileId} orgId={orgId} teamId={teamId} />;
  }),
});

const InvitesScreen = lazyRouteComponent(
  () => import('../screens/invites/InvitesScreen.tsx'),
  'InvitesScreen',
);
const invitesRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/invites',
  component: withScreen(InvitesScreen, function InvitesRoute() {
    const { profileId, orgId } = invitesRoute.useParams();
    return <InvitesScreen profileId={profileId} orgId={orgId} />;
  }),
});

const SettingsScreen = lazyRouteComponent(
  () => import('../screens/settings/SettingsScreen.tsx'),
  'SettingsScreen',
);
const settingsRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/settings',
  component: withScreen(SettingsScreen, function SettingsRoute() {
    const { profileId, orgId } = settingsRoute.useParams();
    return <SettingsScreen profileId={profileId} orgId={orgId} />;
  }),
});

const SsoScreen = lazyRouteComponent(() => import('../screens/saml/SsoScreen.tsx'), 'SsoScreen');
const ssoRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/sso',
  component: withScreen(SsoScreen, function SsoRoute() {
    const { profileId, orgId } = ssoRoute.useParams();
    return <SsoScreen profileId={profileId} orgId={orgId} />;
  }),
});

const AuditScreen = lazyRouteComponent(() => import('../screens/audit/AuditScreen.tsx'), 'AuditScreen');
const auditRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/audit',
  // The filters (action, actor, target, days) live in the URL: a reload or a link shows the same events.
  validateSearch: parseAuditSearch,
  component: withScreen(AuditScreen, function AuditRoute() {
    const navigate = auditRoute.useNavigate();
    const onSearchChange = (next: AuditSearch) => void navigate({ search: next, replace: true });
    return (
      <AuditScreen
        {...auditRoute.useParams()}
        search={auditRoute.useSearch()}
        onSearchChange={onSearchChange}
      />
    );
  }),
});

export const peopleRoutes = [
  peopleRoute,
  teamRoute,
  invitesRoute,
  settingsRoute,
  ssoRoute,
  auditRoute,
] as const;
