/**
 * A resolution half applied (the request took the main content's side and was updated, but what was chosen for its
 * own side is not written yet, kept in localStorage): says so, and writes it on demand.
 */
import type { ChangeRequest } from '../../../../../shared/contract/resources/changeRequests.ts';
import { errorMessage } from '../../../bridge/errors.ts';
import { Button } from '../../../ui/Button.tsx';
import { Banner } from '../../../ui/Feedback.tsx';
import { pendingWrite, useApplyResolution } from './useApplyResolution.ts';

export function PendingResolution(props: {
  profileId: string;
  orgId: string;
  spaceId: string;
  request: ChangeRequest;
}) {
  const apply = useApplyResolution(props);
  if (apply.isSuccess || pendingWrite(props) === undefined) return null;
  return (
    <Banner
      tone="warning"
      title="Resolving the conflicts is not finished"
      actions={
        <Button
          size="sm"
          variant="primary"
          pending={apply.isPending}
          onClick={() => apply.mutate({ conflicts: [], choices: new Map() })}
          data-testid="cr-resolve-finish"
        >
          Write the request’s side
        </Button>
      }
      data-testid="cr-resolve-pending"
    >
      <p>
        The request took the main content’s side of its conflicts and is up to date; what you chose for its
        own side is not written yet.
      </p>
      {apply.isError && <p>{errorMessage(apply.error)}</p>}
    </Banner>
  );
}
