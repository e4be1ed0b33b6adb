/** The sidebar's organization switcher: the organizations the active profile's token sees. */
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { errorMessage } from '../bridge/errors.ts';
import { orgsQuery } from '../queries/orgs.ts';
import { Skeleton } from '../ui/Feedback.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../ui/Menu.tsx';
import { useActiveProfile } from './activeProfile.ts';

/** A dropdown listing the organizations of the active profile. */
export function OrgSwitcher() {
  const navigate = useNavigate();
  const { profileId, orgId } = useActiveProfile();
  const orgs = useQuery({ ...orgsQuery(profileId ?? ''), enabled: profileId !== undefined });
  const items = orgs.data?.items ?? [];
  const current = items.find((org) => org.id === orgId);
  let label: string;
  if (orgs.isError) label = 'Organizations unavailable';
  else if (orgs.isSuccess && items.length === 0) label = 'No organizations';
  else label = current?.title ?? 'Choose an organization';
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          className="switcher"
          data-testid="org-switcher"
          disabled={profileId === undefined}
        >
          <span className="visually-hidden">Organization: </span>
          <span className="switcher-text">
            {orgs.isPending && profileId !== undefined ? (
              <Skeleton width="9em" />
            ) : (
              <span className="switcher-name">{label}</span>
            )}
            {orgs.isSuccess && items.length > 0 && (
              <span className="switcher-sub">
                {items.length} organization{items.length === 1 ? '' : 's'}
              </span>
            )}
          </span>
          <span className="visually-hidden">. Switch organization</span>
          <span className="switcher-chevron" aria-hidden="true">
            ▾
          </span>
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>Organizations</DropdownMenuLabel>
        {orgs.isError && <DropdownMenuItem disabled>{errorMessage(orgs.error)}</DropdownMenuItem>}
        {orgs.isSuccess && items.length === 0 && (
          <DropdownMenuItem disabled>This token sees no organization</DropdownMenuItem>
        )}
        <DropdownMenuRadioGroup
          value={current?.id ?? ''}
          onValueChange={(id) => {
            if (profileId !== undefined)
              void navigate({ to: '/p/$profileId/orgs/$orgId', params: { profileId, orgId: id } });
          }}
        >
          {items.map((org) => (
            <DropdownMenuRadioItem key={org.id} value={org.id}>
              <span className="menu-item-text">{org.title}</span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
