/**
 * The things of the organization the palette finds beside screens: members (searched by the server, by name or
 * email), teams, spaces, collections, sites and open change requests (by number or subject), and an invite for a
 * typed email address. Lists load when the palette opens and are ranked with everything else (`fuzzy.ts`).
 */
import { useQuery, useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { clientFor } from '../../bridge/api.ts';
import { orgChangeRequestsQuery } from '../../queries/changeRequests.ts';
import { contentQuery } from '../../queries/content.ts';
import { keys } from '../../queries/keys.ts';
import { sitesQuery } from '../../queries/sites.ts';
import { teamsQuery } from '../../queries/teams.ts';
import { emojiText } from '../../ui/emoji.ts';
import { useDebounced } from '../../ui/useDebounced.ts';
import { roleName } from '../../ui/roles.ts';
import { looksLikeEmail, type PaletteEntry } from './model.ts';

const MEMBER_RESULTS = 8;
const CLOSED: { entries: PaletteEntry[]; loading: boolean } = { entries: [], loading: false };

/** The entities matching `search` (members) or loaded for ranking (the rest), as palette entries. */
export function useEntities(
  profileId: string,
  orgId: string,
  search: string,
  open: boolean,
): { entries: PaletteEntry[]; loading: boolean } {
  const navigate = useNavigate();
  const term = useDebounced(search.trim().replace(/^#/, ''), 150);
  const enabled = open && orgId !== '';
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
  // Closed, the palette does not follow these lists: a screen's change to one (a drop on a team) would re-render it.
  const teams = useQuery({ ...teamsQuery(profileId, orgId), enabled, subscribed: enabled });
  const content = useQuery({ ...contentQuery(profileId, orgId), enabled, subscribed: enabled });
  const sites = useQuery({ ...sitesQuery(profileId, orgId, {}), enabled, subscribed: enabled });
  const requests = useInfiniteQuery({
    ...orgChangeRequestsQuery(profileId, orgId, 'open'),
    enabled,
    subscribed: enabled,
  });
  if (!enabled) return CLOSED;

  const params = { profileId, orgId };
  const entries: PaletteEntry[] = [];
  for (const member of members.data?.items ?? []) {
    const name = member.user.displayName;
    const target = { userId: member.id, name };
    entries.push({
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
    });
  }
  for (const team of teams.data?.items ?? []) {
    entries.push({
      id: `team:${team.id}`,
      kind: 'Team',
      label: team.title,
      detail: `${team.members} member${team.members === 1 ? '' : 's'}`,
      run: () =>
        void navigate({
          to: '/p/$profileId/orgs/$orgId/teams/$teamId',
          params: { ...params, teamId: team.id },
        }),
    });
  }
  const spaceTitles = new Map(content.data?.spaces.map((space) => [space.id, space.title]) ?? []);
  for (const space of content.data?.spaces ?? []) {
    const item = { kind: 'space' as const, id: space.id, title: space.title };
    const openSpace = () =>
      void navigate({
        to: '/p/$profileId/orgs/$orgId/spaces/$spaceId',
        params: { ...params, spaceId: space.id },
      });
    entries.push({
      id: `space:${space.id}`,
      kind: 'Space',
      label: `${emojiText(space.emoji)} ${space.title}`.trim(),
      next: {
        kind: 'actions',
        title: space.title,
        entries: [
          { id: 'open', kind: 'Action', label: 'Open', run: openSpace },
          { id: 'move', kind: 'Action', label: 'Move to…', next: { kind: 'move', item } },
        ],
      },
    });
  }
  for (const collection of content.data?.collections ?? []) {
    const item = { kind: 'collection' as const, id: collection.id, title: collection.title };
    entries.push({
      id: `collection:${collection.id}`,
      kind: 'Collection',
      label: collection.title,
      next: {
        kind: 'actions',
        title: collection.title,
        entries: [
          {
            id: 'open',
            kind: 'Action',
            label: 'Open the content tree',
            run: () => void navigate({ to: '/p/$profileId/orgs/$orgId/content', params }),
          },
          { id: 'move', kind: 'Action', label: 'Move to…', next: { kind: 'move', item } },
        ],
      },
    });
  }
  for (const site of sites.data ?? []) {
    entries.push({
      id: `site:${site.id}`,
      kind: 'Site',
      label: site.title,
      detail: site.published ? 'Published' : 'Not published',
      run: () =>
        void navigate({
          to: '/p/$profileId/orgs/$orgId/sites/$siteId',
          params: { ...params, siteId: site.id },
        }),
    });
  }
  for (const request of requests.data?.pages.flatMap((page) => page.items) ?? []) {
    const spaceId = request.space;
    if (spaceId === undefined) continue;
    entries.push({
      id: `change-request:${request.id}`,
      kind: 'Change request',
      label: `#${request.number} ${request.subject || 'Untitled'}`,
      detail: spaceTitles.get(spaceId) ?? 'Open',
      keywords: [String(request.number), spaceTitles.get(spaceId) ?? ''],
      run: () =>
        void navigate({
          to: '/p/$profileId/orgs/$orgId/spaces/$spaceId/change-requests/$changeRequestId',
          params: { ...params, spaceId, changeRequestId: request.id },
          search: {},
        }),
    });
  }
  const typed = search.trim();
  if (looksLikeEmail(typed)) {
    entries.push({
      id: `invite:${typed}`,
      kind: 'Invite',
      label: `Invite ${typed}…`,
      keywords: [typed],
      next: { kind: 'invite', email: typed },
    });
  }
  const loading = [members, teams, content, sites].some((query) => query.isFetching) || requests.isFetching;
  return { entries, loading };
}
