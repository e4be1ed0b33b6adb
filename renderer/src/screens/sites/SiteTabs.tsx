/**
 * The tabs of the site screen: structure, settings, share links, adaptive content, who has access and the visitor
 * preview, each in its own error boundary. The last tab opened is remembered; a tab with edits asks before it goes.
 */
import { useState, type ReactNode } from 'react';
import type { Site } from '../../../../shared/contract/resources/sites.ts';
import { AccessTab } from '../../ui/access/AccessTab.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs.tsx';
import { confirmLeave } from '../../ui/unsaved.ts';
import { AdaptiveEditor } from './AdaptiveEditor.tsx';
import { PanelBoundary } from './PanelBoundary.tsx';
import { ShareLinks } from './ShareLinks.tsx';
import { SiteSettings } from './SiteSettings.tsx';
import { readSiteTab, rememberSiteTab, SITE_TABS, type SiteTab } from './siteTab.ts';

const TAB_LABELS: Record<SiteTab, string> = {
  structure: 'Structure',
  settings: 'Settings',
  'share-links': 'Share links',
  adaptive: 'Adaptive content',
  access: 'Access',
  preview: 'Preview',
};

/** Props of `SiteTabs`. */
export interface SiteTabsProps {
  profileId: string;
  orgId: string;
  site: Site;
  readOnly: boolean;
  /** The Structure tab's editor (from the site-structure folder, composed by the route). */
  structure: ReactNode;
  /** The Preview tab's visitor preview (likewise). */
  preview: ReactNode;
}

/** The tabs of one site. */
export function SiteTabs({ profileId, orgId, site, readOnly, structure, preview }: SiteTabsProps) {
  const [tab, setTab] = useState<SiteTab>(() => readSiteTab());
  return (
    <Tabs
      value={tab}
      onValueChange={(value) => {
        const next = value as SiteTab;
        // A tab with edits asks first: its panel goes when another tab opens.
        void confirmLeave().then((go) => {
          if (!go) return;
          setTab(next);
          rememberSiteTab(next);
        });
      }}
    >
      <TabsList aria-label="Site">
        {SITE_TABS.map((value) => (
          <TabsTrigger key={value} value={value} data-testid={`site-tab-${value}`}>
            {TAB_LABELS[value]}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="structure">
        <PanelBoundary what="the structure">{structure}</PanelBoundary>
      </TabsContent>
      <TabsContent value="settings">
        <PanelBoundary what="the settings">
          <SiteSettings profileId={profileId} orgId={orgId} site={site} readOnly={readOnly} />
        </PanelBoundary>
      </TabsContent>
      <TabsContent value="share-links">
        <PanelBoundary what="the share links">
          <ShareLinks profileId={profileId} orgId={orgId} site={site} readOnly={readOnly} />
        </PanelBoundary>
      </TabsContent>
      <TabsContent value="adaptive">
        <PanelBoundary what="the adaptive schema">
          <AdaptiveEditor profileId={profileId} orgId={orgId} site={site} readOnly={readOnly} />
        </PanelBoundary>
      </TabsContent>
      <TabsContent value="access">
        <PanelBoundary what="who has access">
          <AccessTab
            profileId={profileId}
            orgId={orgId}
            item={{ type: 'site', id: site.id }}
            canManage={!readOnly}
          />
        </PanelBoundary>
      </TabsContent>
      <TabsContent value="preview">
        <PanelBoundary what="the visitor preview">{preview}</PanelBoundary>
      </TabsContent>
    </Tabs>
  );
}
