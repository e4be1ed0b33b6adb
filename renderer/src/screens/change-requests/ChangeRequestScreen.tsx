/** One change request: header (subject, status actions, author, dates) and the Overview, Changes and Comments tabs. */
import { useQuery } from '@tanstack/react-query';
import { changeRequestQuery } from '../../queries/changeRequests.ts';
import { ChangesTab } from './ChangesTab.tsx';
import { CommentsTab } from './CommentsTab.tsx';

export type ChangeRequestTab = 'overview' | 'changes' | 'comments';

export function ChangeRequestScreen({
  profileId,
  orgId,
  spaceId,
  changeRequestId,
  tab,
  pageId,
  onNavigate,
}: {
  profileId: string;
  orgId: string;
  spaceId: string;
  changeRequestId: string;
  tab: ChangeRequestTab;
  pageId: string | undefined;
  onNavigate: (search: { tab?: ChangeRequestTab; page?: string }) => void;
}) {
  const request = useQuery(changeRequestQuery(profileId, orgId, spaceId, changeRequestId));
  if (!request.data) return <p>Loading…</p>;
  const common = { profileId, orgId, spaceId, changeRequest: request.data };
  return (
    <div data-testid="change-request-screen">
      <h1>{request.data.subject}</h1>
      {tab === 'changes' ? (
        <ChangesTab {...common} pageId={pageId} onPageChange={(page) => onNavigate({ tab, page })} />
      ) : tab === 'comments' ? (
        <CommentsTab {...common} />
      ) : null}
    </div>
  );
}
