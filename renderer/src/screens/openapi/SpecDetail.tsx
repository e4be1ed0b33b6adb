/**
 * One spec: its source and state, its actions (update the source, fetch its URL again, delete), its versions
 * (newest first) and the diff by operation between two of them, by default the latest and the one before.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { keys } from '../../queries/keys.ts';
import { useId, useState } from 'react';
import type { OpenAPISpec, OpenAPISpecVersion } from '../../../../shared/contract/resources/openapi.ts';
import { errorMessage } from '../../bridge/errors.ts';
import {
  deleteSpec,
  specKey,
  replaceSpecSource,
  versionContentQuery,
  versionsQuery,
} from '../../queries/openapi.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { Badge, Banner, Skeleton } from '../../ui/Feedback.tsx';
import { toast } from '../../ui/Toast.tsx';
import { computeOperationDiff } from './diffClient.ts';
import { entryDocument } from './operations.ts';
import { OperationDiffView } from './OperationDiffView.tsx';
import { specState } from './specForm.ts';
import { StateBadge } from './StateBadge.tsx';
import { formatDate } from '../../ui/time.ts';

/** Props of `SpecDetail`. */
export interface SpecDetailProps {
  profileId: string;
  orgId: string;
  spec: OpenAPISpec;
  /** The compared versions from the URL, if chosen. */
  base: string | undefined;
  head: string | undefined;
  onCompare: (base: string, head: string) => void;
  onUpdateSource: () => void;
  onDeleted: () => void;
}

/** A version's label: `v3`, counted from the oldest. */
const versionLabel = (versions: OpenAPISpecVersion[], index: number) => `v${versions.length - index}`;

/** The two versions compared: those of the URL when they exist, else the latest and the one before. */
function comparedVersions(
  versions: OpenAPISpecVersion[],
  base: string | undefined,
  head: string | undefined,
): { base: string; head: string } | undefined {
  if (versions.length < 2) return undefined;
  const has = (id: string | undefined) => id !== undefined && versions.some((version) => version.id === id);
  if (has(base) && has(head)) return { base: base!, head: head! };
  return { base: versions[1]!.id, head: versions[0]!.id };
}

function DiffPanel({
  profileId,
  orgId,
  slug,
  base,
  head,
}: {
  profileId: string;
  orgId: string;
  slug: string;
  base: string;
  head: string;
}) {
  const queryClient = useQueryClient();
  const diff = useQuery({
    queryKey: keys.derived(specKey(profileId, orgId, slug), 'specDiff', { base, head }),
    queryFn: async () => {
      const [before, after] = await Promise.all([
        queryClient.fetchQuery(versionContentQuery(profileId, orgId, slug, base)),
        queryClient.fetchQuery(versionContentQuery(profileId, orgId, slug, head)),
      ]);
      return computeOperationDiff(entryDocument(before.filesystem), entryDocument(after.filesystem));
    },
    staleTime: Infinity,
  });
  if (diff.isError)
    return (
      <Banner tone="error" title="The versions could not be compared" data-testid="openapi-diff-error">
        {errorMessage(diff.error)}
      </Banner>
    );
  if (diff.isPending)
    return (
      <div role="status" aria-busy="true" aria-label="Comparing the versions">
        <Skeleton width="60%" height="1.25rem" />
        <Skeleton width="100%" height="5rem" />
      </div>
    );
  return <OperationDiffView diff={diff.data} />;
}

