/**
 * The merge box of the Overview: the merge check (`checkChangeRequestMerge`) in words, the space's merge rules as a
 * checklist, "Merge" (after a confirmation), "Merge past the rules" for those the rules let bypass them, and "Update
 * from main". A refused merge or update (409) shows the server's message, asks the check again and shows the
 * conflicts, each to be resolved in place (`resolve/`); nothing is lost, the request stays as it was.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { ChangeRequest } from '../../../../shared/contract/resources/changeRequests.ts';
import { errorKind, errorMessage } from '../../bridge/errors.ts';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { changeRequestKey, mergeChangeRequest, updateFromMain } from '../../queries/changeRequests.ts';
import { keys } from '../../queries/keys.ts';
import { mergeCheckQuery } from '../../queries/mergeCheck.ts';
import { spaceQuery } from '../../queries/spaces.ts';
import { Button } from '../../ui/Button.tsx';
import { Banner, Skeleton } from '../../ui/Feedback.tsx';
import { toast } from '../../ui/Toast.tsx';
import { MergeDialog } from './MergeDialog.tsx';
import { ConflictResolver } from './resolve/ConflictResolver.tsx';
import { PendingResolution } from './resolve/PendingResolution.tsx';
import { MergeChecklist } from './review/MergeChecklist.tsx';
import { unmetRules, withRules } from './review/rules.ts';
import { mergeVerdict } from './status.ts';
import { formatDate } from '../../ui/time.ts';

/** A failed merge or update, as the box shows it. */
interface Refusal {
  action: 'merge' | 'update';
  message: string;
  conflict: boolean;
}

/** What the box does: merge (past the rules or not), or update from main. */
type Action = { kind: 'merge'; bypassRules: boolean } | { kind: 'update' };

/** A merged request's box: who merged it and when; a merge cannot be undone. */
function MergedInfo({
  profileId,
  orgId,
  spaceId,
  request,
  spaceTitle,
}: {
  profileId: string;
  orgId: string;
  spaceId: string;
  request: ChangeRequest;
  spaceTitle: string | undefined;
}) {
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
        {request.mergedAt !== undefined && ` on ${formatDate(request.mergedAt)}`}. Its changes are in the main
        content of{' '}
        <Link to="/p/$profileId/orgs/$orgId/spaces/$spaceId" params={{ profileId, orgId, spaceId }}>
          {spaceTitle ?? 'the space'}
        </Link>
        . A merge cannot be undone: to revert it, open a new change request.
      </p>
    </section>
  );
}

/** The refusal of the last merge or update, with the server's message. */
function RefusalBanner({ refusal, onDismiss }: { refusal: Refusal; onDismiss: () => void }) {
  return (
    <Banner
      tone="error"
      title={refusal.action === 'merge' ? 'The request was not merged' : 'The request was not updated'}
      actions={
        <Button size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      }
      data-testid="cr-merge-error"
    >
      <p>{refusal.message}</p>
      {refusal.conflict && <p>Nothing was changed. The conflicting pages are shown below.</p>}
    </Banner>
  );
}

/** Merge (past the rules or not) and update from main; a refusal is kept to show, and the check asked again. */
function useMergeActions(
  ids: { profileId: string; orgId: string; spaceId: string; changeRequestId: string },
  request: ChangeRequest,
  onConfirmingChange: (open: boolean) => void,
) {
  const { profileId, orgId, spaceId, changeRequestId } = ids;
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<Refusal | undefined>();
  const [bypassing, setBypassing] = useState(false);

  const refreshCheck = () =>
    queryClient.invalidateQueries({
      queryKey: keys.read(
        changeRequestKey(profileId, orgId, spaceId, changeRequestId),
        'checkChangeRequestMerge',
      ),
    });

  const action = useMutation({
    mutationFn: async (what: Action) => {
      if (what.kind === 'merge')
        await mergeChangeRequest(queryClient, profileId, orgId, spaceId, changeRequestId, {
          bypassRules: what.bypassRules,
        });
      else await updateFromMain(queryClient, profileId, orgId, spaceId, changeRequestId);
    },
    onMutate: () => setRefusal(undefined),
    onSuccess: (_result, what) =>
      toast({
        title:
          what.kind === 'merge'
            ? `#${request.number} is merged into the main content`
            : `#${request.number} is up to date with the main content`,
        tone: 'success',
      }),
    onError: async (failure, what) => {
      const conflict = errorKind(failure) === 'conflict';
      setRefusal({ action: what.kind, message: errorMessage(failure), conflict });
      // The main content or the request may have moved: ask again, and show the conflicts it finds.
      await refreshCheck();
    },
    onSettled: () => onConfirmingChange(false),
  });
  const working = action.isPending ? action.variables.kind : undefined;
  const act = (kind: 'merge' | 'update') =>
    action.mutate(kind === 'merge' ? { kind, bypassRules: bypassing } : { kind });
  return { refusal, setRefusal, bypassing, setBypassing, working, act };
}

/** The box while the merge check is asked. */
function CheckingMerge() {
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
  const { profile } = useActiveProfile();
  const merged = request.status === 'merged';
  const check = useQuery({
    ...mergeCheckQuery(profileId, orgId, spaceId, changeRequestId, request.revision),
    enabled: !merged,
  });
  const space = useQuery(spaceQuery(profileId, spaceId));
  const { refusal, setRefusal, bypassing, setBypassing, working, act } = useMergeActions(
    { profileId, orgId, spaceId, changeRequestId },
    request,
    onConfirmingChange,
  );

  if (merged)
    return (
      <MergedInfo
        profileId={profileId}
        orgId={orgId}
        spaceId={spaceId}
        request={request}
        spaceTitle={space.data?.title}
      />
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
  if (check.data === undefined) return <CheckingMerge />;

  const verdict = withRules(mergeVerdict(request, check.data), check.data, request.status === 'open');
  const unmet = unmetRules(check.data);
  const mayBypass =
    request.status === 'open' &&
    check.data.canBypass === true &&
    unmet.length > 0 &&
    check.data.conflicts.length === 0;
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
          <MergeChecklist rules={check.data.rules} />
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
          {mayBypass && (
            <Button
              onClick={() => {
                setBypassing(true);
                onConfirmingChange(true);
              }}
              disabled={working !== undefined}
              data-testid="cr-merge-bypass"
            >
              Merge past the rules…
            </Button>
          )}
          <Button
            variant="primary"
            onClick={() => {
              setBypassing(false);
              onConfirmingChange(true);
            }}
            disabled={!verdict.canMerge || working !== undefined}
            pending={working === 'merge'}
            data-testid="cr-merge"
          >
            Merge
          </Button>
        </div>
      </section>
      {refusal !== undefined && <RefusalBanner refusal={refusal} onDismiss={() => setRefusal(undefined)} />}
      {check.data.conflicts.length === 0 && (
        <PendingResolution profileId={profileId} orgId={orgId} spaceId={spaceId} request={request} />
      )}
      {check.data.conflicts.length > 0 && (
        <ConflictResolver
          profileId={profileId}
          orgId={orgId}
          spaceId={spaceId}
          request={request}
          conflicts={check.data.conflicts}
        />
      )}
      <MergeDialog
        open={confirming}
        onOpenChange={onConfirmingChange}
        request={request}
        spaceTitle={space.data?.title}
        outdated={check.data.outdated}
        bypassed={bypassing ? unmet : []}
        onConfirm={() => act('merge')}
        pending={working === 'merge'}
      />
    </>
  );
}
