/** The teams panel: the teams of an organization with a filter, create/rename/delete, and drop targets for members. */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../bridge/errors.ts';
import { createTeam, currentUserQuery, teamsQuery } from '../../../queries/teams.ts';
import { Button } from '../../../ui/Button.tsx';
import { Banner, EmptyState, Skeleton } from '../../../ui/Feedback.tsx';
import { toast } from '../../../ui/Toast.tsx';
import { Tooltip } from '../../../ui/Tooltip.tsx';
import { TeamPickerDialog, type PickerMode } from './TeamPickerDialog.tsx';
import { TeamRow } from './TeamRow.tsx';
import { TeamTitleDialog } from './TeamTitleDialog.tsx';
import type { TeamSelection } from './selection.ts';
import { membersPhrase } from './teamMoves.ts';
import { useDebounced } from '../../../ui/useDebounced.ts';
import { useTeamPaletteActions } from './useTeamPaletteActions.ts';
import './teams.css';

/** Props of `TeamsPanel`. */
export interface TeamsPanelProps {
  profileId: string;
  orgId: string;
  /** The members that "Add to team…" (and "Move to team…" when they come from a team) act on. */
  selection: TeamSelection;
  /** The team whose screen is shown. */
  currentTeamId?: string;
}

/** The teams of an organization, as drop targets beside a list of members. */
export function TeamsPanel({ profileId, orgId, selection, currentTeamId }: TeamsPanelProps) {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState('');
  const [mine, setMine] = useState(false);
  const [creating, setCreating] = useState(false);
  const [picker, setPicker] = useState<PickerMode | undefined>(undefined);
  const title = useDebounced(filter.trim().slice(0, 64), 250);
  const me = useQuery({ ...currentUserQuery(profileId), enabled: mine });
  const owner = mine ? (me.data?.id ?? '') : '';
  const teams = useQuery({
    ...teamsQuery(profileId, orgId, { title, owner }),
    enabled: !mine || me.isSuccess,
    placeholderData: keepPreviousData,
  });
  const count = selection.userIds.length;
  useTeamPaletteActions(selection, setPicker);

  const failure = me.isError ? me.error : teams.isError ? teams.error : undefined;
  const filtered = title !== '' || mine;

  return (
    <aside className="teams-panel" data-testid="teams-panel" aria-labelledby="teams-panel-title">
      <header className="teams-panel-header">
        <h2 id="teams-panel-title">Teams</h2>
        <Button size="sm" variant="primary" onClick={() => setCreating(true)} data-testid="team-create">
          New team
        </Button>
      </header>
      <div className="teams-panel-actions">
        {count === 0 ? (
          <Tooltip content="Select members first (checkboxes in the list)">
            <span tabIndex={0} className="disabled-wrap">
              <Button size="sm" disabled data-testid="add-to-team">
                Add to team…
              </Button>
            </span>
          </Tooltip>
        ) : (
          <Button size="sm" onClick={() => setPicker('add')} data-testid="add-to-team">
            Add to team… <span className="badge badge-accent">{membersPhrase(count)}</span>
          </Button>
        )}
        {count > 0 && selection.fromTeamId !== undefined && (
          <Button size="sm" onClick={() => setPicker('move')} data-testid="move-to-team">
            Move to team…
          </Button>
        )}
      </div>
      <div className="teams-panel-filters">
        <input
          className="input"
          type="search"
          placeholder="Filter teams by title"
          aria-label="Filter teams by title"
          value={filter}
          maxLength={64}
          onChange={(event) => setFilter(event.target.value)}
          data-testid="teams-filter"
        />
        <label className="teams-mine">
          <input
            type="checkbox"
            checked={mine}
            onChange={(event) => setMine(event.target.checked)}
            data-testid="teams-mine"
          />
          Teams I own
        </label>
      </div>
      {failure !== undefined && (
        <Banner
          tone="error"
          title="Teams not loaded"
          actions={
            <Button size="sm" onClick={() => void (me.isError ? me.refetch() : teams.refetch())}>
              Retry
            </Button>
          }
        >
          {errorMessage(failure)}
        </Banner>
      )}
      {failure === undefined && teams.isPending && (
        <ul className="team-list" aria-label="Loading teams" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className="team-row">
              <Skeleton width="60%" />
            </li>
          ))}
        </ul>
      )}
      {teams.isSuccess && teams.data.items.length === 0 && (
        <EmptyState title={filtered ? 'No team matches' : 'No teams yet — create one'}>
          {filtered
            ? 'Change the filter to see more teams.'
            : 'Teams group members that share access to content.'}
        </EmptyState>
      )}
      {teams.isSuccess && teams.data.items.length > 0 && (
        <ul className="team-list" aria-label="Teams" aria-busy={teams.isFetching || undefined}>
          {teams.data.items.map((team) => (
            <TeamRow
              key={team.id}
              profileId={profileId}
              orgId={orgId}
              team={team}
              current={team.id === currentTeamId}
            />
          ))}
        </ul>
      )}
      <TeamTitleDialog
        open={creating}
        onOpenChange={setCreating}
        mode="create"
        onSave={async (newTitle) => {
          await createTeam(queryClient, profileId, orgId, newTitle);
          toast({ title: `Team “${newTitle}” created`, tone: 'success' });
        }}
      />
      <TeamPickerDialog
        profileId={profileId}
        orgId={orgId}
        mode={picker}
        selection={selection}
        onClose={() => setPicker(undefined)}
      />
    </aside>
  );
}
