/**
 * One site: header (title, visibility and status, publish / unpublish), and tabs for its structure, settings, share
 * links, adaptive content, who has access and the visitor preview. The last tab opened is remembered.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../bridge/errors.ts';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { orgQuery } from '../../queries/orgs.ts';
import { setSitePublished, siteQuery } from '../../queries/sites.ts';
import { AccessTab } from '../../ui/access/AccessTab.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { Badge, Banner, Skeleton } from '../../ui/Feedback.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs.tsx';
import { toast } from '../../ui/Toast.tsx';
import { confirmLeave } from '../../ui/unsaved.ts';
import { Tooltip } from '../../ui/Tooltip.tsx';
import '../../ui/table.css';
import '../../ui/form/form.css';
import '../../ui/items/items.css';
import { AdaptiveEditor } from './AdaptiveEditor.tsx';
import { siteVisibilityHint, siteVisibilityLabel } from './labels.ts';
import { PanelBoundary } from './PanelBoundary.tsx';
import { ShareLinks } from './ShareLinks.tsx';
import { SiteSettings } from './SiteSettings.tsx';
import { readSiteTab, rememberSiteTab, SITE_TABS, type SiteTab } from './siteTab.ts';
import './sites.css';

const TAB_LABELS: Record<SiteTab, string> = {
  structure: 'Structure',
  settings: 'Settings',
  'share-links': 'Share links',
  adaptive: 'Adaptive content',
  access: 'Access',
  preview: 'Preview',
};

/**
 * The site screen (`/p/$profileId/orgs/$orgId/sites/$siteId`). Its structure and preview tabs belong to the
 * site-structure screen folder: the route composes them in (`router/siteScreen.tsx`).
 */
export function SiteScreen({
  profileId,
  orgId,
  siteId,
  structure,
  preview,
}: {
  profileId: string;
  orgId: string;
  siteId: string;
  /** The Structure tab's editor. */
  structure: ReactNode;
  /** The Preview tab's visitor preview. */
  preview: ReactNode;
}) {
  const queryClient = useQueryClient();
  const site = useQuery(siteQuery(profileId, orgId, siteId));
  const org = useQuery(orgQuery(profileId, orgId));
  const { profile } = useActiveProfile();
  const [tab, setTab] = useState<SiteTab>(() => readSiteTab());
  const [confirmUnpublish, setConfirmUnpublish] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [publishError, setPublishError] = useState<string | undefined>();
  const data = site.data;
  useDocumentTitle(data !== undefined ? `${data.title} · Site` : 'Site');
  // Only admins change sites; while the organization loads, controls stay usable and the server decides.
  const readOnly = org.data !== undefined && !org.data.permissions.admin;

  const publish = async (published: boolean) => {
    setPublishing(true);
    setPublishError(undefined);
    try {
      const saved = await setSitePublished(queryClient, profileId, orgId, siteId, published);
      toast({
        title: published ? `“${saved.title}” is published` : `“${saved.title}” is offline`,
        ...(saved.urls.published !== undefined ? { description: saved.urls.published } : {}),
        tone: 'success',
      });
    } catch (failure) {
      setPublishError(errorMessage(failure));
    } finally {
      setPublishing(false);
      setConfirmUnpublish(false);
    }
  };

  return (
    <section
      className="screen site-screen"
      data-testid="site-screen"
      data-site-id={siteId}
      aria-labelledby="site-title"
    >
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to="/p/$profileId/orgs/$orgId/sites" params={{ profileId, orgId }}>
              Sites
            </Link>
          </li>
          <li aria-current="page">{data?.title ?? '…'}</li>
        </ol>
      </nav>
      <header className="screen-header site-header">
        <div>
          <h1 id="site-title">{data?.title ?? 'Site'}</h1>
          {data !== undefined && (
            <p className="space-badges">
              <Tooltip content={siteVisibilityHint(data.visibility)}>
                <span tabIndex={0}>
                  <Badge data-testid="site-visibility-badge">{siteVisibilityLabel(data.visibility)}</Badge>
                </span>
              </Tooltip>
              {data.published ? (
                <Badge tone="accent" data-testid="site-status">
                  Published
                </Badge>
              ) : (
                <Badge data-testid="site-status">Unpublished</Badge>
              )}
              <span className="muted">
                {data.siteSpaces} site space{data.siteSpaces === 1 ? '' : 's'}
              </span>
              {data.published && data.urls.published !== undefined && (
                <a
                  href={data.urls.published}
                  target="_blank"
                  rel="noreferrer"
                  data-testid="site-published-url"
                >
                  {data.urls.published}
                </a>
              )}
            </p>
          )}
        </div>
        {data !== undefined &&
          !readOnly &&
          (data.published ? (
            <Button
              onClick={() => setConfirmUnpublish(true)}
              pending={publishing}
              data-testid="site-unpublish"
            >
              Unpublish
            </Button>
          ) : (
            <Button
              variant="primary"
              onClick={() => void publish(true)}
              pending={publishing}
              data-testid="site-publish"
            >
              Publish
            </Button>
          ))}
      </header>
      {publishError !== undefined && (
        <Banner
          tone="error"
          title={data?.published === true ? 'The site was not unpublished' : 'The site was not published'}
          actions={
            <Button size="sm" onClick={() => setPublishError(undefined)}>
              Dismiss
            </Button>
          }
          data-testid="site-publish-error"
        >
          {publishError}
        </Banner>
      )}
      {site.isError ? (
        <ErrorState
          error={site.error}
          what="this site"
          profileName={profileLabel(profile, profileId)}
          onRetry={() => void site.refetch()}
        />
      ) : data === undefined ? (
        <div role="status" aria-busy="true" aria-label="Loading">
          <Skeleton width="20em" height="2rem" />
          <Skeleton width="100%" height="8rem" />
        </div>
      ) : (
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
              <SiteSettings profileId={profileId} orgId={orgId} site={data} readOnly={readOnly} />
            </PanelBoundary>
          </TabsContent>
          <TabsContent value="share-links">
            <PanelBoundary what="the share links">
              <ShareLinks profileId={profileId} orgId={orgId} site={data} readOnly={readOnly} />
            </PanelBoundary>
          </TabsContent>
          <TabsContent value="adaptive">
            <PanelBoundary what="the adaptive schema">
              <AdaptiveEditor profileId={profileId} orgId={orgId} site={data} readOnly={readOnly} />
            </PanelBoundary>
          </TabsContent>
          <TabsContent value="access">
            <PanelBoundary what="who has access">
              <AccessTab
                profileId={profileId}
                orgId={orgId}
                item={{ type: 'site', id: siteId }}
                canManage={!readOnly}
              />
            </PanelBoundary>
          </TabsContent>
          <TabsContent value="preview">
            <PanelBoundary what="the visitor preview">{preview}</PanelBoundary>
          </TabsContent>
        </Tabs>
      )}
      <ConfirmDialog
        open={confirmUnpublish}
        onOpenChange={setConfirmUnpublish}
        title={`Unpublish “${data?.title ?? ''}”?`}
        description="The site goes offline at once: its address, its share links and its sections stop answering visitors until it is published again. Nothing is deleted."
        confirmLabel="Unpublish"
        onConfirm={() => void publish(false)}
        pending={publishing}
      />
    </section>
  );
}
