/** The sidebar's profile switcher: every profile, and a way to manage them. */
import { useNavigate } from '@tanstack/react-router';
import { Badge, Skeleton } from '../ui/Feedback.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/Menu.tsx';
import { profileLabel, useActiveProfile } from './activeProfile.ts';

/** A dropdown listing the profiles; choosing one opens its organizations. */
export function ProfileSwitcher() {
  const navigate = useNavigate();
  const { profileId, profile, profiles } = useActiveProfile();
  const list = profiles.data?.profiles ?? [];
  const label = profileLabel(profile, profileId);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button type="button" className="switcher" data-testid="profile-switcher">
          {/* The accessible name is the visible text plus hidden context (axe: label-content-name-mismatch). */}
          <span className="visually-hidden">Profile: </span>
          <span className="switcher-text">
            {profiles.isPending ? <Skeleton width="8em" /> : <span className="switcher-name">{label}</span>}
            {profile !== undefined && (
              <span className="switcher-sub">
                {profile.kind === 'local' ? 'Embedded server' : hostOf(profile.baseUrl)}
              </span>
            )}
          </span>
          <span className="visually-hidden">. Switch profile</span>
          <span className="switcher-chevron" aria-hidden="true">
            ▾
          </span>
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>Profiles</DropdownMenuLabel>
        {profiles.isError && <DropdownMenuItem disabled>Profiles could not be loaded</DropdownMenuItem>}
        <DropdownMenuRadioGroup
          value={profileId ?? ''}
          onValueChange={(id) => void navigate({ to: '/p/$profileId', params: { profileId: id } })}
        >
          {list.map((p) => (
            <DropdownMenuRadioItem key={p.id} value={p.id} data-profile-id={p.id}>
              <span className="menu-item-text">{p.name}</span>
              {p.kind === 'local' && <Badge>local</Badge>}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate({ to: '/profiles' })}>
          Manage profiles…
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The host of a base URL, for a compact label. */
function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}
