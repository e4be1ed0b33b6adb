/** A member's teams in the member detail panel: their team role, leave a team, join another (with Undo). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Member } from '../../../../../shared/contract/resources/members.ts';
import { errorMessage } from '../../../bridge/errors.ts';
import { memberTeamsQuery } from '../../../queries/members.ts';
import { removeTeamMember, teamsQuery } from '../../../queries/teams.ts';
import { Button } from '../../../ui/Button.tsx';
import { Badge, Banner, Skeleton } from '../../../ui/Feedback.tsx';
import { LazyMenu } from '../../../ui/LazyMenu.tsx';
import { DropdownMenuItem, DropdownMenuLabel } from '../../../ui/Menu.tsx';
import { toast } from '../../../ui/Toast.tsx';
import { countOf } from '../members/format.ts';
import { useTeamMoves } from './teamMoves.ts';

/** Props of `MemberTeams`. */
export interface MemberTeamsProps {
  profileId: string;
  orgId: string;
  member: Member;
  /** Whether the signed-in user may change team memberships (an admin). */
  canManage: boolean;
}

/** The teams section of the member detail panel. */
export function MemberTeams({ profileId, orgId, member, canManage }: MemberTeamsProps) {
  const queryClient = useQueryClient();
  const teams = useQuery(memberTeamsQuery(profileId, orgId, member.id));
  const name = member.user.displayName;
  const moveMembers = useTeamMoves(profileId, orgId);
  const leave = useMutation({
    mutationFn: ({ teamId }: { teamId: string; title: string }) =>
      removeTeamMember(queryClient, profileId, orgId, teamId, member.id),
    onSuccess: (_value, { title }) => toast({ tone: 'success', title: `${name} left ${title}` }),
    onError: (error, { title }) =>
      toast({ tone: 'error', title: `${name} is still in ${title}`, description: errorMessage(error) }),
  });
  const joined = new Set(teams.data?.items.map(({ team }) => team.id) ?? []);
  const headingId = `teams-${member.id}`;
  return (
    <section className="member-detail-section" aria-labelledby={headingId} data-testid="member-teams">
      <div className="member-detail-heading">
        <h3 id={headingId}>Teams{teams.data !== undefined && ` (${countOf(teams.data.count, 'team')})`}</h3>
        {canManage && (
          <LazyMenu
            label="Add to team…"
            testId="member-add-to-team"
            className="btn btn-secondary btn-sm"
            content="Add to team…"
            items={() => (
              <TeamChoices
                profileId={profileId}
                orgId={orgId}
                joined={joined}
                onPick={(team) => moveMembers({ userIds: [member.id], target: team })}
              />
            )}
          />
        )}
      </div>
      {teams.isPending ? (
        <Skeleton width="12em" />
      ) : teams.isError ? (
        <Banner tone="error" title="Could not load their teams">
          {errorMessage(teams.error)}
        </Banner>
      ) : teams.data.items.length === 0 ? (
        <p className="muted">Not in any team.</p>
      ) : (
        <ul className="member-detail-list">
          {teams.data.items.map(({ team, member: entry }) => (
            <li key={team.id} data-testid="member-team" data-team-id={team.id}>
              <span>{team.title}</span>
              <Badge tone={entry.role === 'owner' ? 'accent' : 'neutral'}>
                {entry.role === 'owner' ? 'Owner' : 'Member'}
              </Badge>
              {canManage && (
                <Button
                  size="sm"
                  variant="ghost"
                  pending={leave.isPending && leave.variables.teamId === team.id}
                  onClick={() => leave.mutate({ teamId: team.id, title: team.title })}
                  aria-label={`Remove ${name} from ${team.title}`}
                  data-testid="member-team-remove"
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The teams the member is not in yet, as menu items (loaded when the menu opens). */
function TeamChoices({
  profileId,
  orgId,
  joined,
  onPick,
}: {
  profileId: string;
  orgId: string;
  joined: ReadonlySet<string>;
  onPick: (team: { teamId: string; title: string }) => void;
}) {
  const teams = useQuery(teamsQuery(profileId, orgId));
  const open = (teams.data?.items ?? []).filter((team) => !joined.has(team.id));
  return (
    <>
      <DropdownMenuLabel>Teams</DropdownMenuLabel>
      {teams.isPending && <DropdownMenuItem disabled>Loading teams…</DropdownMenuItem>}
      {teams.isError && <DropdownMenuItem disabled>{errorMessage(teams.error)}</DropdownMenuItem>}
      {teams.isSuccess && open.length === 0 && (
        <DropdownMenuItem disabled>In every team already</DropdownMenuItem>
      )}
      {open.map((team) => (
        <DropdownMenuItem
          key={team.id}
          onSelect={() => onPick({ teamId: team.id, title: team.title })}
          data-testid="member-add-to-team-option"
        >
          {team.title}
        </DropdownMenuItem>
      ))}
    </>
  );
}
