/**
 * The "Pages" section of the space screen: the page tree of the space's current revision and a reader showing one
 * page rendered from its markdown (sanitized, see `ui/Markdown.tsx`). The page shown comes from the URL (`?page=`),
 * so search results and links land on it; without one the first document page is shown. Arriving on a page from
 * elsewhere (search, a link) scrolls the reader into view and moves the focus to its title.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { Space } from '../../../../shared/contract/resources/content.ts';
import type { Page } from '../../../../shared/contract/resources/revisions.ts';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { EmptyState, Skeleton } from '../../ui/Feedback.tsx';
import { Markdown } from '../../ui/Markdown.tsx';
import { firstDocument, revisionPageQuery, revisionPagesQuery } from '../../queries/revisions.ts';
import { emojiText } from '../../ui/emoji.ts';

/** The section: tree beside reader. */
export function SpacePages({
  profileId,
  orgId,
  space,
  pageId,
}: {
  profileId: string;
  orgId: string;
  space: Space;
  /** The page asked for in the URL, if any. */
  pageId?: string | undefined;
}) {
  const { profile } = useActiveProfile();
  const pages = useQuery(revisionPagesQuery(profileId, space.id, space.revision));
  const shownId = pageId ?? (pages.data ? firstDocument(pages.data)?.id : undefined);
  return (
    <section className="section space-pages" aria-labelledby="space-pages-title" data-testid="space-pages">
      <h2 id="space-pages-title">Pages</h2>
      {pages.isError ? (
        <ErrorState
          error={pages.error}
          what="the pages of this space"
          profileName={profileLabel(profile, profileId)}
          onRetry={() => void pages.refetch()}
        />
      ) : pages.data === undefined ? (
        <Skeleton height="120px" width="100%" />
      ) : pages.data.length === 0 ? (
        <EmptyState title="No pages yet">This space holds no page.</EmptyState>
      ) : (
        <div className="space-pages-body">
          <nav
            aria-label={`Pages of ${space.title || 'this space'}`}
            className="page-tree"
            data-testid="page-tree"
          >
            <PageTree pages={pages.data} selected={shownId} link={{ profileId, orgId, spaceId: space.id }} />
          </nav>
          {shownId === undefined ? (
            <EmptyState title="No page to read">Pick a page in the tree.</EmptyState>
          ) : (
            <PageReader profileId={profileId} space={space} pageId={shownId} fromUrl={pageId !== undefined} />
          )}
        </div>
      )}
    </section>
  );
}

/** The nested list of pages: documents are links to themselves, groups label their children. */
function PageTree({
  pages,
  selected,
  link,
}: {
  pages: readonly Page[];
  selected: string | undefined;
  link: { profileId: string; orgId: string; spaceId: string };
}) {
  return (
    <ul>
      {pages.map((page) => (
        <li key={page.id}>
          {page.type === 'document' ? (
            <Link
              to="/p/$profileId/orgs/$orgId/spaces/$spaceId"
              params={link}
              search={{ page: page.id }}
              className="page-tree-link"
              aria-current={page.id === selected ? 'page' : undefined}
              data-testid="page-tree-link"
              data-page-id={page.id}
            >
              {page.emoji !== undefined && <span aria-hidden="true">{emojiText(page.emoji)} </span>}
              {page.title === '' ? 'Untitled' : page.title}
            </Link>
          ) : (
            <span className="page-tree-label" data-page-type={page.type}>
              {page.title === '' ? 'Untitled' : page.title}
            </span>
          )}
          {(page.pages ?? []).length > 0 && <PageTree pages={page.pages!} selected={selected} link={link} />}
        </li>
      ))}
    </ul>
  );
}

/** One page, read from the space's current revision. */
function PageReader({
  profileId,
  space,
  pageId,
  fromUrl,
}: {
  profileId: string;
  space: Space;
  pageId: string;
  fromUrl: boolean;
}) {
  const { profile } = useActiveProfile();
  const page = useQuery(revisionPageQuery(profileId, space.id, space.revision, pageId));
  const article = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = page.data !== undefined;

  // Landing on a page: show it, and give its title the focus unless the user is walking the tree.
  useEffect(() => {
    if (!fromUrl || !loaded || heading.current === null) return;
    article.current?.scrollIntoView({ block: 'start' });
    if (document.activeElement?.closest('.page-tree') == null) heading.current.focus({ preventScroll: true });
  }, [fromUrl, loaded, pageId]);

  return (
    <article
      ref={article}
      className="page-reader"
      aria-labelledby="page-reader-title"
      data-testid="page-reader"
      data-page-id={pageId}
      aria-busy={!loaded && !page.isError}
    >
      {page.isError ? (
        <ErrorState
          error={page.error}
          what="this page"
          profileName={profileLabel(profile, profileId)}
          onRetry={() => void page.refetch()}
        />
      ) : page.data === undefined ? (
        <Skeleton height="200px" width="100%" />
      ) : (
        <>
          <header className="page-reader-header">
            <h3 id="page-reader-title" ref={heading} tabIndex={-1} data-testid="page-reader-title">
              {page.data.emoji !== undefined && <span aria-hidden="true">{emojiText(page.data.emoji)} </span>}
              {page.data.title === '' ? 'Untitled' : page.data.title}
            </h3>
            {page.data.path !== undefined && <p className="muted page-reader-path">{page.data.path}</p>}
          </header>
          {(page.data.markdown ?? '').trim() === '' ? (
            <EmptyState title="This page is empty" />
          ) : (
            <Markdown source={page.data.markdown ?? ''} className="page-reader-body" />
          )}
        </>
      )}
    </article>
  );
}
