/** Invites: the organization's invite links, and invitations by email (pasted or from a CSV). */
import { useQuery } from '@tanstack/react-query';
import { profileLabel } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { orgQuery } from '../../queries/orgs.ts';
import { profilesQuery } from '../../queries/profiles.ts';
import { Skeleton } from '../../ui/Feedback.tsx';
import { EmailInvites } from './EmailInvites.tsx';
import { InviteLinks } from './InviteLinks.tsx';
import { PendingInvites } from './PendingInvites.tsx';
import '../../ui/table.css';
import '../../ui/form/form.css';
import './invites.css';

/** The Invites screen of one organization. */
export function InvitesScreen({ profileId, orgId }: { profileId: string; orgId: string }) {
  const org = useQuery(orgQuery(profileId, orgId));
  const profiles = useQuery(profilesQuery());
  const profile = profiles.data?.profiles.find((p) => p.id === profileId);
  const profileName = profileLabel(profile, profileId);
  useDocumentTitle(org.data !== undefined ? `Invites · ${org.data.title}` : 'Invites');

  return (
    <section
      className="screen"
      data-testid="invites-screen"
      data-org-id={orgId}
      aria-labelledby="invites-title"
    >
      <header className="screen-header">
        <h1 id="invites-title">Invites</h1>
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
        <div role="status" aria-busy="true" aria-label="Loading">
          <Skeleton width="12em" height="1.5rem" />
          <Skeleton width="100%" height="6rem" />
        </div>
      ) : (
        <>
          <InviteLinks
            profileId={profileId}
            org={org.data}
            profileName={profileName}
            baseUrl={profile?.baseUrl}
          />
          <EmailInvites profileId={profileId} orgId={orgId} />
          <PendingInvites profileId={profileId} orgId={orgId} profileName={profileName} />
        </>
      )}
    </section>
  );
}
