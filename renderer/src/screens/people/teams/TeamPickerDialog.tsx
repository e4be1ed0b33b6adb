/** The keyboard path of every drag: pick a team from a searchable list to add (or move) the selected members. */
import { useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { errorMessage } from '../../../bridge/errors.ts';
import { teamsQuery } from '../../../queries/teams.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import type { TeamSelection } from './selection.ts';
import { membersPhrase, useTeamMoves } from './teamMoves.ts';

/** Whether the picker adds the members or moves them out of their team. */
export type PickerMode = 'add' | 'move';

/** Keeps the teams whose title contains what was typed (case-insensitive), as the panel's filter does. */
function matchTitle(_value: string, search: string, keywords: string[] = []): number {
  return keywords.some((title) => title.toLowerCase().includes(search.trim().toLowerCase())) ? 1 : 0;
}

/** Props of `TeamPickerDialog`. */
export interface TeamPickerDialogProps {
  profileId: string;
  orgId: string;
  mode: PickerMode | undefined;
  selection: TeamSelection;
  onClose: () => void;
}

/** A dialog listing the teams: type to filter, arrows to choose, Enter to add or move the members. */
export function TeamPickerDialog({ profileId, orgId, mode, selection, onClose }: TeamPickerDialogProps) {
  const moveMembers = useTeamMoves(profileId, orgId);
  // Closed, the picker neither follows the teams list nor lists it: a drop on a team changes that list, and the
  // drop's own rendering would otherwise redo the picker's 500 choices.
  const open = mode !== undefined;
  const teams = useQuery({ ...teamsQuery(profileId, orgId), enabled: open, subscribed: open });
  const phrase = membersPhrase(selection.userIds.length);
  const choices = open ? (teams.data?.items ?? []).filter((team) => team.id !== selection.fromTeamId) : [];

  const choose = (teamId: string, title: string) => {
    onClose();
    moveMembers({
      userIds: selection.userIds,
      target: { teamId, title },
      fromTeamId: mode === 'move' ? selection.fromTeamId : undefined,
    });
  };

  return (
    <Dialog
      open={mode !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={mode === 'move' ? `Move ${phrase} to team` : `Add ${phrase} to team`}
      className="team-picker"
      data-testid="team-picker"
    >
      <Command label="Teams" loop filter={matchTitle}>
        <Command.Input
          className="input team-picker-input"
          placeholder="Type to filter teams…"
          aria-label="Filter teams"
          data-testid="team-picker-input"
          autoFocus
        />
        <Command.List className="team-picker-list">
          {teams.isPending && <Command.Loading>Loading teams…</Command.Loading>}
          {teams.isError && (
            <div className="palette-empty">Teams not loaded: {errorMessage(teams.error)}</div>
          )}
          {teams.isSuccess && <Command.Empty className="palette-empty">No team matches.</Command.Empty>}
          {choices.map((team) => (
            <Command.Item
              key={team.id}
              value={team.id}
              keywords={[team.title]}
              className="palette-item team-picker-option"
              data-testid="team-picker-option"
              data-team-id={team.id}
              onSelect={() => choose(team.id, team.title)}
            >
              <span>{team.title}</span>
              <span className="muted">{membersPhrase(team.members)}</span>
            </Command.Item>
          ))}
        </Command.List>
      </Command>
      <p className="field-hint">
        ↑ ↓ to choose, Enter to {mode === 'move' ? 'move' : 'add'}, Escape to close.
      </p>
    </Dialog>
  );
}
