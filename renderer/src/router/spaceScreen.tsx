/**
 * The space screen with its change requests section, composed here so that no screen folder imports another: the
 * section belongs to change-requests/ (it is the inbox's table for one space), the screen to spaces/. The route loads
 * this module lazily, as it loaded the screen itself.
 */
import { SpaceChangeRequests } from '../screens/change-requests/SpaceChangeRequests.tsx';
import { SpaceScreen, type SpaceTab } from '../screens/spaces/SpaceScreen.tsx';

/** The space screen with its change requests section. */
export function SpaceWithChangeRequests(props: {
  profileId: string;
  orgId: string;
  spaceId: string;
  pageId?: string | undefined;
  tab: SpaceTab;
  onTabChange: (tab: SpaceTab) => void;
}) {
  const { profileId, orgId } = props;
  return (
    <SpaceScreen
      {...props}
      changeRequests={(spaceId) => (
        <SpaceChangeRequests profileId={profileId} orgId={orgId} spaceId={spaceId} />
      )}
    />
  );
}