/** The panel of one spec. */
export function SpecDetail({
  profileId,
  orgId,
  spec,
  base,
  head,
  onCompare,
  onUpdateSource,
  onDeleted,
}: SpecDetailProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const versions = useQuery(versionsQuery(profileId, orgId, spec.slug, spec.lastVersion));
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [refetching, setRefetching] = useState(false);
  const state = specState(spec);
  const items = versions.data ?? [];
  const compared = comparedVersions(items, base, head);
  const processing = state.kind === 'pending' || state.kind === 'progress';

  const fetchAgain = async () => {
    if (spec.sourceURL === undefined) return;
    setRefetching(true);
    try {
      await replaceSpecSource(queryClient, profileId, orgId, spec.slug, { url: spec.sourceURL });
      toast({ title: `Fetching “${spec.slug}” again…`, tone: 'success' });
    } catch (failure) {
      toast({ title: 'The spec was not fetched again', description: errorMessage(failure), tone: 'error' });
    } finally {
      setRefetching(false);
    }
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteSpec(queryClient, profileId, orgId, spec.slug);
      toast({ title: `Spec “${spec.slug}” deleted`, tone: 'success' });
      setConfirming(false);
      onDeleted();
    } catch (failure) {
      toast({ title: 'The spec was not deleted', description: errorMessage(failure), tone: 'error' });
    } finally {
      setDeleting(false);
    }
  };

  const versionCount = versions.data?.length;
  return (
    <section
      className="openapi-detail"
      aria-labelledby={`${id}-title`}
      data-testid="openapi-detail"
      data-slug={spec.slug}
    >
      <header className="openapi-detail-header">
        <div>
          <h2 id={`${id}-title`}>{spec.slug}</h2>
          <p className="muted openapi-source">
            {spec.sourceURL !== undefined ? (
              <>
                Fetched from <code>{spec.sourceURL}</code>
              </>
            ) : (
              'From pasted text or a file'
            )}
          </p>
        </div>
        {spec.permissions.edit && (
          <div className="openapi-actions">
            {spec.sourceURL !== undefined && (
              <Button
                size="sm"
                onClick={() => void fetchAgain()}
                pending={refetching}
                disabled={processing}
                data-testid="openapi-fetch-again"
              >
                Fetch again
              </Button>
            )}
            <Button size="sm" onClick={onUpdateSource} data-testid="openapi-update-source">
              Update source
            </Button>
            <Button
              size="sm"
              variant="danger"
              onClick={() => setConfirming(true)}
              data-testid="openapi-delete"
            >
              Delete
            </Button>
          </div>
        )}
      </header>
      {state.kind === 'failed' && (
        <Banner
          tone="error"
          title={`The last processing failed (${state.code})`}
          data-testid="openapi-failure"
        >
          {state.message ?? 'No message was given.'}{' '}
          {spec.lastVersion !== undefined
            ? 'The last good version stays the latest.'
            : 'The spec has no version yet.'}
        </Banner>
      )}
      {processing && (
        <p className="muted" role="status">
          <StateBadge spec={spec} /> The list refreshes by itself until processing ends.
        </p>
      )}

      <div className="openapi-detail-columns">
        <section aria-labelledby={`${id}-versions`} className="openapi-versions">
          <h3 id={`${id}-versions`}>Versions{versionCount !== undefined && ` (${versionCount})`}</h3>
          {versions.isError ? (
            <Banner tone="error" title="The versions could not be loaded">
              {errorMessage(versions.error)}
            </Banner>
          ) : versions.isPending ? (
            <div role="status" aria-busy="true" aria-label="Loading versions">
              <Skeleton width="100%" height="3rem" />
            </div>
          ) : items.length === 0 ? (
            <p className="muted">No version yet: one is recorded once a source is processed without error.</p>
          ) : (
            <ol className="openapi-version-list" data-testid="openapi-versions">
              {items.map((version, index) => (
                <li
                  key={version.id}
                  data-testid="openapi-version"
                  data-id={version.id}
                  data-label={versionLabel(items, index)}
                  className={
                    compared !== undefined && (version.id === compared.base || version.id === compared.head)
                      ? 'is-compared'
                      : undefined
                  }
                >
                  <span className="openapi-version-label">{versionLabel(items, index)}</span>
                  {index === 0 && <Badge tone="accent">latest</Badge>}
                  <span className="muted">
                    {version.createdAt !== undefined ? (
                      <time dateTime={version.createdAt}>{formatDate(version.createdAt)}</time>
                    ) : (
                      'date unknown'
                    )}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>

        <section aria-labelledby={`${id}-diff`} className="openapi-diff" data-testid="openapi-diff">
          <h3 id={`${id}-diff`}>Changes by operation</h3>
          {compared === undefined ? (
            <p className="muted">
              {items.length === 1
                ? 'Only one version so far: a comparison needs two.'
                : 'Versions appear here once the spec is processed.'}
            </p>
          ) : (
            <>
              <div className="openapi-compare" role="group" aria-label="Compared versions">
                <div className="field">
                  <label className="field-label" htmlFor={`${id}-base`}>
                    From
                  </label>
                  <select
                    id={`${id}-base`}
                    className="input select"
                    value={compared.base}
                    onChange={(event) => onCompare(event.target.value, compared.head)}
                    data-testid="openapi-compare-base"
                  >
                    {items.map((version, index) => (
                      <option key={version.id} value={version.id}>
                        {versionLabel(items, index)}
                        {version.createdAt !== undefined ? ` · ${formatDate(version.createdAt)}` : ''}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label className="field-label" htmlFor={`${id}-head`}>
                    To
                  </label>
                  <select
                    id={`${id}-head`}
                    className="input select"
                    value={compared.head}
                    onChange={(event) => onCompare(compared.base, event.target.value)}
                    data-testid="openapi-compare-head"
                  >
                    {items.map((version, index) => (
                      <option key={version.id} value={version.id}>
                        {versionLabel(items, index)}
                        {version.createdAt !== undefined ? ` · ${formatDate(version.createdAt)}` : ''}
                      </option>
                    ))}
                  </select>
                </div>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => onCompare(compared.head, compared.base)}
                  data-testid="openapi-compare-swap"
                >
                  Swap
                </Button>
              </div>
              {compared.base === compared.head ? (
                <p className="muted">Choose two different versions.</p>
              ) : (
                <DiffPanel
                  profileId={profileId}
                  orgId={orgId}
                  slug={spec.slug}
                  base={compared.base}
                  head={compared.head}
                />
              )}
            </>
          )}
        </section>
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete the spec “${spec.slug}”?`}
        description={`Its ${
          versionCount === undefined ? '' : `${versionCount} `
        }version${versionCount === 1 ? '' : 's'} and their content are deleted with it. This cannot be undone.`}
        confirmLabel="Delete spec"
        onConfirm={() => void remove()}
        pending={deleting}
      />
    </section>
  );
}
