/** The Profiles screen: the saved profiles, the keychain's status, and the form that adds one. */
import { useQuery } from '@tanstack/react-query';
import { useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { profilesQuery } from '../../queries/profiles.ts';
import { Banner, EmptyState, Skeleton } from '../../ui/Feedback.tsx';
import { AddProfileForm } from './AddProfileForm.tsx';
import { ProfileRow } from './ProfileRow.tsx';

function ListSkeleton() {
  return (
    <ul className="profile-list" aria-busy="true" aria-label="Loading profiles">
      {[0, 1].map((i) => (
        <li key={i} className="profile-row">
          <div className="profile-row-main">
            <Skeleton width="10em" />
            <Skeleton width="18em" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Lists, adds, renames and removes profiles. */
export function ProfilesScreen() {
  useDocumentTitle('Profiles');
  const profiles = useQuery(profilesQuery());
  const { profileId: activeId } = useActiveProfile();
  const data = profiles.data;

  return (
    <section className="screen" data-testid="profiles-screen" aria-labelledby="profiles-title">
      <header className="screen-header">
        <h1 id="profiles-title">Profiles</h1>
        <p>
          Each profile is an API and its token. Tokens are kept by the app’s core, in the OS keychain, and
          never come back to this window.
        </p>
      </header>

      {data !== undefined && data.problems.length > 0 && (
        <Banner tone="warning" title="Some profiles could not be read">
          <ul className="problem-list">
            {data.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Banner>
      )}

      <div className="section">
        <h2>Saved profiles</h2>
        {profiles.isPending ? (
          <ListSkeleton />
        ) : profiles.isError ? (
          <ErrorState
            error={profiles.error}
            what="the profiles"
            profileName="the Docs Admin host"
            onRetry={() => void profiles.refetch()}
            standalone
          />
        ) : profiles.data.profiles.length === 0 ? (
          <EmptyState title="No profile yet">
            Add one below to connect to a documentation platform.
          </EmptyState>
        ) : (
          <ul className="profile-list" aria-label="Saved profiles">
            {profiles.data.profiles.map((profile) => (
              <ProfileRow key={profile.id} profile={profile} active={profile.id === activeId} />
            ))}
          </ul>
        )}
      </div>

      <AddProfileForm vault={data?.vault} />
    </section>
  );
}
