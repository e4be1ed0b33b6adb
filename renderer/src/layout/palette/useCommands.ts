/** The palette's commands: screens of the organization, actions screens offer, organizations, profiles, theme. */
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { orgsQuery } from '../../queries/orgs.ts';
import { setThemePreference, THEME_CHOICES } from '../../theme/theme.ts';
import { useActiveProfile } from '../activeProfile.ts';
import { usePaletteActionsStore } from '../paletteActions.ts';
import { ORG_SCREENS } from '../Sidebar.tsx';
import type { PaletteEntry } from './model.ts';

/** Every command, in the order shown before anything is typed; `loading` while the organizations load. */
export function useCommands(open: boolean): { commands: PaletteEntry[]; loading: boolean } {
  const navigate = useNavigate();
  const registered = usePaletteActionsStore((state) => state.bySource);
  const { profileId, profile, orgId, profiles } = useActiveProfile();
  const orgs = useQuery({ ...orgsQuery(profileId ?? ''), enabled: open && profileId !== undefined });
  const orgItems = orgs.data?.items ?? [];
  const currentOrg = orgItems.find((org) => org.id === orgId);

  const commands: PaletteEntry[] = [];
  for (const actions of Object.values(registered)) {
    for (const action of actions) {
      commands.push({
        id: `action:${action.id}`,
        kind: 'Action',
        label: action.label,
        keywords: action.keywords ?? [],
        run: action.run,
      });
    }
  }
  if (profileId !== undefined && currentOrg !== undefined) {
    const params = { profileId, orgId: currentOrg.id };
    commands.push({
      id: 'screen:overview',
      kind: 'Screen',
      label: `Overview — ${currentOrg.title}`,
      keywords: ['organization', 'counts', 'home', 'to do'],
      run: () => void navigate({ to: '/p/$profileId/orgs/$orgId', params }),
    });
    for (const screen of ORG_SCREENS) {
      commands.push({
        id: `screen:${screen.path}`,
        kind: 'Screen',
        label: `${screen.label} — ${currentOrg.title}`,
        keywords: [...screen.keywords],
        run: () => void navigate({ to: `/p/$profileId/orgs/$orgId/${screen.path}`, params }),
      });
    }
  }
  commands.push({
    id: 'screen:profiles',
    kind: 'Screen',
    label: 'Profiles',
    keywords: ['manage', 'token', 'add', 'api', 'connection'],
    run: () => void navigate({ to: '/profiles' }),
  });
  if (profileId !== undefined) {
    for (const org of orgItems) {
      commands.push({
        id: `org:${org.id}`,
        kind: 'Organization',
        label: org.title,
        keywords: ['organization', 'switch'],
        run: () => void navigate({ to: '/p/$profileId/orgs/$orgId', params: { profileId, orgId: org.id } }),
      });
    }
  }
  for (const p of profiles.data?.profiles ?? []) {
    if (p.id === profile?.id) continue;
    commands.push({
      id: `profile:${p.id}`,
      kind: 'Profile',
      label: `Switch profile: ${p.name}`,
      keywords: ['profile', p.baseUrl],
      run: () => void navigate({ to: '/p/$profileId', params: { profileId: p.id } }),
    });
  }
  for (const choice of THEME_CHOICES) {
    commands.push({
      id: `theme:${choice.value}`,
      kind: 'Theme',
      label: `Theme: ${choice.label}`,
      keywords: ['appearance', 'dark', 'light', 'colour', 'color'],
      run: () => setThemePreference(choice.value),
    });
  }
  return { commands, loading: orgs.isPending && open && profileId !== undefined };
}
