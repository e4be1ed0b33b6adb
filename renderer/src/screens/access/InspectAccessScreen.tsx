/**
 * "Inspect access": pick a member or a team and see every space, collection and site of the organization they
 * reach, at which level, and the path of reasons that decides it; "why not?" for items they do not reach (the
 * level filter "No access" and a search); the access review exported as CSV, for them or the whole organization.
 * Admins only. A hosted API without the extension gets a note (the reasons need every grant of the organization,
 * which GitBook's operations give only item by item).
 */
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { describeReason } from '../../../../shared/access/explain.ts';
import { errorKind } from '../../bridge/errors.ts';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { useOffers } from '../../queries/capabilities.ts';
import { inspectAccessQuery, type AccessSubject } from '../../queries/inspectAccess.ts';
import { memberQuery } from '../../queries/members.ts';
import { orgQuery } from '../../queries/orgs.ts';
import { teamQuery } from '../../queries/teams.ts';
import { NotOffered } from '../../ui/ApiNotes.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/Feedback.tsx';
import { AccessFilters } from './AccessFilters.tsx';
import { AccessGrid } from './AccessGrid.tsx';
import type { AccessSearch } from './accessSearch.ts';
import { filterEntries, shownPage, type ShownEntry } from './filterEntries.ts';
import { SubjectPicker } from './SubjectPicker.tsx';
import { useAccessReview } from './useAccessReview.ts';
import './access.css';

export interface InspectAccessScreenProps {
  profileId: string;
  orgId: string;
  search: AccessSearch;
  onSearchChange: (search: AccessSearch) => void;
}

export function InspectAccessScreen({ profileId, orgId, search, onSearchChange }: InspectAccessScreenProps) {
  useDocumentTitle('Inspect access');
  const offered = useOffers(profileId, 'listMemberAccessInOrganization', 'listTeamAccessInOrganization');
  const org = useQuery(orgQuery(profileId, orgId));
  const review = useAccessReview(profileId, orgId, org.data?.title ?? '');
  const subject: AccessSubject | undefined =
    search.member !== undefined
      ? { kind: 'member', id: search.member }
      : search.team !== undefined
        ? { kind: 'team', id: search.team }
        : undefined;
  return (
    <section
      className="screen access-screen"
      data-testid="inspect-access-screen"
      aria-labelledby="access-title"
    >
      <header className="screen-header">
        <h1 id="access-title">Inspect access</h1>
        <p className="muted">
          Everything a member or a team reaches, at which level, and why; and why not, for what they do not
          reach.
        </p>
      </header>
      {offered === false ? (
        <NotOffered>Inspect access is not available: this profile’s API does not offer it.</NotOffered>
      ) : (
        <>
          <div className="access-top">
            <SubjectPicker
              profileId={profileId}
              orgId={orgId}
              onPick={(picked) =>
                onSearchChange({
                  ...(picked.kind === 'member' ? { member: picked.id } : { team: picked.id }),
                  ...(search.type !== undefined ? { type: search.type } : {}),
                })
              }
            />
            <div className="access-review" aria-live="polite">
              {review.progress === undefined ? (
                <Button size="sm" onClick={() => review.run('organization')} data-testid="access-review-org">
                  Export access review (whole organization)
                </Button>
              ) : (
                <>
                  <span className="muted" data-testid="access-review-progress">
                    {review.progress.rows} lines
                    {review.progress.members !== undefined &&
                      `, ${review.progress.members.done} of ${review.progress.members.total} members`}
                  </span>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={review.cancel}
                    data-testid="access-review-cancel"
                  >
                    Stop
                  </Button>
                </>
              )}
            </div>
          </div>
          {subject === undefined ? (
            <EmptyState title="Pick a member or a team">
              Search above, or open Inspect access from a member’s row in People or from a team.
            </EmptyState>
          ) : (
            <Inspection
              key={`${subject.kind}:${subject.id}`}
              profileId={profileId}
              orgId={orgId}
              subject={subject}
              search={search}
              onSearchChange={onSearchChange}
              onExport={(label) => review.run({ ...subject, label })}
              exporting={review.progress !== undefined}
            />
          )}
        </>
      )}
    </section>
  );
}

