/**
 * One site: header (title, visibility and status, publish / unpublish), and tabs for its structure, settings, share
 * links, adaptive content, who has access and the visitor preview. The last tab opened is remembered.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { orgQuery } from '../../queries/orgs.ts';
import { siteQuery } from '../../queries/sites.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { Badge, Banner, Skeleton } from '../../ui/Feedback.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import '../../ui/table.css';
import '../../ui/form/form.css';
import '../../ui/items/items.css';
import { siteVisibilityHint, siteVisibilityLabel } from './labels.ts';
import { SiteTabs } from './SiteTabs.tsx';
import { usePublish } from './usePublish.ts';
import './sites.css';

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
  const site = useQuery(siteQuery(profileId, orgId, siteId));
  const org = useQuery(orgQuery(profileId, orgId));
  const { profile } = useActiveProfile();
  const { publishing, publish, publishError, setPublishError, confirmUnpublish, setConfirmUnpublish } =
    usePublish(profileId, orgId, siteId);
  const data = site.data;
  useDocumentTitle(data !== undefined ? `${data.title} · Site` : 'Site');
  // Only admins change sites; while the organization loads, controls stay usable and the server decides.
  const readOnly = org.data !== undefined && !org.data.permissions.admin;

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
              onClick={() => publish(true)}
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
        <SiteTabs
          profileId={profileId}
          orgId={orgId}
          site={data}
          readOnly={readOnly}
          structure={structure}
          preview={preview}
        />
      )}
      <ConfirmDialog
        open={confirmUnpublish}
        onOpenChange={setConfirmUnpublish}
        title={`Unpublish “${data?.title ?? ''}”?`}
        description="The site goes offline at once: its address, its share links and its sections stop answering visitors until it is published again. Nothing is deleted."
        confirmLabel="Unpublish"
        onConfirm={() => publish(false)}
        pending={publishing}
      />
    </section>
  );
}
