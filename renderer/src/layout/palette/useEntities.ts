/**
 * The things of the organization the palette finds beside screens: members (searched by the server, by name or
 * email; `useMemberEntries.ts`), teams, spaces, collections, sites and open change requests (by number or subject;
 * `useListEntries.ts`), and an invite for a typed email address. Lists load when the palette opens and are ranked
 * with everything else (`fuzzy.ts`).
 */
import { looksLikeEmail, type PaletteEntry } from './model.ts';
import {
  useChangeRequestEntries,
  useContentEntries,
  useSiteEntries,
  useTeamEntries,
} from './useListEntries.ts';
import { useMemberEntries } from './useMemberEntries.ts';

const CLOSED: { entries: PaletteEntry[]; loading: boolean } = { entries: [], loading: false };

/** The entities matching `search` (members) or loaded for ranking (the rest), as palette entries. */
export function useEntities(
  profileId: string,
  orgId: string,
  search: string,
  open: boolean,
): { entries: PaletteEntry[]; loading: boolean } {
  const enabled = open && orgId !== '';
  const members = useMemberEntries(profileId, orgId, search, enabled);
  const teams = useTeamEntries(profileId, orgId, enabled);
  const content = useContentEntries(profileId, orgId, enabled);
  const sites = useSiteEntries(profileId, orgId, enabled);
  const requests = useChangeRequestEntries(profileId, orgId, enabled, content.spaceTitles);
  if (!enabled) return CLOSED;

  const kinds = [members, teams, content, sites, requests];
  const entries: PaletteEntry[] = kinds.flatMap((kind) => kind.entries);
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
  return { entries, loading: kinds.some((kind) => kind.fetching) };
}
