/** Organization settings: title, domains, hostname, defaults, invite links, SSO enforcement and AI. */
import { useQuery } from '@tanstack/react-query';
import { profileLabel } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { orgQuery } from '../../queries/orgs.ts';
import { profilesQuery } from '../../queries/profiles.ts';
import { Skeleton } from '../../ui/Feedback.tsx';
import '../../ui/table.css';
import '../../ui/form/form.css';
import { SettingsForm } from './SettingsForm.tsx';

/** The Organization settings screen of one organization. */
export function SettingsScreen({ profileId, orgId }: { profileId: string; orgId: string }) {
  const org = useQuery(orgQuery(profileId, orgId));
  const profiles = useQuery(profilesQuery());
  const profileName = profileLabel(
    profiles.data?.profiles.find((p) => p.id === profileId),
    profileId,
  );
  useDocumentTitle(org.data !== undefined ? `Settings · ${org.data.title}` : 'Organization settings');

  return (
    <section
      className="screen"
      data-testid="settings-screen"
      data-org-id={orgId}
      aria-labelledby="settings-title"
    >
      <header className="screen-header">
        <h1 id="settings-title">Organization settings</h1>
        {org.data !== undefined && <p className="muted">{org.data.title}</p>}
      </header>
      {org.isError ? (
        <ErrorState
          error={org.error}
          what="this organization"
          profileName={profileName}
          onRetry={() => void org.refetch()}
        />
      ) : org.isPending ? (
        <div className="settings-fieldset" role="status" aria-busy="true" aria-label="Loading">
          <Skeleton width="20em" height="2rem" />
          <Skeleton width="20em" height="2rem" />
          <Skeleton width="20em" height="2rem" />
        </div>
      ) : (
        <SettingsForm key={org.data.id} profileId={profileId} org={org.data} />
      )}
    </section>
  );
}
