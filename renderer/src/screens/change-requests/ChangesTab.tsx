/** The Changes tab of a change request: changed pages, rendered and source diffs, viewed marks. */
import type { ChangeRequest } from '../../../../shared/contract/resources/changeRequests.ts';

export interface ChangesTabProps {
  profileId: string;
  orgId: string;
  spaceId: string;
  changeRequest: ChangeRequest;
  /** The page shown, from the URL (`?page=`); undefined shows the first changed page. */
  pageId: string | undefined;
  onPageChange: (pageId: string) => void;
}

export function ChangesTab(props: ChangesTabProps) {
  return <p data-testid="changes-tab">Changes of #{props.changeRequest.number}</p>;
}
