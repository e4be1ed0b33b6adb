/**
 * What needs an administrator's attention in an organization, for the Overview's to-do list: open change requests
 * (and which of them are outdated or in conflict), email invites still awaiting a first visit, single sign-on's
 * state, OpenAPI specs whose processing failed, and spaces about to leave the Trash for good. Each item loads on its own; the lists start once the organization is
 * on screen, so they never hold up its first paint.
 */
import { useQuery } from '@tanstack/react-query';
import { clientFor } from '../../bridge/api.ts';
import { errorKind } from '../../bridge/errors.ts';
import { emailInvitesQuery } from '../../queries/invites.ts';
import { keys } from '../../queries/keys.ts';
import { useOffers } from '../../queries/capabilities.ts';
import { useMergeChecksInTurn } from '../../queries/mergeCheck.ts';
import { specsQuery } from '../../queries/openapi.ts';
import { samlProvidersQuery } from '../../queries/saml.ts';
import { trashQuery } from '../../queries/spaces.ts';

/** Open requests read to find the outdated ones; merge checks asked for at most this many outdated ones. */
const REQUESTS_READ = 100;
const CHECKS_ASKED = 10;
/** Spaces leaving the Trash within this long are "about to expire". */
export const EXPIRING_WITHIN_MS = 2 * 24 * 60 * 60 * 1000;
const TRASH_MS = 7 * 24 * 60 * 60 * 1000;
/** An invite sent longer ago than this, and still not followed, deserves a reminder. */
export const STALE_INVITE_MS = 7 * 24 * 60 * 60 * 1000;

/** The to-do list's data (each part undefined while it loads or when it failed). */
export interface Todo {
  review: { open: number; outdated: number; conflicting: number | undefined } | undefined;
  /** `'unlisted'`: the API has no list of pending invites (GitBook's has none; the embedded server's does). */
  invites: { pending: number; stale: number } | 'unlisted' | undefined;
  sso: { on: boolean; providers: number } | undefined;
  failedSpecs: number | undefined;
  expiring: number | undefined;
}

/** Reads the to-do list of an organization; `ready`: the organization is shown (start the reads). */
export function useTodo(profileId: string, orgId: string, ssoOn: boolean | undefined, ready: boolean): Todo {
  const requests = useQuery({
    queryKey: keys.read(keys.org(profileId, orgId), 'listChangeRequestsForOrganization', {
      status: 'open',
      limit: REQUESTS_READ,
    }),
    queryFn: () =>
      clientFor(profileId).call('listChangeRequestsForOrganization', {
        params: { organizationId: orgId },
        query: { status: 'open', limit: REQUESTS_READ },
      }),
    enabled: ready,
  });
  const outdated = (requests.data?.items ?? []).filter(
    (request) => request.outdated && request.space !== undefined,
  );
  // Without the API's merge check, conflicts are not counted here (the app's check reads whole trees).
  const offered = useOffers(profileId, 'checkChangeRequestMerge') === true;
  // One check at a time (see useMergeChecksInTurn): leaving the Overview leaves at most one running; the count of
  // conflicting requests comes later (the server merges up to three at once), which a to-do item can afford.
  const checks = useMergeChecksInTurn(
    profileId,
    orgId,
    (offered ? outdated : [])
      .slice(0, CHECKS_ASKED)
      .map((request) => ({ id: request.id, revision: request.revision, spaceId: request.space! })),
  );
  const invites = useQuery({ ...emailInvitesQuery(profileId, orgId), enabled: ready });
  const providers = useQuery({ ...samlProvidersQuery(profileId, orgId), enabled: ready });
  const specs = useQuery({ ...specsQuery(profileId, orgId), enabled: ready });
  const trash = useQuery({ ...trashQuery(profileId, orgId), enabled: ready });

  const checked = checks.every((check) => check.isSuccess);
  const now = Date.now();
  return {
    review:
      requests.data === undefined
        ? undefined
        : {
            open: requests.data.count,
            outdated: outdated.length,
            conflicting:
              offered && checked && outdated.length <= CHECKS_ASKED
                ? checks.filter((check) => (check.data?.conflicts.length ?? 0) > 0).length
                : undefined,
          },
    invites: invitesTodo(invites.data, invites.error, now),
    sso:
      providers.data === undefined || ssoOn === undefined
        ? undefined
        : { on: ssoOn, providers: providers.data.length },
    failedSpecs: specs.data?.filter((spec) => spec.lastProcessErrorCode !== undefined).length,
    expiring: trash.data?.filter((space) => {
      const left = Date.parse(space.deletedAt ?? '') + TRASH_MS - now;
      return left > 0 && left <= EXPIRING_WITHIN_MS;
    }).length,
  };
}

/** The pending invites' item: how many, how many sent over a week ago; `'unlisted'` when the API has no list. */
function invitesTodo(
  data: readonly { sentAt: string }[] | undefined,
  error: Error | null,
  now: number,
): Todo['invites'] {
  if (error !== null) {
    const kind = errorKind(error);
    return kind === 'notFound' || kind === 'notAvailable' ? 'unlisted' : undefined;
  }
  if (data === undefined) return undefined;
  return {
    pending: data.length,
    stale: data.filter((invite) => now - Date.parse(invite.sentAt) > STALE_INVITE_MS).length,
  };
}
