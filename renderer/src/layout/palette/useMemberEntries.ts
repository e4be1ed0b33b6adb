/**
 * The palette's members: searched by the server (by name or email) once two characters are typed, each with its
 * actions (change the role, add to a team, open Members & teams).
 */
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { clientFor } from '../../bridge/api.ts';
import { keys } from '../../queries/keys.ts';
import { useDebounced } from '../../ui/useDebounced.ts';
import { roleName } from '../../ui/roles.ts';
import type { PaletteEntry } from './model.ts';

const MEMBER_RESULTS = 8;

/** The members matching `search` (a leading `#` left out), as palette entries, and whether the search is running. */
export function useMemberEntries(
  profileId: string,
  orgId: string,
  search: string,
  enabled: boolean,
): { entries: PaletteEntry[]; fetching: boolean } {
  const navigate = useNavigate();
  const term = useDebounced(search.trim().replace(/^#/, ''), 150);
  const members = useQuery({
    queryKey: keys.read(keys.org(profileId, orgId), 'listMembersInOrganizationById', {
      limit: MEMBER_RESULTS,
      search: term,
    }),
    queryFn: () =>
      clientFor(profileId).call('listMembersInOrganizationById', {
        params: { organizationId: orgId },
        query: { limit: MEMBER_RESULTS, search: term.slice(0, 256) },
      }),
    enabled: enabled && term.length >= 2,
    subscribed: enabled,
    staleTime: 10_000,
  });
  const params = { profileId, orgId };
  const entries = (members.data?.items ?? []).map((member): PaletteEntry => {
    const name = member.user.displayName;
    const target = { userId: member.id, name };
    return {
      id: `member:${member.id}`,
      kind: 'Member',
      label: name,
      detail: `${member.user.email ?? 'No email'} · ${roleName(member.role)}`,
      keywords: [member.user.email ?? '', term],
      next: {
        kind: 'actions',
        title: name,
        entries: [
          {
            id: 'change-role',
            kind: 'Action',
            label: 'Change role…',
            detail: `Now ${roleName(member.role)}`,
            next: { kind: 'role', ...target, current: member.role },
          },
          { id: 'add-to-team', kind: 'Action', label: 'Add to team…', next: { kind: 'team', ...target } },
          {
            id: 'open',
            kind: 'Action',
            label: 'Open Members & teams',
            run: () => void navigate({ to: '/p/$profileId/orgs/$orgId/people', params }),
          },
        ],
      },
    };
  });
  return { entries, fetching: members.isFetching };
}
