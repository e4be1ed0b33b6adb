/** The members of a team with their team roles; selected rows drag together and feed "Move to team…". */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../bridge/errors.ts';
import { currentUserQuery, teamMembersQuery } from '../../../queries/teams.ts';
import { Button } from '../../../ui/Button.tsx';
import { Banner, EmptyState, Skeleton } from '../../../ui/Feedback.tsx';
import type { MembersDragData } from '../dnd.tsx';
import { AddMembersDialog } from './AddMembersDialog.tsx';
import { TeamMemberRow } from './TeamMemberRow.tsx';
import { useTeamMemberChanges } from './useTeamMemberChanges.ts';

/** Props of `TeamMemberList`. */
export interface TeamMemberListProps {
  profileId: string;
  orgId: string;
  teamId: string;
  teamTitle: string;
  selected: ReadonlySet<string>;
  onSelect: (ids: Set<string>) => void;
}

/** The list of a team's members, and "Add members". */
export function TeamMemberList(props: TeamMemberListProps) {
  const { profileId, orgId, teamId, selected, onSelect } = props;
  const [adding, setAdding] = useState(false);
  const members = useQuery(teamMembersQuery(profileId, orgId, teamId));
  const me = useQuery(currentUserQuery(profileId)).data?.id;
  const [anchor, setAnchor] = useState<string | undefined>(undefined);
  const changes = useTeamMemberChanges(profileId, orgId, teamId, () => members.data ?? []);

  if (members.isPending) {
    return (
      <ul className="team-member-list" aria-label="Loading members" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="team-member-row">
            <Skeleton width="40%" />
          </li>
        ))}
      </ul>
    );
  }
  if (members.isError) {
    return (
      <Banner
        tone="error"
        title="Team members not loaded"
        actions={<Button onClick={() => void members.refetch()}>Retry</Button>}
      >
        {errorMessage(members.error)}
      </Banner>
    );
  }
  const entries = members.data;
  const addButton = (
    <Button size="sm" onClick={() => setAdding(true)} data-testid="team-add-members">
      Add members…
    </Button>
  );
  const addDialog = (
    <AddMembersDialog
      profileId={profileId}
      orgId={orgId}
      team={{ teamId, title: props.teamTitle }}
      inTeam={new Set(entries.map((entry) => entry.organization.id))}
      open={adding}
      onOpenChange={setAdding}
    />
  );
  if (entries.length === 0) {
    return (
      <>
        <EmptyState title="No members in this team yet" action={addButton}>
          Add members here, drag them onto the team from Members &amp; teams, or use “Add to team…”.
        </EmptyState>
        {addDialog}
      </>
    );
  }
  const nameOf = new Map(
    entries.map((entry) => [entry.organization.id, entry.organization.user.displayName]),
  );
  const chosen = entries.filter((entry) => selected.has(entry.organization.id)).map((e) => e.organization.id);
  const dragOf = (userId: string): MembersDragData => {
    const ids = selected.has(userId) ? chosen : [userId];
    return {
      kind: 'members',
      userIds: ids,
      names: ids.map((id) => nameOf.get(id) ?? id),
      fromTeamId: teamId,
    };
  };
  const toggle = (userId: string, shift: boolean) => {
    const next = new Set(selected);
    const from = anchor === undefined ? -1 : entries.findIndex((e) => e.organization.id === anchor);
    const to = entries.findIndex((e) => e.organization.id === userId);
    if (shift && from !== -1) {
      for (const entry of entries.slice(Math.min(from, to), Math.max(from, to) + 1))
        next.add(entry.organization.id);
    } else if (next.has(userId)) next.delete(userId);
    else next.add(userId);
    if (!shift) setAnchor(userId);
    onSelect(next);
  };
  const onRemove = (userId: string) =>
    changes.remove(userId, () => onSelect(new Set([...selected].filter((id) => id !== userId))));

  return (
    <>
      <div className="team-member-toolbar">
        <label className="teams-mine">
          <input
            type="checkbox"
            checked={chosen.length === entries.length}
            ref={(box) => {
              if (box !== null) box.indeterminate = chosen.length > 0 && chosen.length < entries.length;
            }}
            onChange={(event) =>
              onSelect(new Set(event.target.checked ? entries.map((e) => e.organization.id) : []))
            }
            data-testid="team-select-all"
          />
          {chosen.length === 0 ? 'Select all' : `${chosen.length} selected`}
        </label>
        {addButton}
      </div>
      <ul className="team-member-list" aria-label="Team members">
        {entries.map((entry) => (
          <TeamMemberRow
            key={entry.organization.id}
            teamId={teamId}
            entry={entry}
            selected={selected.has(entry.organization.id)}
            drag={dragOf(entry.organization.id)}
            busy={changes.busy(entry.organization.id)}
            isMe={entry.organization.id === me}
            onToggle={toggle}
            onRole={changes.setRole}
            onRemove={onRemove}
          />
        ))}
      </ul>
      {addDialog}
    </>
  );
}
