/**
 * The command palette (Ctrl/Cmd+K): screens, the actions screens offer, organizations, profiles and the theme, and
 * the organization's things (members, teams, spaces, collections, sites, change requests, an invite for a typed
 * address), ranked together by a fuzzy matcher. A thing opens its actions (change role…, add to team…, move to…);
 * an action may open one more list (the roles, the teams, the collections). Backspace on an empty search, or
 * Escape, goes back one list; Escape on the first closes the palette.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import { Command } from 'cmdk';
import { useState, type KeyboardEvent } from 'react';
import { useActiveProfile } from './activeProfile.ts';
import { rank } from './palette/fuzzy.ts';
import type { EntryKind, PaletteEntry, PaletteStep } from './palette/model.ts';
import { useCommands } from './palette/useCommands.ts';
import { useEntities } from './palette/useEntities.ts';
import { useHighlight } from './palette/useHighlight.ts';
import { useStepEntries } from './palette/useStepEntries.ts';

/** Kinds whose label alone names them (commands); things also say what they are. */
const COMMAND_KINDS: readonly EntryKind[] = ['Action', 'Screen', 'Organization', 'Profile', 'Theme'];

const STEP_TITLES: Record<Exclude<PaletteStep['kind'], 'actions'>, (step: PaletteStep) => string> = {
  role: (step) => (step.kind === 'role' ? `New role of ${step.name}` : ''),
  team: (step) => (step.kind === 'team' ? `Add ${step.name} to team` : ''),
  move: (step) => (step.kind === 'move' ? `Move ${step.item.title} to` : ''),
  invite: (step) => (step.kind === 'invite' ? `Invite ${step.email} as` : ''),
};

function stepTitle(step: PaletteStep): string {
  return step.kind === 'actions' ? step.title : STEP_TITLES[step.kind](step);
}

/** The palette in a modal dialog; `Enter` runs (or opens) the highlighted entry. */
export function CommandPalette({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { profileId, orgId } = useActiveProfile();
  const [search, setSearch] = useState('');
  const [stack, setStack] = useState<PaletteStep[]>([]);
  const step = stack[stack.length - 1];
  const { commands, loading: commandsLoading } = useCommands(open);
  const things = useEntities(profileId ?? '', orgId ?? '', search, open && step === undefined);
  const stepEntries = useStepEntries(profileId ?? '', orgId ?? '', step);

  let shown: PaletteEntry[];
  if (step === undefined) {
    // Before typing: the commands; typing: everything, best match first.
    shown = search.trim() === '' ? commands : rank(search, [...commands, ...things.entries], 60);
  } else {
    shown = rank(search, step.kind === 'actions' ? step.entries : stepEntries, 60);
  }
  const highlight = useHighlight(shown[0]?.id ?? '');

  const type = (next: string) => {
    highlight.follow();
    setSearch(next);
  };
  const change = (next: boolean) => {
    if (!next) {
      type('');
      setStack([]);
    }
    onOpenChange(next);
  };
  const back = () => {
    setStack(stack.slice(0, -1));
    type('');
  };

  const choose = (entry: PaletteEntry) => {
    if (entry.next !== undefined) {
      setStack([...stack, entry.next]);
      type('');
      return;
    }
    change(false);
    entry.run?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    highlight.onKey(event);
    if (stack.length === 0) return;
    if (event.key === 'Escape' || (event.key === 'Backspace' && search === '')) {
      event.preventDefault();
      event.stopPropagation();
      back();
    }
  };

  const loading = step === undefined && (commandsLoading || (search.trim() !== '' && things.loading));
  return (
    <RadixDialog.Root open={open} onOpenChange={change}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className="palette"
          data-testid="command-palette"
          aria-describedby={undefined}
          onEscapeKeyDown={(event) => {
            if (stack.length > 0) event.preventDefault();
          }}
        >
          <RadixDialog.Title className="visually-hidden">Command palette</RadixDialog.Title>
          <Command
            label="Command palette"
            loop
            vimBindings={false}
            shouldFilter={false}
            value={highlight.value}
            onValueChange={highlight.onValueChange}
            onKeyDown={onKeyDown}
          >
            {step !== undefined && (
              <div className="palette-step" data-testid="command-palette-step">
                <button type="button" className="palette-back" onClick={back} aria-label="Back">
                  ‹
                </button>
                <span>{stepTitle(step)}</span>
              </div>
            )}
            <Command.Input
              className="palette-input"
              value={search}
              onValueChange={type}
              placeholder={
                step === undefined ? 'Find a screen, a person, a space, a change request…' : 'Filter…'
              }
              data-testid="command-palette-input"
              aria-label={step === undefined ? 'Search commands and things' : `Search: ${stepTitle(step)}`}
            />
            <Command.List className="palette-list" onPointerMove={highlight.onPointerMove}>
              {!loading && <Command.Empty className="palette-empty">Nothing matches.</Command.Empty>}
              {loading && shown.length === 0 && (
                <Command.Loading>
                  <div className="palette-empty">Searching…</div>
                </Command.Loading>
              )}
              {shown.map((entry) => {
                const thing = !COMMAND_KINDS.includes(entry.kind);
                return (
                  <Command.Item
                    key={entry.id}
                    value={entry.id}
                    className="palette-item"
                    aria-label={thing ? `${entry.label} (${entry.kind.toLowerCase()})` : entry.label}
                    {...(entry.detail !== undefined ? { 'aria-description': entry.detail } : {})}
                    data-kind={entry.kind}
                    data-testid="palette-item"
                    onSelect={() => choose(entry)}
                  >
                    <span className="palette-item-text">
                      <span className="palette-item-label">{entry.label}</span>
                      {entry.detail !== undefined && (
                        <span className="palette-item-detail" aria-hidden="true">
                          {entry.detail}
                        </span>
                      )}
                    </span>
                    <span className="palette-item-kind" aria-hidden="true">
                      {entry.kind}
                      {entry.next !== undefined && ' ›'}
                    </span>
                  </Command.Item>
                );
              })}
            </Command.List>
          </Command>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
