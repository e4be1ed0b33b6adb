/**
 * The merge box of the Overview: the merge check (`checkChangeRequestMerge`) in words, "Merge" (after a
 * confirmation) and "Update from main". A refused merge or update (409) shows the server's message, asks the check
 * again and shows the conflict view; nothing is lost, the request stays as it was.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { ChangeRequest } from '../../../../shared/contract/resources/changeRequests.ts';
import { errorKind, errorMessage } from '../../bridge/errors.ts';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { changeRequestKey, mergeChangeRequest, updateFromMain } from '../../queries/changeRequests.ts';
import { mergeCheckQuery } from '../../queries/mergeCheck.ts';
import { spaceQuery } from '../../queries/spaces.ts';
import { Button } from '../../ui/Button.tsx';
import { Banner, Skeleton } from '../../ui/Feedback.tsx';
import { toast } from '../../ui/Toast.tsx';
import { formatDate } from '../spaces/ItemSettings.tsx';
import { ConflictView } from './ConflictView.tsx';
import { MergeDialog } from './MergeDialog.tsx';
import { mergeVerdict } from './status.ts';

/** A failed merge or update, as the box shows it. */
interface Refusal {
  action: 'merge' | 'update';
  message: string;
  conflict: boolean;
}

/** The box. */
export function MergeBox({
  profileId,
  orgId,
  spaceId,
  changeRequestId,
  request,
  confirming,
  onConfirmingChange,
}: {
  profileId: string;
  orgId: string;
  spaceId: string;
  changeRequestId: string;
  request: ChangeRequest;
  /** Whether the merge confirmation is open (the palette's "Merge…" opens it too). */
  confirming: boolean;
  onConfirmingChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const { profile } = useActiveProfile();
  const merged = request.status === 'merged';
  const check = useQuery({
    ...mergeCheckQuery(profileId, orgId, spaceId, changeRequestId, request.revision),
    enabled: !merged,
  });
  const space = useQuery(spaceQuery(profileId, spaceId));
  const [working, setWorking] = useState<'merge' | 'update' | undefined>();
  const [refusal, setRefusal] = useState<Refusal | undefined>();

  const refreshCheck = () =>
    queryClient.invalidateQueries({
      queryKey: [...changeRequestKey(profileId, orgId, spaceId, changeRequestId), 'merge-check'],
    });

  const act = async (action: 'merge' | 'update') => {
    setWorking(action);
    setRefusal(undefined);
    try {
      if (action === 'merge') {
        await mergeChangeRequest(queryClient, profileId, orgId, spaceId, changeRequestId);
        toast({ title: `#${request.number} is merged into the main content`, tone: 'success' });
      } else {
        await updateFromMain(queryClient, profileId, orgId, spaceId, changeRequestId);
        toast({ title: `#${request.number} is up to date with the main content`, tone: 'success' });
      }
    } catch (failure) {
      const conflict = errorKind(failure) === 'conflict';
      setRefusal({ action, message: errorMessage(failure), conflict });
      // The main content or the request may have moved: ask again, and show the conflicts it finds.
      await refreshCheck();
    } finally {
      setWorking(undefined);
      onConfirmingChange(false);
    }
  };

  if (merged)
    return (
      <section
        className="cr-merge-box cr-merge-info"
        aria-labelledby="cr-merge-title"
        data-testid="cr-merge-box"
      >
        <h2 id="cr-merge-title">Merged</h2>
        <p data-testid="cr-merged">
          Merged
          {request.mergedBy !== undefined && ` by ${request.mergedBy.displayName}`}
          {request.mergedAt !== undefined && ` on ${formatDate(request.mergedAt)}`}. Its changes are in the
          main content of{' '}
          <Link to="/p/$profileId/orgs/$orgId/spaces/$spaceId" params={{ profileId, orgId, spaceId }}>
            {space.data?.title ?? 'the space'}
          </Link>
          . A merge cannot be undone: to revert it, open a new change request.
        </p>
      </section>
    );

  if (check.isError)
    return (
      <ErrorState
        error={check.error}
        what="whether this request can merge"
        profileName={profileLabel(profile, profileId)}
        onRetry={() => void check.refetch()}
      />
    );
  if (check.data === undefined)
    return (
      <section
        className="cr-merge-box"
        aria-busy="true"
        aria-label="Checking the merge"
        data-testid="cr-merge-box"
      >
        <p className="muted">Checking whether it merges…</p>
        <Skeleton width="60%" height="1.25rem" />
      </section>
    );

  const verdict = mergeVerdict(request, check.data);
  return (
    <>
      <section
        className={`cr-merge-box cr-merge-${verdict.tone}`}
        aria-labelledby="cr-merge-title"
        aria-busy={check.isFetching || undefined}
        data-testid="cr-merge-box"
        data-verdict={verdict.tone}
      >
        <div className="cr-merge-text">
          <h2 id="cr-merge-title" data-testid="cr-merge-title">
            {verdict.title}
          </h2>
          <p>{verdict.detail}</p>
          {check.data.computed === true && (
            <p className="muted" data-testid="cr-merge-computed">
              Checked by Docs Admin from the three revisions: this API has no merge check of its own.
            </p>
          )}
        </div>
        <div className="cr-merge-actions">
          {verdict.canUpdate && (
            <Button
              onClick={() => void act('update')}
              pending={working === 'update'}
              disabled={working !== undefined}
              data-testid="cr-update"
            >
              Update from main
            </Button>
          )}
          <Button
            variant="primary"
            onClick={() => onConfirmingChange(true)}
            disabled={!verdict.canMerge || working !== undefined}
            pending={working === 'merge'}
            data-testid="cr-merge"
          >
            Merge
          </Button>
        </div>
      </section>
      {refusal !== undefined && (
        <Banner
          tone="error"
          title={refusal.action === 'merge' ? 'The request was not merged' : 'The request was not updated'}
          actions={
            <Button size="sm" onClick={() => setRefusal(undefined)}>
              Dismiss
            </Button>
          }
          data-testid="cr-merge-error"
        >
          <p>{refusal.message}</p>
          {refusal.conflict && <p>Nothing was changed. The conflicting pages are shown below.</p>}
        </Banner>
      )}
      {check.data.conflicts.length > 0 && <ConflictView conflicts={check.data.conflicts} />}
      <MergeDialog
        open={confirming}
        onOpenChange={onConfirmingChange}
        request={request}
        spaceTitle={space.data?.title}
        outdated={check.data.outdated}
        onConfirm={() => void act('merge')}
        pending={working === 'merge'}
      />
    </>
  );
}
