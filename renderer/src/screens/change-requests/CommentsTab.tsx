/** Comment threads of a change request: the Comments tab (every thread) and the panel beside a page's diff. */
import type { ChangeRequest } from '../../../../shared/contract/resources/changeRequests.ts';

export interface CommentsProps {
  profileId: string;
  orgId: string;
  spaceId: string;
  changeRequest: ChangeRequest;
}

/** Every thread of the request, anchored to the request or to a page. */
export function CommentsTab(props: CommentsProps) {
  return <p data-testid="comments-tab">Comments of #{props.changeRequest.number}</p>;
}

/** The threads of one page, shown beside its diff; new comments posted here target that page. */
export function PageCommentsPanel(props: CommentsProps & { pageId: string; pageTitle: string }) {
  return <aside data-testid="page-comments">Comments on {props.pageTitle}</aside>;
}
