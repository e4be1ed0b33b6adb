/**
 * The detail panel of a collection or space beside the content tree; Escape closes it. A collection's panel has two
 * tabs: its settings, and Access (who reaches it and why; grants given on it).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { AccessTab } from '../access/AccessTab.tsx';
import { Button } from '../Button.tsx';
import { Badge } from '../Feedback.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../Tabs.tsx';
import { confirmLeave } from '../unsaved.ts';
import { useContentActions, type ContentItemRef } from './ContentActions.tsx';
import { DeletedBanner } from './DeletedBanner.tsx';
import { CollectionSettings, OpenSpaceLink, SettingsPlaceholder, SpaceSettings } from './ItemSettings.tsx';
import { useItem } from './useItem.ts';

/** The panel. */
export function ItemDetails({
  profileId,
  orgId,
  item,
  onClose,
}: {
  profileId: string;
  orgId: string;
  item: ContentItemRef;
  onClose(): void;
}) {
  const loaded = useItem(profileId, item);
  const actions = useContentActions(profileId, orgId);
  const { profile } = useActiveProfile();
  const panel = useRef<HTMLElement>(null);
  const data = loaded.data;
  const [tab, setTab] = useState<'settings' | 'access'>('settings');

  // A panel opened for another item starts at its top, so a screen reader hears the new item's name.
  useEffect(() => {
    panel.current?.scrollTo?.({ top: 0 });
  }, [item.id]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Keys from the dialogs reach here through React's portals: only the panel's own keys close it.
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (!(event.target instanceof Node) || panel.current?.contains(event.target) !== true) return;
    event.preventDefault();
    onClose();
  };

  const heading = item.kind === 'space' ? 'Space' : 'Collection';
  return (
    <aside
      ref={panel}
      className="item-details"
      data-testid="item-details"
      data-kind={item.kind}
      data-id={item.id}
      aria-label={`${heading} details`}
      onKeyDown={onKeyDown}
    >
      <header className="item-details-header">
        <h2>
          {heading}
          {data?.kind === 'space' && data.space.editMode === 'locked' && (
            <Badge tone="warning" data-testid="details-locked-badge">
              Locked
            </Badge>
          )}
        </h2>
        {data?.kind === 'space' && data.space.deletedAt === undefined && (
          <OpenSpaceLink profileId={profileId} orgId={orgId} spaceId={data.space.id} />
        )}
        <Button
          variant="ghost"
          size="sm"
          onClick={onClose}
          aria-label="Close details"
          data-testid="details-close"
        >
          ×
        </Button>
      </header>
      {loaded.isError ? (
        <ErrorState
          error={loaded.error}
          what={`this ${item.kind}`}
          profileName={profileLabel(profile, profileId)}
          onRetry={loaded.refetch}
        />
      ) : data === undefined ? (
        <SettingsPlaceholder />
      ) : data.kind === 'space' ? (
        <>
          {data.space.deletedAt !== undefined && (
            <DeletedBanner
              profileId={profileId}
              orgId={orgId}
              space={{ ...data.space, deletedAt: data.space.deletedAt }}
            />
          )}
          <SpaceSettings profileId={profileId} orgId={orgId} space={data.space} actions={actions} />
        </>
      ) : (
        <Tabs
          value={tab}
          onValueChange={(value) => {
            const next = value === 'access' ? 'access' : 'settings';
            // Edited settings ask first: their panel goes when the other tab opens.
            void confirmLeave().then((go) => {
              if (go) setTab(next);
            });
          }}
        >
          <TabsList aria-label="Collection">
            <TabsTrigger value="settings" data-testid="collection-tab-settings">
              Settings
            </TabsTrigger>
            <TabsTrigger value="access" data-testid="collection-tab-access">
              Access
            </TabsTrigger>
          </TabsList>
          <TabsContent value="settings">
            <CollectionSettings
              profileId={profileId}
              orgId={orgId}
              collection={data.collection}
              actions={actions}
            />
          </TabsContent>
          <TabsContent value="access">
            <AccessTab
              profileId={profileId}
              orgId={orgId}
              item={{ type: 'collection', id: data.collection.id }}
              canManage={data.collection.permissions.admin}
              compact
            />
          </TabsContent>
        </Tabs>
      )}
      {actions.dialogs}
    </aside>
  );
}
