/**
 * The palette's organization lists, loaded whole when it opens and ranked with everything else (`fuzzy.ts`): teams,
 * spaces and collections, sites, and open change requests (by number or subject). Each hook gives its kind's entries
 * and whether its list is loading. Closed (`enabled` false), the palette does not follow these lists: a screen's
 * change to one (a drop on a team) would re-render it.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { orgChangeRequestsQuery } from '../../queries/changeRequests.ts';
import { contentQuery } from '../../queries/content.ts';
import { sitesQuery } from '../../queries/sites.ts';
import { teamsQuery } from '../../queries/teams.ts';
import { emojiText } from '../../ui/emoji.ts';
import type { PaletteEntry } from './model.ts';

/** A kind's palette entries, and whether its list is loading. */
export interface KindEntries {
  entries: PaletteEntry[];
  fetching: boolean;
}

/** The teams, each opening its screen. */
export function useTeamEntries(profileId: string, orgId: string, enabled: boolean): KindEntries {
  const navigate = useNavigate();
  const teams = useQuery({ ...teamsQuery(profileId, orgId), enabled, subscribed: enabled });
  const entries = (teams.data?.items ?? []).map((team): PaletteEntry => ({
    id: `team:${team.id}`,
    kind: 'Team',
    label: team.title,
    detail: `${team.members} member${team.members === 1 ? '' : 's'}`,
    run: () =>
      void navigate({
        to: '/p/$profileId/orgs/$orgId/teams/$teamId',
        params: { profileId, orgId, teamId: team.id },
      }),
  }));
  return { entries, fetching: teams.isFetching };
}

/**
 * The spaces, then the collections, each with its actions (open, move); and the spaces' titles by id, which name
 * the change requests' spaces.
 */
export function useContentEntries(
  profileId: string,
  orgId: string,
  enabled: boolean,
): KindEntries & { spaceTitles: Map<string, string> } {
  const navigate = useNavigate();
  const content = useQuery({ ...contentQuery(profileId, orgId), enabled, subscribed: enabled });
  const params = { profileId, orgId };
  const spaceTitles = new Map(content.data?.spaces.map((space) => [space.id, space.title]) ?? []);
  const spaces = (content.data?.spaces ?? []).map((space): PaletteEntry => {
    const item = { kind: 'space' as const, id: space.id, title: space.title };
    const openSpace = () =>
      void navigate({
        to: '/p/$profileId/orgs/$orgId/spaces/$spaceId',
        params: { ...params, spaceId: space.id },
      });
    return {
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
    };
  });
  const collections = (content.data?.collections ?? []).map((collection): PaletteEntry => {
    const item = { kind: 'collection' as const, id: collection.id, title: collection.title };
    return {
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
    };
  });
  return { entries: [...spaces, ...collections], fetching: content.isFetching, spaceTitles };
}

/** The sites, each opening its screen. */
export function useSiteEntries(profileId: string, orgId: string, enabled: boolean): KindEntries {
  const navigate = useNavigate();
  const sites = useQuery({ ...sitesQuery(profileId, orgId, {}), enabled, subscribed: enabled });
  const entries = (sites.data ?? []).map((site): PaletteEntry => ({
    id: `site:${site.id}`,
    kind: 'Site',
    label: site.title,
    detail: site.published ? 'Published' : 'Not published',
    run: () =>
      void navigate({
        to: '/p/$profileId/orgs/$orgId/sites/$siteId',
        params: { profileId, orgId, siteId: site.id },
      }),
  }));
  return { entries, fetching: sites.isFetching };
}

/** The open change requests of a space (the others are left out), named with their space's title. */
export function useChangeRequestEntries(
  profileId: string,
  orgId: string,
  enabled: boolean,
  spaceTitles: ReadonlyMap<string, string>,
): KindEntries {
  const navigate = useNavigate();
  const requests = useInfiniteQuery({
    ...orgChangeRequestsQuery(profileId, orgId, 'open'),
    enabled,
    subscribed: enabled,
  });
  const entries: PaletteEntry[] = [];
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
          params: { profileId, orgId, spaceId, changeRequestId: request.id },
          search: {},
        }),
    });
  }
  return { entries, fetching: requests.isFetching };
}
