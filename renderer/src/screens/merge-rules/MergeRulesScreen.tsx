/**
 * Merge rules (our API's extension; GitBook keeps them in its app): the organization's, and a space's own that
 * override them, picked in the URL (`?space=`). Every member may read them; admins edit the organization's and
 * space admins a space's (the server refuses others, and the form says so). An API without merge rules (GitBook's
 * has none of these operations) gets a line saying so instead of the form.
 */
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { useOffers } from '../../queries/capabilities.ts';
import { mergeRulesQuery } from '../../queries/reviews.ts';
import { orgSpacesQuery } from '../../queries/sites.ts';
import { NotOffered } from '../../ui/ApiNotes.tsx';
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
  const offered = useOffers(profileId, 'getOrganizationMergeRules', 'getSpaceMergeRules');
  const rules = useQuery({ ...mergeRulesQuery(profileId, orgId, spaceId), enabled: offered === true });
  const spaceTitle = spaces.data?.find((space) => space.id === spaceId)?.title;
  const targetName = spaceId === undefined ? 'the organization' : `“${spaceTitle ?? 'this space'}”`;

  let body;
  if (offered === false)
    body = (
      <NotOffered testId="merge-rules-not-offered">
        Merge rules are not available: this profile’s API does not offer them.
      </NotOffered>
    );
  else if (rules.isError)
    body = (
      <ErrorState
        error={rules.error}
        what="the merge rules"
        profileName={profileLabel(profile, profileId)}
        onRetry={() => void rules.refetch()}
      />
    );
  else if (rules.data === undefined)
    body = (
      <div role="status" aria-busy="true" aria-label="Loading the merge rules">
        <Skeleton width="24em" height="10rem" />
      </div>
    );
  else
    body = (
      <RulesForm
        key={`${spaceId ?? 'org'}:${rules.data.updatedAt ?? ''}:${rules.data.source}`}
        profileId={profileId}
        orgId={orgId}
        target={spaceId === undefined ? { kind: 'org' } : { kind: 'space', spaceId }}
        settings={rules.data}
        targetName={targetName}
      />
    );

  return (
    <section
      className="screen merge-rules"
      data-testid="merge-rules-screen"
      aria-labelledby="merge-rules-title"
    >
      <header className="screen-header">
        <h1 id="merge-rules-title">Merge rules</h1>
        <p className="muted">
          What a change request needs before it merges: approvals, required reviewers, being up to date, a
          subject. A space may have its own rules instead of the organization’s.
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
          <option value="">The organization (every space without its own)</option>
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
