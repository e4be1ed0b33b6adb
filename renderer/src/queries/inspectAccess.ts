/**
 * "Inspect access" (an extension of our API; a hosted API without it turns the screen to its note): what a member
 * or a team reaches, each item with its level and the path of reasons, read page by page (each page examines up
 * to 2,000 items of the organization), and the same pages streamed into the access review's CSV.
 */
import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import {
  ACCESS_PAGE_MAX,
  type AccessEntry,
  type AccessList,
} from '../../../shared/contract/resources/access.ts';
import { LIST_LIMIT_MAX } from '../../../shared/contract/index.ts';
import { clientFor } from '../bridge/api.ts';
import { eachPage, pageParam } from './allPages.ts';
import { optionalRead } from './capabilities.ts';
import { keys } from './keys.ts';

/** Who is inspected. */
export interface AccessSubject {
  kind: 'member' | 'team';
  id: string;
}

/** The key prefix of every inspection of an organization (grants and roles change it: invalidate it whole). */
export function inspectAccessKey(profileId: string, orgId: string) {
  return keys.group(keys.org(profileId, orgId), 'inspect-access');
}

/** One page of what a subject reaches (`all`: every item, the ones not reached with why not). */
export function accessPage(
  profileId: string,
  orgId: string,
  subject: AccessSubject,
  page: string | undefined,
  reach: 'reached' | 'all',
): Promise<AccessList> {
  const query = { limit: ACCESS_PAGE_MAX, reach, ...(page !== undefined ? { page } : {}) };
  const client = clientFor(profileId);
  return subject.kind === 'member'
    ? client.call('listMemberAccessInOrganization', {
        params: { organizationId: orgId, userId: subject.id },
        query,
      })
    : client.call('listTeamAccessInOrganization', {
        params: { organizationId: orgId, teamId: subject.id },
        query,
      });
}

/**
 * What the subject reaches (`reached`), or every item of the organization with why not for the others (`all`, asked
 * only for "why not?"), page by page through `next.page`.
 */
export function inspectAccessQuery(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  subject: AccessSubject,
  reach: 'reached' | 'all',
) {
  const operation =
    subject.kind === 'member' ? 'listMemberAccessInOrganization' : 'listTeamAccessInOrganization';
  return infiniteQueryOptions({
    queryKey: keys.read(inspectAccessKey(profileId, orgId), operation, { subjectId: subject.id, reach }),
    queryFn: ({ pageParam }) =>
      optionalRead(queryClient, profileId, operation, () =>
        accessPage(profileId, orgId, subject, pageParam, reach),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next?.page,
  });
}

/**
 * Every page of a subject's access in sequence, each handed to `onPage` as it arrives and not kept (the access
 * review writes it to its file); `signal` stops it between pages.
 */
export async function eachAccessPage(
  profileId: string,
  orgId: string,
  subject: AccessSubject,
  onPage: (entries: readonly AccessEntry[]) => void,
  signal?: AbortSignal,
): Promise<void> {
  await eachPage(
    (page) => accessPage(profileId, orgId, subject, page, 'reached'),
    (answer) => onPage(answer.items),
    { signal },
  );
}

/** A member as the access review names them. */
export interface ReviewedMember {
  id: string;
  name: string;
  email: string;
}

/** Every member of the organization, a page at a time (the whole organization's access review walks them). */
export async function eachMemberPage(
  profileId: string,
  orgId: string,
  onPage: (members: readonly ReviewedMember[], total: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  await eachPage(
    (page) =>
      clientFor(profileId).call('listMembersInOrganizationById', {
        params: { organizationId: orgId },
        query: { limit: LIST_LIMIT_MAX, sort: 'name', order: 'asc', ...pageParam(page) },
      }),
    (answer) =>
      onPage(
        answer.items.map((member) => ({
          id: member.user.id,
          name: member.user.displayName,
          email: member.user.email ?? '',
        })),
        answer.count,
      ),
    { signal },
  );
}