interface InspectionProps {
  profileId: string;
  orgId: string;
  subject: AccessSubject;
  search: AccessSearch;
  onSearchChange: (search: AccessSearch) => void;
  onExport: (label: string) => void;
  exporting: boolean;
}

/** The subject's name: a member's display name (and email), a team's title. */
function useSubjectLabel(profileId: string, orgId: string, subject: AccessSubject): string | undefined {
  const member = useQuery({
    ...memberQuery(profileId, orgId, subject.id),
    enabled: subject.kind === 'member',
  });
  const team = useQuery({ ...teamQuery(profileId, orgId, subject.id), enabled: subject.kind === 'team' });
  if (subject.kind === 'team') return team.data?.title;
  const user = member.data?.user;
  return user === undefined
    ? undefined
    : user.email
      ? `${user.displayName} <${user.email}>`
      : user.displayName;
}

function Inspection({
  profileId,
  orgId,
  subject,
  search,
  onSearchChange,
  onExport,
  exporting,
}: InspectionProps) {
  const queryClient = useQueryClient();
  const { profile } = useActiveProfile();
  const label = useSubjectLabel(profileId, orgId, subject);
  // Only "why not?" (the level filter "no access") needs the items not reached too.
  const reach = search.level === 'none' ? 'all' : 'reached';
  const query = useInfiniteQuery(inspectAccessQuery(queryClient, profileId, orgId, subject, reach));
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  // Every page is needed (filters and the counts are over all items): fetch them one after the other.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const pages = query.data?.pages;
  const entries = useMemo(() => (pages ?? []).flatMap(shownPage), [pages]);
  const deferred = useDeferredValue(search);
  const rows = useMemo(() => filterEntries(entries, deferred), [entries, deferred]);
  const [explained, setExplained] = useState<ShownEntry | undefined>(undefined);
  const textRef = useRef<HTMLInputElement>(null);
  const lastPage = pages?.at(-1);
  const loading = query.isPending || hasNextPage;

  if (query.isError && !isFetchNextPageError)
    return errorKind(query.error) === 'forbidden' ? (
      <EmptyState title="Only admins inspect access">
        Ask an admin of the organization who can reach what, and why.
      </EmptyState>
    ) : (
      <ErrorState
        error={query.error}
        what="what they reach"
        profileName={profileLabel(profile, profileId)}
        onRetry={() => void query.refetch()}
      />
    );

  const whoName = label ?? (subject.kind === 'team' ? 'this team' : 'this member');
  return (
    <>
      <div className="access-subject">
        <h2 data-testid="access-subject">
          {subject.kind === 'team' ? 'Team ' : ''}
          {whoName}
        </h2>
        <Button
          size="sm"
          disabled={exporting || loading}
          onClick={() => onExport(whoName)}
          data-testid="access-review-export"
        >
          Export access review
        </Button>
      </div>
      <AccessFilters
        search={search}
        onChange={onSearchChange}
        textRef={textRef}
        onWhyNot={() => {
          onSearchChange({ ...search, level: 'none' });
          textRef.current?.focus();
        }}
      />
      <p className="muted access-count" aria-live="polite" data-testid="access-count">
        {loading
          ? `Examined ${lastPage?.examined ?? 0} of ${lastPage?.total ?? '…'} items…`
          : `${rows.length} item${rows.length === 1 ? '' : 's'}${search.level === 'none' ? ' not reached' : ' reached'}`}
        {subject.kind === 'team' && ' (through this team’s grants alone)'}
      </p>
      <AccessGrid rows={rows} loading={loading} onExplain={setExplained} />
      {!loading && rows.length === 0 && (
        <EmptyState title="Nothing matches">Try another type, level or text.</EmptyState>
      )}
      {explained !== undefined && (
        <aside
          className="access-explained"
          aria-live="polite"
          data-testid="access-explained"
          aria-label="Why"
        >
          <h3>
            {explained.entry.level === null ? 'Why not: ' : `Why ${explained.entry.level}: `}
            {explained.entry.item.type} “{explained.entry.item.title}”
          </h3>
          <ol>
            {explained.entry.path.map((reason, index) => (
              <li key={index}>{describeReason(reason)}</li>
            ))}
          </ol>
          <Button size="sm" variant="ghost" onClick={() => setExplained(undefined)}>
            Close
          </Button>
        </aside>
      )}
    </>
  );
}
