/**
 * One space: breadcrumb, header, and two tabs: the overview (the settings of the detail panel, its pages, change
 * requests and links report) and Access (who reaches it, at what level and why; grants given here).
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { spaceQuery } from '../../queries/spaces.ts';
import { AccessTab } from '../../ui/access/AccessTab.tsx';
import { Badge } from '../../ui/Feedback.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs.tsx';
import { confirmLeave } from '../../ui/unsaved.ts';
import '../../ui/table.css';
import '../../ui/form/form.css';
import './spaces.css';
import { useContentActions } from '../../ui/items/ContentActions.tsx';
import { DeletedBanner } from '../../ui/items/DeletedBanner.tsx';
import { ItemDetails } from '../../ui/items/ItemDetails.tsx';
import { SettingsPlaceholder, SpaceSettings, visibilityLabel } from '../../ui/items/ItemSettings.tsx';
import { LinksReport } from './LinksReport.tsx';
import { SpaceBreadcrumb } from './SpaceBreadcrumb.tsx';
import { SpacePages } from './SpacePages.tsx';
import { emojiText } from '../../ui/emoji.ts';

/** The space screen's tabs (`?tab=` of the URL; the overview when absent). */
export type SpaceTab = 'overview' | 'access';

/** The space screen (`/p/$profileId/orgs/$orgId/spaces/$spaceId`). */
export function SpaceScreen({
  profileId,
  orgId,
  spaceId,
  pageId,
  tab,
  onTabChange,
  changeRequests,
}: {
  profileId: string;
  orgId: string;
  spaceId?: string;
  /** The page the reader shows (`?page=` of the URL). */
  pageId?: string | undefined;
  /** The open tab (`?tab=` of the URL), and how to open another: the route keeps it in the address. */
  tab: SpaceTab;
  onTabChange: (tab: SpaceTab) => void;
  /**
   * The space's change requests section, from the change-requests screen folder: the route composes it in
   * (`router/spaceScreen.tsx`).
   */
  changeRequests?: (spaceId: string) => ReactNode;
}) {
  const id = spaceId ?? '';
  const space = useQuery({ ...spaceQuery(profileId, id), enabled: id !== '' });
  const actions = useContentActions(profileId, orgId);
  const { profile } = useActiveProfile();
  useDocumentTitle(space.data !== undefined ? `${space.data.title} · Space` : 'Space');
  const data = space.data;
  // A collection of the breadcrumb opens its settings beside the space, as the content tree's panel does.
  const [collectionId, setCollectionId] = useState<string | undefined>();

  return (
    <section
      className="screen space-screen"
      data-testid="space-screen"
      data-space-id={id}
      aria-labelledby="space-title"
    >
      <SpaceBreadcrumb
        profileId={profileId}
        orgId={orgId}
        parent={data?.parent}
        title={data?.title}
        collectionId={collectionId}
        onCollection={setCollectionId}
      />
      <header className="screen-header space-header">
        <h1 id="space-title">
          {data !== undefined && data.emoji !== '' && (
            <span className="space-emoji" aria-hidden="true">
              {emojiText(data.emoji)}
            </span>
          )}
          {data === undefined ? 'Space' : data.title === '' ? 'Untitled' : data.title}
        </h1>
        {data !== undefined && (
          <p className="space-badges">
            <Badge>{visibilityLabel(data.visibility)}</Badge>
            {data.editMode === 'locked' && <Badge tone="warning">Locked</Badge>}
            {data.deletedAt !== undefined && <Badge tone="warning">In the trash</Badge>}
          </p>
        )}
      </header>
      <div className={collectionId !== undefined ? 'space-body has-panel' : 'space-body'}>
        <div className="space-main">
          {space.isError ? (
            <ErrorState
              error={space.error}
              what="this space"
              profileName={profileLabel(profile, profileId)}
              onRetry={() => void space.refetch()}
            />
          ) : data === undefined ? (
            <SettingsPlaceholder />
          ) : (
            <>
              <Tabs
                value={tab}
                onValueChange={(value) => {
                  const next: SpaceTab = value === 'access' ? 'access' : 'overview';
                  // A tab with edits asks first: its panel goes when the other tab opens.
                  void confirmLeave().then((go) => {
                    if (go) onTabChange(next);
                  });
                }}
              >
                <TabsList aria-label="Space">
                  <TabsTrigger value="overview" data-testid="space-tab-overview">
                    Overview
                  </TabsTrigger>
                  <TabsTrigger value="access" data-testid="space-tab-access">
                    Access
                  </TabsTrigger>
                </TabsList>
                <TabsContent value="overview" className="space-main">
                  {data.deletedAt !== undefined && (
                    <DeletedBanner
                      profileId={profileId}
                      orgId={orgId}
                      space={{ ...data, deletedAt: data.deletedAt }}
                    />
                  )}
                  <div className="section space-settings-section">
                    <SpaceSettings profileId={profileId} orgId={orgId} space={data} actions={actions} />
                  </div>
                  {data.deletedAt === undefined && (
                    <SpacePages profileId={profileId} orgId={orgId} space={data} pageId={pageId} />
                  )}
                  {data.deletedAt === undefined && changeRequests?.(data.id)}
                  {data.deletedAt === undefined && <LinksReport profileId={profileId} spaceId={data.id} />}
                </TabsContent>
                <TabsContent value="access">
                  <AccessTab
                    profileId={profileId}
                    orgId={orgId}
                    item={{ type: 'space', id: data.id }}
                    canManage={data.permissions.admin}
                  />
                </TabsContent>
              </Tabs>
            </>
          )}
        </div>
        {collectionId !== undefined && (
          <ItemDetails
            profileId={profileId}
            orgId={orgId}
            item={{ kind: 'collection', id: collectionId }}
            onClose={() => setCollectionId(undefined)}
          />
        )}
      </div>
      {actions.dialogs}
    </section>
  );
}
