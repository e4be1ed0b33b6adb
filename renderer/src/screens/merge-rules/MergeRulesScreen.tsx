/**
 * Merge rules, in GitBook's shapes: the organization's (`mergeRules` of the organization) and a space's (its own, or
 * `inherit`), picked in the URL (`?space=`), read with the organization or the space and saved through their update
 * operations, so the screen works against GitBook's API as against ours. Every member may read them; the form is
 * editable by the organization's admins, and by a space's admins for the space (the `admin` permission the API
 * answers).
 */
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { orgQuery } from '../../queries/orgs.ts';
import { orgSpacesQuery } from '../../queries/sites.ts';
import { spaceQuery } from '../../queries/spaces.ts';
import { Skeleton } from '../../ui/Feedback.tsx';
import { RulesForm } from './RulesForm.tsx';
import './merge-rules.css';

export function MergeRulesScreen({
  profileId,
  orgId,
  spaceId,
  onSpaceChange,
}: {
  profileId: string;
  orgId: string;
  spaceId: string | undefined;
  onSpaceChange: (spaceId: string | undefined) => void;
}) {
  const { profile } = useActiveProfile();
  useDocumentTitle('Merge rules');
  const scopeId = useId();
  const spaces = useQuery(orgSpacesQuery(profileId, orgId));
  const org = useQuery(orgQuery(profileId, orgId));
  const space = useQuery({ ...spaceQuery(profileId, spaceId ?? ''), enabled: spaceId !== undefined });
  const owner = spaceId === undefined ? org : space;
  const spaceTitle = space.data?.title ?? spaces.data?.find((entry) => entry.id === spaceId)?.title;
  const targetName = spaceId === undefined ? 'the organization' : `“${spaceTitle ?? 'this space'}”`;

  let body;
  if (owner.isError)
    body = (
      <ErrorState
        error={owner.error}
        what="the merge rules"
        profileName={profileLabel(profile, profileId)}
        onRetry={() => void owner.refetch()}
      />
    );
  else if (owner.data === undefined)
    body = (
      <div role="status" aria-busy="true" aria-label="Loading the merge rules">
        <Skeleton width="24em" height="10rem" />
      </div>
    );
  else {
    const saved = owner.data.mergeRules;
    body = (
      <RulesForm
        key={`${spaceId ?? 'org'}:${JSON.stringify(saved)}`}
        profileId={profileId}
        orgId={orgId}
        target={spaceId === undefined ? { kind: 'org' } : { kind: 'space', spaceId }}
        saved={saved}
        targetName={targetName}
        canEdit={owner.data.permissions.admin}
        inherited={org.data?.mergeRules}
      />
    );
  }

  return (
    <section
      className="screen merge-rules"
      data-testid="merge-rules-screen"
      aria-labelledby="merge-rules-title"
    >
      <header className="screen-header">
        <h1 id="merge-rules-title">Merge rules</h1>
        <p className="muted">
          What a change request needs before it merges: reviews, approvals from chosen people, being up to
          date, a subject; and who may merge past them. A space follows the organization’s rules unless it has
          its own.
        </p>
      </header>
      <div className="merge-rules-scope">
        <label htmlFor={scopeId}>Rules of</label>
        <select
          id={scopeId}
          value={spaceId ?? ''}
          onChange={(event) => onSpaceChange(event.target.value === '' ? undefined : event.target.value)}
          data-testid="merge-rules-scope"
        >
          <option value="">The organization (every space that follows it)</option>
          {(spaces.data ?? []).map((space) => (
            <option key={space.id} value={space.id}>
              Space: {space.title || 'Untitled space'}
            </option>
          ))}
        </select>
      </div>
      {body}
    </section>
  );
}
