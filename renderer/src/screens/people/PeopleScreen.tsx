/** Members and teams of an organization: the members table beside the teams panel, joined by drag and drop. */
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import type { MemberListFilters } from '../../queries/members.ts';
import { PeopleDnd } from './dnd.tsx';
import { MembersTable } from './members/MembersTable.tsx';
import { useTableSelection } from './teams/selection.ts';
import { TeamsPanel } from './teams/TeamsPanel.tsx';

/** The Members & teams screen of one organization. */
export function PeopleScreen({
  profileId,
  orgId,
  filters,
  onFiltersChange,
}: {
  profileId: string;
  orgId: string;
  filters: MemberListFilters;
  onFiltersChange: (filters: MemberListFilters) => void;
}) {
  useDocumentTitle('Members & teams');
  const selection = useTableSelection(orgId);
  return (
    <section className="screen people-screen" data-testid="people-screen" aria-labelledby="people-title">
      <header className="screen-header">
        <h1 id="people-title">Members &amp; teams</h1>
      </header>
      <PeopleDnd profileId={profileId} orgId={orgId}>
        <div className="people-layout">
          <MembersTable
            profileId={profileId}
            orgId={orgId}
            filters={filters}
            onFiltersChange={onFiltersChange}
          />
          <TeamsPanel profileId={profileId} orgId={orgId} selection={selection} />
        </div>
      </PeopleDnd>
    </section>
  );
}
