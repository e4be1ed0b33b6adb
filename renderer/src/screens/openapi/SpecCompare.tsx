/** The diff by operation between two versions of a spec, with the two versions to choose. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpenAPISpecVersion } from '../../../../shared/contract/resources/openapi.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { keys } from '../../queries/keys.ts';
import { specKey, versionContentQuery } from '../../queries/openapi.ts';
import { Button } from '../../ui/Button.tsx';
import { Banner, Skeleton } from '../../ui/Feedback.tsx';
import { formatDate } from '../../ui/time.ts';
import { computeOperationDiff } from './diffClient.ts';
import { entryDocument } from './operations.ts';
import { OperationDiffView } from './OperationDiffView.tsx';

/** A version's label: `v3`, counted from the oldest. */
export const versionLabel = (versions: OpenAPISpecVersion[], index: number) => `v${versions.length - index}`;

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

/** One end of the comparison: a select of the versions. */
function VersionSelect({
  id,
  label,
  items,
  value,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  items: OpenAPISpecVersion[];
  value: string;
  onChange: (id: string) => void;
  testId: string;
}) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="input select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      >
        {items.map((version, index) => (
          <option key={version.id} value={version.id}>
            {versionLabel(items, index)}
            {version.createdAt !== undefined ? ` · ${formatDate(version.createdAt)}` : ''}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Props of `SpecCompare`. */
export interface SpecCompareProps {
  id: string;
  profileId: string;
  orgId: string;
  slug: string;
  items: OpenAPISpecVersion[];
  compared: { base: string; head: string } | undefined;
  onCompare: (base: string, head: string) => void;
}

/** The "Changes by operation" section's body. */
export function SpecCompare({ id, profileId, orgId, slug, items, compared, onCompare }: SpecCompareProps) {
  if (compared === undefined)
    return (
      <p className="muted">
        {items.length === 1
          ? 'Only one version so far: a comparison needs two.'
          : 'Versions appear here once the spec is processed.'}
      </p>
    );
  return (
    <>
      <div className="openapi-compare" role="group" aria-label="Compared versions">
        <VersionSelect
          id={`${id}-base`}
          label="From"
          items={items}
          value={compared.base}
          onChange={(base) => onCompare(base, compared.head)}
          testId="openapi-compare-base"
        />
        <VersionSelect
          id={`${id}-head`}
          label="To"
          items={items}
          value={compared.head}
          onChange={(head) => onCompare(compared.base, head)}
          testId="openapi-compare-head"
        />
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
          slug={slug}
          base={compared.base}
          head={compared.head}
        />
      )}
    </>
  );
}
