/** One team of the teams panel: a link to the team, its member count, its menu, and a drop target for members. */
import { useDndContext, useDroppable } from '@dnd-kit/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Team } from '../../../../../shared/contract/resources/members.ts';
import { renameTeam } from '../../../queries/teams.ts';
import { cx } from '../../../ui/cx.ts';
import { LazyMenu } from '../../../ui/LazyMenu.tsx';
import { DropdownMenuItem } from '../../../ui/Menu.tsx';
import type { TeamDropData } from '../dnd.tsx';
import { isMembersDragData } from './dndSetup.ts';
import { DeleteTeamDialog } from './DeleteTeamDialog.tsx';
import { TeamTitleDialog } from './TeamTitleDialog.tsx';
import { isMove, membersPhrase } from './teamMoves.ts';

/** Props of `TeamRow`. */
export interface TeamRowProps {
  profileId: string;
  orgId: string;
  team: Team;
  /** The team whose screen is shown, marked as current. */
  current?: boolean;
}

/** A row of the teams list. */
export function TeamRow({ profileId, orgId, team, current = false }: TeamRowProps) {
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const data: TeamDropData = { kind: 'team', teamId: team.id, title: team.title };
  const navigate = useNavigate();
  const dragged = useDndContext().active?.data.current;
  const members = isMembersDragData(dragged) ? dragged : undefined;
  // Members dragged out of this team cannot drop back on it: pointer and arrow keys skip it.
  const ownTeam = members?.fromTeamId === team.id;
  const { setNodeRef, isOver } = useDroppable({ id: `team:${team.id}`, data, disabled: ownTeam });
  const dropActive = isOver && members !== undefined && !ownTeam;

  return (
    <li
      ref={setNodeRef}
      className={cx(
        'team-row',
        members !== undefined && !ownTeam && 'team-row-droppable',
        dropActive && 'team-row-drop-active',
        current && 'team-row-current',
      )}
      data-testid="team-row"
      data-team-id={team.id}
      data-drop-active={dropActive ? 'true' : 'false'}
    >
      <div className="team-row-main">
        <Link
          to="/p/$profileId/orgs/$orgId/teams/$teamId"
          params={{ profileId, orgId, teamId: team.id }}
          className="team-link"
          data-testid="team-link"
          aria-current={current ? 'page' : undefined}
        >
          {team.title}
        </Link>
        <span className="muted team-count" data-testid="team-member-count">
          {membersPhrase(team.members)}
        </span>
      </div>
      {dropActive && members !== undefined && (
        <span className="team-drop-hint" aria-hidden="true">
          Drop to {isMove({ fromTeamId: members.fromTeamId, target: data }) ? 'move' : 'add'}{' '}
          {membersPhrase(members.userIds.length)}
        </span>
      )}
      <LazyMenu
        label={`Actions for team ${team.title}`}
        testId="team-menu"
        className="btn btn-ghost btn-sm"
        items={() => (
          <>
            <DropdownMenuItem onSelect={() => setRenaming(true)} data-testid="team-rename">
              Rename…
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => setDeleting(true)} data-testid="team-delete">
              Delete…
            </DropdownMenuItem>
          </>
        )}
      />
      {/* Mounted only while open: a dialog per row of hundreds of teams slowed the first paint. */}
      {renaming && (
        <TeamTitleDialog
          open={renaming}
          onOpenChange={setRenaming}
          mode="rename"
          initialTitle={team.title}
          onSave={(title) => renameTeam(queryClient, profileId, orgId, team.id, title)}
        />
      )}
      {deleting && (
        <DeleteTeamDialog
          profileId={profileId}
          orgId={orgId}
          team={team}
          open={deleting}
          onOpenChange={setDeleting}
          onDeleted={
            current
              ? () => void navigate({ to: '/p/$profileId/orgs/$orgId/people', params: { profileId, orgId } })
              : undefined
          }
        />
      )}
    </li>
  );
}
