/** Where `/` and `/p/<profile>` lead: the active profile, then its last (or first) organization. */
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useState } from 'react';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { orgsQuery } from '../../queries/orgs.ts';
import { profilesQuery } from '../../queries/profiles.ts';
import { rememberProfile } from '../../theme/prefs.ts';
import { EmptyState, Skeleton } from '../../ui/Feedback.tsx';
import { openingOrg } from './startOrg.ts';

function LoadingScreen({ label }: { label: string }) {
  return (
    <div className="screen" role="status" aria-busy="true" aria-label={label}>
      <Skeleton width="16em" height="1.75rem" />
      <Skeleton width="24em" />
    </div>
  );
}

/** The address when the calling screen was first drawn (for `OpenProfile`). */
function useAddressWhenDrawn(): string {
  const router = useRouter();
  const [drawnAt] = useState(() => router.latestLocation.href);
  return drawnAt;
}

/**
 * Opens a profile's organization (or the profile, when it has none to open), replacing the address, unless the
 * address changed since the screen that waited for the organizations was first drawn (`drawnAt`): a link followed or
 * an address opened meanwhile is where the user wants to be, and the router may still be loading its screen, with the
 * waiting one still shown.
 */
function OpenProfile({
  drawnAt,
  profileId,
  orgId,
}: {
  drawnAt: string;
  profileId: string;
  orgId: string | undefined;
}) {
  const router = useRouter();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    if (router.latestLocation.href !== drawnAt) return;
    if (orgId === undefined) void navigate({ to: '/p/$profileId', params: { profileId }, replace: true });
    else void navigate({ to: '/p/$profileId/orgs/$orgId', params: { profileId, orgId }, replace: true });
  }, [router, navigate, drawnAt, profileId, orgId]);
  return null;
}

/**
 * `/`: opens the active profile (the last used, else the local sandbox), straight on its organization once the
 * organizations are read (they are asked for with the profiles, startReads.ts); `/p/<profile>` says why when it has none.
 */
export function HomeRedirect() {
  useDocumentTitle(undefined);
  const drawnAt = useAddressWhenDrawn();
  const { profileId, profiles } = useActiveProfile();
  const orgs = useQuery({ ...orgsQuery(profileId ?? ''), enabled: profileId !== undefined });
  if (profiles.isPending) return <LoadingScreen label="Loading profiles" />;
  if (profileId === undefined) {
    return (
      <EmptyState title="No profile yet">
        <Link to="/profiles">Add a profile</Link> to connect to a documentation platform.
      </EmptyState>
    );
  }
  if (orgs.isPending) return <LoadingScreen label="Loading organizations" />;
  const orgId = orgs.isSuccess ? openingOrg(profileId, orgs.data.items) : undefined;
  return <OpenProfile drawnAt={drawnAt} profileId={profileId} orgId={orgId} />;
}

/** `/p/<profile>`: opens the profile's last organization, or its first. */
export function ProfileHome({ profileId }: { profileId: string }) {
  const drawnAt = useAddressWhenDrawn();
  const profiles = useQuery(profilesQuery());
  const orgs = useQuery(orgsQuery(profileId));
  const profile = profiles.data?.profiles.find((p) => p.id === profileId);
  const name = profileLabel(profile, profileId);
  useDocumentTitle(name);
  useEffect(() => {
    if (profile !== undefined) rememberProfile(profileId);
  }, [profile, profileId]);

  if (profiles.isSuccess && profile === undefined) {
    return (
      <EmptyState title="This profile does not exist">
        It may have been removed. <Link to="/profiles">Open Profiles</Link>
      </EmptyState>
    );
  }
  if (orgs.isPending) return <LoadingScreen label="Loading organizations" />;
  if (orgs.isError) {
    return (
      <div className="screen">
        <ErrorState
          error={orgs.error}
          what="the organizations"
          profileName={name}
          onRetry={() => void orgs.refetch()}
        />
      </div>
    );
  }
  const items = orgs.data.items;
  if (items.length === 0) {
    return (
      <EmptyState title={`${name} has no organization`}>
        The token of this profile sees no organization. Check its access on the platform, or{' '}
        <Link to="/profiles">use another profile</Link>.
      </EmptyState>
    );
  }
  return <OpenProfile drawnAt={drawnAt} profileId={profileId} orgId={openingOrg(profileId, items)!} />;
}
