/**
 * The organization overview: title, plan, the counts of members, teams, spaces and sites (each opening its list), and
 * a to-do list of what may need an administrator.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Organization } from '../../../../shared/contract/resources/organizations.ts';
import { profileLabel } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { memberCountQuery, siteCountQuery, spaceCountQuery, teamCountQuery } from '../../queries/counts.ts';
import { orgQuery, orgsQuery } from '../../queries/orgs.ts';
import { profilesQuery } from '../../queries/profiles.ts';
import { rememberOrg, rememberProfile } from '../../theme/prefs.ts';
import { Badge, Skeleton } from '../../ui/Feedback.tsx';
import { CountCard } from './CountCard.tsx';
import { OrgDetails } from './OrgDetails.tsx';
import { OverviewTodo } from './OverviewTodo.tsx';

const PLAN_NAMES: Record<Organization['plan'], string> = {
  free_2024: 'Free',
  plus_2024: 'Plus',
  pro_2024: 'Pro',
  enterprise_2024: 'Enterprise',
  community_2024: 'Community',
  free: 'Free (legacy)',
  plus: 'Plus (legacy)',
  pro: 'Pro (legacy)',
  internal: 'Internal',
};

/** The overview of one organization of one profile. */
export function OrgOverview({ profileId, orgId }: { profileId: string; orgId: string }) {
  const queryClient = useQueryClient();
  // The organizations list (usually loaded already, by the switcher) holds this one: show it while it refreshes.
  const org = useQuery({
    ...orgQuery(profileId, orgId),
    placeholderData: () =>
      queryClient.getQueryData(orgsQuery(profileId).queryKey)?.items.find((o) => o.id === orgId),
  });
  const profiles = useQuery(profilesQuery());
  const profileName = profileLabel(
    profiles.data?.profiles.find((p) => p.id === profileId),
    profileId,
  );
  const members = useQuery(memberCountQuery(profileId, orgId));
  const teams = useQuery(teamCountQuery(profileId, orgId));
  const spaces = useQuery(spaceCountQuery(profileId, orgId));
  const sites = useQuery(siteCountQuery(profileId, orgId));
  useDocumentTitle(org.data?.title ?? 'Organization');
  useEffect(() => {
    if (!org.isSuccess) return;
    rememberProfile(profileId);
    rememberOrg(profileId, orgId);
  }, [org.isSuccess, profileId, orgId]);

  return (
    <section className="screen" data-testid="org-overview" aria-labelledby="org-title">
      <header className="screen-header">
        {org.isPending ? (
          <>
            <Skeleton width="14em" height="1.75rem" />
            <Skeleton width="8em" />
          </>
        ) : org.isError ? (
          <h1 id="org-title" data-testid="org-title">
            Organization
          </h1>
        ) : (
          <>
            <h1 id="org-title" data-testid="org-title">
              {org.data.title}
            </h1>
            <p className="org-meta">
              <Badge tone="accent">{PLAN_NAMES[org.data.plan]} plan</Badge>
              {org.data.type === 'community' && <Badge>Community</Badge>}
              {org.data.trial.status === 'active' && <Badge tone="warning">Trial</Badge>}
              <span className="muted">{profileName}</span>
            </p>
          </>
        )}
      </header>
      {org.isError && (
        <ErrorState
          error={org.error}
          what="this organization"
          profileName={profileName}
          onRetry={() => void org.refetch()}
        />
      )}
      {org.isSuccess && <OverviewTodo profileId={profileId} orgId={orgId} ssoOn={org.data.sso} />}
      {!org.isError && (
        <div className="count-grid" role="group" aria-label="Counts">
          <CountCard
            profileId={profileId}
            orgId={orgId}
            to="people"
            label="Members"
            explanation="Everyone in the organization, guests included; every member counts for billing."
            query={members}
            testId="count-members"
          />
          <CountCard
            profileId={profileId}
            orgId={orgId}
            to="people"
            label="Teams"
            explanation="Groups of members that share access to content."
            query={teams}
            testId="count-teams"
          />
          <CountCard
            profileId={profileId}
            orgId={orgId}
            to="content"
            label="Spaces"
            explanation="Spaces hold content; GitBook's newer app shows them as sections."
            query={spaces}
            testId="count-spaces"
          />
          <CountCard
            profileId={profileId}
            orgId={orgId}
            to="sites"
            label="Sites"
            explanation="Published documentation sites, built from spaces (site spaces are GitBook's variants)."
            query={sites}
            testId="count-sites"
          />
        </div>
      )}
      {org.isSuccess && <OrgDetails org={org.data} />}
    </section>
  );
}
