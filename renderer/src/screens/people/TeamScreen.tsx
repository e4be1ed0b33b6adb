/** A team: its title (renamed inline), its members with their team roles, and the teams panel to move them. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { profileLabel } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { profilesQuery } from '../../queries/profiles.ts';
import { teamListsKey, teamQuery } from '../../queries/teams.ts';
import type { Team } from '../../../../shared/contract/resources/members.ts';
import { Skeleton } from '../../ui/Feedback.tsx';
import { PeopleDnd } from './dnd.tsx';
import { TeamHeader } from './teams/TeamHeader.tsx';
import { TeamMemberList } from './teams/TeamMemberList.tsx';
import { TeamsPanel } from './teams/TeamsPanel.tsx';

/** Props of `TeamScreen`. */
export interface TeamScreenProps {
  profileId: string;
  orgId: string;
  teamId: string;
}

/** The Team screen of one organization. */
export function TeamScreen(props: TeamScreenProps) {
  // A new team starts with nothing selected.
  return <TeamScreenBody key={props.teamId} {...props} />;
}

function TeamScreenBody({ profileId, orgId, teamId }: TeamScreenProps) {
  const queryClient = useQueryClient();
  const team = useQuery({
    ...teamQuery(profileId, orgId, teamId),
    // A teams list already loaded holds this team: show it while its own answer comes.
    placeholderData: () =>
      queryClient
        .getQueriesData<{ items: Team[] }>({ queryKey: teamListsKey(profileId, orgId) })
        .flatMap(([, list]) => list?.items ?? [])
        .find((t) => t.id === teamId),
  });
  const profiles = useQuery(profilesQuery());
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const selection = useMemo(() => ({ userIds: [...selected], fromTeamId: teamId }), [selected, teamId]);
  useDocumentTitle(team.data?.title ?? 'Team');

  return (
    <section className="screen people-screen" data-testid="team-screen" aria-labelledby="team-title">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to="/p/$profileId/orgs/$orgId/people" params={{ profileId, orgId }}>
              Members &amp; teams
            </Link>
          </li>
          <li aria-current="page">{team.data?.title ?? 'Team'}</li>
        </ol>
      </nav>
      <PeopleDnd profileId={profileId} orgId={orgId}>
        <div className="people-layout">
          <div className="team-detail">
            {team.isPending && <Skeleton width="14em" height="1.75rem" />}
            {team.isError && (
              <>
                <h1 id="team-title">Team</h1>
                <ErrorState
                  error={team.error}
                  what="this team"
                  profileName={profileLabel(
                    profiles.data?.profiles.find((p) => p.id === profileId),
                    profileId,
                  )}
                  onRetry={() => void team.refetch()}
                />
              </>
            )}
            {team.isSuccess && (
              <>
                <TeamHeader profileId={profileId} orgId={orgId} team={team.data} />
                <TeamMemberList
                  profileId={profileId}
                  orgId={orgId}
                  teamId={teamId}
                  teamTitle={team.data.title}
                  selected={selected}
                  onSelect={setSelected}
                />
              </>
            )}
          </div>
          <TeamsPanel profileId={profileId} orgId={orgId} selection={selection} currentTeamId={teamId} />
        </div>
      </PeopleDnd>
    </section>
  );
}
