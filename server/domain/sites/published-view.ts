/**
 * The sandbox's published view: what `urls.published` of a site, a section, a site space or a share link opens.
 * A minimal, read-only reading of a published site: its sections and their site spaces (variants) as navigation,
 * the space's pages as a tree, and the page's markdown rendered without scripts (`safe-html.ts`).
 *
 * Rules:
 * - URL: `/sites/<org hostname or id>/<basename>/` then, for a share link, `~s/<key>/`, then the section's path
 *   (sites with sections; the default section when absent or unknown), the site space's path (the section's
 *   default when absent or unknown), then the page's path of slugs (the first page with a body when absent).
 * - Visibility: `public` and `unlisted` sites are open; a `share-link` site needs the key of one of its active share
 *   links (else 404, as for anything not found, so a key cannot be guessed from answers); `visitor-auth` asks for
 *   the site's own sign-in, which the sandbox does not emulate (401 saying so). An unpublished site is 404.
 * - Read bounded: one site, one space revision and one page body per request, through the store.
 */
import type {
  OrganizationsTable,
  SiteSectionsTable,
  SiteSpacesTable,
  SitesTable,
} from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import {
  flattenPages,
  loadRevisionIn,
  readDocumentIn,
  type PlacedPage,
  type StoredFile,
} from '../content/revisions.ts';
import { loadStructureIn, type LoadedStructure } from '../site-structure/structure.ts';

/** A failure of the published view: its HTTP status and a sentence for the visitor. */
export class PublishedViewError extends Error {
  readonly status: 401 | 404;
  constructor(status: 401 | 404, message: string) {
    super(message);
    this.status = status;
  }
}

const notFound = (message = 'There is no published page at this address.') =>
  new PublishedViewError(404, message);

/** What one address of a published site shows, resolved. */
export interface PublishedPage {
  org: Pick<OrganizationsTable, 'id' | 'hostname'>;
  site: SitesTable;
  /** `/sites/<org>/<basename>/`, plus `~s/<key>/` when opened through a share link: links stay under it. */
  root: string;
  structure: LoadedStructure;
  section: SiteSectionsTable | undefined;
  siteSpace: SiteSpacesTable;
  /** The space's title, and its pages in reading order. */
  spaceTitle: string;
  pages: PlacedPage[];
  files: StoredFile[];
  /** The page shown, and its markdown; undefined when the space has no page. */
  page: PlacedPage | undefined;
  markdown: string;
  /** The site spaces of the section shown (its variants), with their spaces' titles. */
  variants: { row: SiteSpacesTable; title: string }[];
}

/** The site spaces with their (not deleted) spaces' titles, in order. */
async function variantsOf(
  on: Statements,
  rows: readonly SiteSpacesTable[],
): Promise<PublishedPage['variants']> {
  if (rows.length === 0) return [];
  const titles = new Map(
    (
      await on.all(
        on.q
          .selectFrom('spaces')
          .select(['id', 'title'])
          .where(
            'id',
            'in',
            rows.slice(0, 200).map((row) => row.space_id),
          )
          .where('deleted_at', 'is', null),
      )
    ).map((space) => [space.id, space.title]),
  );
  return rows.flatMap((row) => {
    const title = titles.get(row.space_id);
    return title === undefined ? [] : [{ row, title }];
  });
}

/** Segments of a path, decoded; undefined when an escape is malformed. */
function segmentsOf(rest: string): string[] | undefined {
  try {
    return rest
      .split('/')
      .filter((part) => part !== '')
      .map((part) => decodeURIComponent(part));
  } catch {
    return undefined;
  }
}

async function findSite(on: Statements, orgKey: string, basename: string) {
  const org = await on.first(
    on.q
      .selectFrom('organizations')
      .select(['id', 'hostname'])
      .where((eb) => eb.or([eb('hostname', '=', orgKey), eb('id', '=', orgKey)])),
  );
  if (!org) return undefined;
  const site = await on.first(
    on.q
      .selectFrom('sites')
      .selectAll()
      .where('organization_id', '=', org.id)
      .where('basename', '=', basename),
  );
  return site ? { org, site } : undefined;
}

