/** The command palette (Ctrl/Cmd+K): every screen, every organization of the active profile, profile switches. */
import { usePaletteActionsStore } from './paletteActions.ts';
import { ORG_SCREENS } from './Sidebar.tsx';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Command } from 'cmdk';
import { orgsQuery } from '../queries/orgs.ts';
import { setThemePreference, THEME_CHOICES } from '../theme/theme.ts';
import { useActiveProfile } from './activeProfile.ts';

/** One entry of the palette. */
interface PaletteCommand {
  id: string;
  group: 'Actions' | 'Screens' | 'Organizations' | 'Profiles' | 'Theme';
  label: string;
  keywords?: string[];
  run: () => void;
}

const GROUPS: readonly PaletteCommand['group'][] = [
  'Actions',
  'Screens',
  'Organizations',
  'Profiles',
  'Theme',
];

/** The palette in a modal dialog; `Enter` runs the highlighted entry. */
export function CommandPalette({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const registered = usePaletteActionsStore((state) => state.bySource);
  const { profileId, profile, orgId, profiles } = useActiveProfile();
  const orgs = useQuery({ ...orgsQuery(profileId ?? ''), enabled: open && profileId !== undefined });
  const orgItems = orgs.data?.items ?? [];
  const currentOrg = orgItems.find((org) => org.id === orgId);

  const commands: PaletteCommand[] = [];
  if (profileId !== undefined && currentOrg !== undefined) {
    commands.push({
      id: 'screen:overview',
      group: 'Screens',
      label: `Overview — ${currentOrg.title}`,
      keywords: ['organization', 'counts', 'home'],
      run: () =>
        void navigate({ to: '/p/$profileId/orgs/$orgId', params: { profileId, orgId: currentOrg.id } }),
    });
  }
  if (profileId !== undefined && currentOrg !== undefined) {
    for (const screen of ORG_SCREENS) {
      commands.push({
        id: `screen:${screen.path}`,
        group: 'Screens',
        label: `${screen.label} — ${currentOrg.title}`,
        keywords: [...screen.keywords],
        run: () =>
          void navigate({
            to: `/p/$profileId/orgs/$orgId/${screen.path}`,
            params: { profileId, orgId: currentOrg.id },
          }),
      });
    }
  }
  for (const actions of Object.values(registered)) {
    for (const action of actions) {
      commands.push({
        id: `action:${action.id}`,
        group: 'Actions',
        label: action.label,
        keywords: action.keywords ?? [],
        run: action.run,
      });
    }
  }
  commands.push({
    id: 'screen:profiles',
    group: 'Screens',
    label: 'Profiles',
    keywords: ['manage', 'token', 'add', 'api', 'connection'],
    run: () => void navigate({ to: '/profiles' }),
  });
  if (profileId !== undefined) {
    for (const org of orgItems) {
      commands.push({
        id: `org:${org.id}`,
        group: 'Organizations',
        label: org.title,
        keywords: ['organization', org.id],
        run: () => void navigate({ to: '/p/$profileId/orgs/$orgId', params: { profileId, orgId: org.id } }),
      });
    }
  }
  for (const p of profiles.data?.profiles ?? []) {
    if (p.id === profile?.id) continue;
    commands.push({
      id: `profile:${p.id}`,
      group: 'Profiles',
      label: `Switch profile: ${p.name}`,
      keywords: ['profile', p.baseUrl],
      run: () => void navigate({ to: '/p/$profileId', params: { profileId: p.id } }),
    });
  }
  for (const choice of THEME_CHOICES) {
    commands.push({
      id: `theme:${choice.value}`,
      group: 'Theme',
      label: `Theme: ${choice.label}`,
      keywords: ['appearance', 'dark', 'light', 'colour', 'color'],
      run: () => setThemePreference(choice.value),
    });
  }

  // cmdk needs a unique value per item; only names that repeat (two organizations with one title) get their id.
  const seen = new Map<string, number>();
  for (const command of commands) seen.set(command.label, (seen.get(command.label) ?? 0) + 1);
  const valueOf = (command: PaletteCommand) =>
    (seen.get(command.label) ?? 0) > 1 ? `${command.label} (${command.id})` : command.label;

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content className="palette" data-testid="command-palette" aria-describedby={undefined}>
          <RadixDialog.Title className="visually-hidden">Command palette</RadixDialog.Title>
          <Command label="Command palette" loop vimBindings={false}>
            <Command.Input
              className="palette-input"
              placeholder="Go to a screen, an organization or a profile…"
              data-testid="command-palette-input"
              aria-label="Search commands"
            />
            <Command.List className="palette-list">
              <Command.Empty className="palette-empty">Nothing matches.</Command.Empty>
              {orgs.isPending && open && profileId !== undefined && (
                <Command.Loading>
                  <div className="palette-empty">Loading organizations…</div>
                </Command.Loading>
              )}
              {GROUPS.map((group) => {
                const entries = commands.filter((command) => command.group === group);
                if (entries.length === 0) return null;
                return (
                  <Command.Group key={group} heading={group} className="palette-group">
                    {entries.map((command) => (
                      <Command.Item
                        key={command.id}
                        value={valueOf(command)}
                        keywords={command.keywords}
                        className="palette-item"
                        onSelect={() => {
                          onOpenChange(false);
                          command.run();
                        }}
                      >
                        {command.label}
                      </Command.Item>
                    ))}
                  </Command.Group>
                );
              })}
            </Command.List>
          </Command>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