async function hasActiveShareLink(on: Statements, siteId: string, key: string): Promise<boolean> {
  return (
    (await on.first(
      on.q
        .selectFrom('share_links')
        .select('id')
        .where('site_id', '=', siteId)
        .where('key', '=', key)
        .where('active', '=', 1),
    )) !== undefined
  );
}

/** The site space shown: `path` picks among `rows` (the default, then the first, otherwise). */
function pickSiteSpace(
  rows: readonly SiteSpacesTable[],
  defaultId: string | null,
  segments: string[],
): SiteSpacesTable | undefined {
  const byPath = segments.length > 0 ? rows.find((row) => row.path === segments[0]) : undefined;
  if (byPath !== undefined) {
    segments.shift();
    return byPath;
  }
  return rows.find((row) => row.id === defaultId) ?? rows[0];
}

/** Resolves `/sites/<orgKey>/<basename>/<rest>` to what it shows, or throws a `PublishedViewError`. */
export async function resolvePublishedPage(
  on: Statements,
  orgKey: string,
  basename: string,
  rest: string,
): Promise<PublishedPage> {
  const segments = segmentsOf(rest);
  const found = await findSite(on, orgKey, basename);
  if (segments === undefined || found === undefined) throw notFound();
  const { org, site } = found;
  if (!site.published) throw notFound('This site is not published.');
  let root = `/sites/${encodeURIComponent(orgKey)}/${encodeURIComponent(basename)}/`;
  const key = segments[0] === '~s' ? segments[1] : undefined;
  if (segments[0] === '~s') {
    segments.splice(0, 2);
    if (key === undefined || !(await hasActiveShareLink(on, site.id, key))) throw notFound();
    root += `~s/${encodeURIComponent(key)}/`;
  }
  if (site.visibility === 'share-link' && key === undefined) throw notFound();
  if (site.visibility === 'visitor-auth')
    throw new PublishedViewError(
      401,
      'This site asks its visitors to sign in through its own authentication, which the local sandbox does not emulate.',
    );

  const structure = await loadStructureIn(on, site.id);
  let section: SiteSectionsTable | undefined;
  if (structure.sections.length > 0) {
    section = structure.sections.find((row) => row.path === segments[0]);
    if (section !== undefined) segments.shift();
    else
      section = structure.sections.find((row) => row.id === site.default_section_id) ?? structure.sections[0];
  }
  const rows = structure.siteSpaces.get(section?.id ?? '') ?? [];
  const defaultId = section === undefined ? site.default_site_space_id : section.default_site_space_id;
  const siteSpace = pickSiteSpace(rows, defaultId, segments);
  if (siteSpace === undefined) throw notFound('This part of the site has no content yet.');
  const space = await on.first(
    on.q
      .selectFrom('spaces')
      .select(['title', 'revision_id', 'deleted_at'])
      .where('id', '=', siteSpace.space_id),
  );
  if (!space || space.deleted_at !== null) throw notFound('This part of the site has no content.');

  const revision = await loadRevisionIn(on, space.revision_id);
  const pages = flattenPages(revision.tree.pages).filter((placed) => placed.page.hidden !== true);
  const wanted = segments.join('/');
  const page =
    wanted === ''
      ? (pages.find((placed) => placed.page.type === 'document') ?? pages[0])
      : pages.find((placed) => placed.path === wanted);
  if (wanted !== '' && page === undefined) throw notFound();
  return {
    org,
    site,
    root,
    structure,
    section,
    siteSpace,
    spaceTitle: space.title,
    pages,
    files: revision.tree.files,
    page,
    variants: await variantsOf(on, rows),
    markdown: await readDocumentIn(on, page?.page.documentId),
  };
}
