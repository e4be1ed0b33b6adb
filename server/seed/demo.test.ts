import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { LinkReport } from '../../shared/contract/resources/links.ts';
import { startTestServer } from '../test/harness.ts';
import { expectStatus, sendOperation } from '../test/http-helpers.ts';
import { openDatabase, type Database } from '../storage/database.ts';
import { authenticate } from '../http/auth.ts';
import { SqliteStore } from '../storage/store/sqlite-store.ts';
import { buildLinkReport } from '../domain/content/links.ts';
import { flattenPages, loadRevision, readDocuments, type StoredPage } from '../domain/content/revisions.ts';
import { checkCondition } from '../../shared/conditions.ts';
import type { PublishedContentSite } from '../../shared/contract/resources/sites.ts';
import type { SiteSectionGroup } from '../../shared/contract/resources/siteStructure.ts';
import { declaredClaims } from '../domain/sites/adaptive.ts';
import { mintSandboxToken, seedDemo } from './demo.ts';
import { DEMO_CONDITIONS } from './demo-sites.ts';
import { demoImages } from './demo-images.ts';

const NOW = new Date('2026-03-01T00:00:00.000Z');
const DAY = 86_400_000;

function seeded(): Database {
  const db = openDatabase(':memory:');
  seedDemo(db, NOW);
  return db;
}

function acme(db: Database): string {
  return db.first(db.q.selectFrom('organizations').select('id').where('title', '=', 'Acme Docs'))!.id;
}

/** What a seed produced, without its random ids: the content tree and every space's pages and markdown. */
function snapshot(db: Database): unknown {
  const orgId = acme(db);
  const collections = db.all(db.q.selectFrom('collections').selectAll().where('organization_id', '=', orgId));
  const spaces = db.all(db.q.selectFrom('spaces').selectAll().where('organization_id', '=', orgId));
  const titleOf = (id: string | null) => collections.find((c) => c.id === id)?.title ?? null;
  const outline = (pages: readonly StoredPage[]): unknown[] =>
    pages.map((page) => [page.title, page.slug, outline(page.pages)]);
  return {
    collections: collections
      .map((c) => [titleOf(c.parent_id), c.title, c.sort_key, c.default_level])
      .sort((a, b) => String(a).localeCompare(String(b))),
    spaces: spaces
      .map((space) => {
        const tree = loadRevision(db, space.revision_id).tree;
        const placed = flattenPages(tree.pages);
        const documents = readDocuments(
          db,
          placed.flatMap((p) => (p.page.documentId ? [p.page.documentId] : [])),
        );
        return [
          titleOf(space.parent_id),
          space.title,
          space.sort_key,
          space.visibility,
          space.created_at,
          space.deleted_at,
          outline(tree.pages),
          placed.map((p) => documents.get(p.page.documentId ?? '')),
          tree.files.map((file) => [file.name, file.blobId]),
        ];
      })
      .sort((a, b) => String(a).localeCompare(String(b))),
  };
}

describe('demo seed', () => {
  it('seeds every role and a guest once, and mints a sandbox token that replaces the previous one', async () => {
    const db = openDatabase(':memory:');
    const store = new SqliteStore(db);
    expect(mintSandboxToken(db, NOW)).toBeUndefined();
    const result = seedDemo(db, NOW);
    expect(new Set(result?.tokens.map((t) => t.role))).toEqual(
      new Set(['admin', 'create', 'review', 'edit', 'comment', 'read', null]),
    );
    expect(seedDemo(db, NOW)).toBeUndefined();
    const first = mintSandboxToken(db, NOW) as string;
    const owner = (await authenticate(store, `Bearer ${first}`)).userId;
    const second = mintSandboxToken(db, NOW) as string;
    expect((await authenticate(store, `Bearer ${second}`)).userId).toBe(owner);
    await expect(authenticate(store, `Bearer ${first}`)).rejects.toThrow(/unknown/);
  });

  it('seeds the same content on every run', () => {
    expect(snapshot(seeded())).toEqual(snapshot(seeded()));
  });

  it('indexes every space for search in the seed itself: no indexing job is left to start a worker thread', () => {
    const db = seeded();
    expect(db.all(db.q.selectFrom('jobs').select('kind'))).toEqual([]);
    const spaces = db.all(db.q.selectFrom('spaces').select(['id', 'revision_id']));
    const indexed = db.all(db.q.selectFrom('search_indexed').select(['space_id', 'revision_id']));
    expect(new Map(indexed.map((row) => [row.space_id, row.revision_id]))).toEqual(
      new Map(spaces.map((space) => [space.id, space.revision_id])),
    );
  });

  it('seeds 30+ spaces in collections nested three deep, with varied settings', () => {
    const db = seeded();
    const orgId = acme(db);
    const collections = db.all(
      db.q.selectFrom('collections').selectAll().where('organization_id', '=', orgId),
    );
    const spaces = db.all(
      db.q
        .selectFrom('spaces')
        .selectAll()
        .where('organization_id', '=', orgId)
        .where('deleted_at', 'is', null),
    );
    expect(spaces.length).toBeGreaterThanOrEqual(30);

    const byId = new Map(collections.map((c) => [c.id, c]));
    const depth = (parentId: string | null): number =>
      parentId === null ? 0 : 1 + depth(byId.get(parentId)!.parent_id);
    expect(Math.max(...collections.map((c) => depth(c.id)))).toBe(3);
    // Spaces sit at every level: the top, and each depth of collection.
    expect(new Set(spaces.map((s) => depth(s.parent_id)))).toEqual(new Set([0, 1, 2, 3]));
    expect(collections.map((c) => c.default_level)).toEqual(expect.arrayContaining(['read', 'inherit']));

    // `in-collection` only makes sense inside a collection.
    for (const s of spaces) if (s.visibility === 'in-collection') expect(s.parent_id, s.title).not.toBeNull();
    expect(new Set(spaces.map((s) => s.visibility)).size).toBeGreaterThanOrEqual(5);
    expect(spaces.filter((s) => s.edit_mode === 'locked').length).toBeGreaterThanOrEqual(1);
    expect(new Set(spaces.map((s) => s.emoji)).size).toBeGreaterThan(25);
  });

  it('gives every space 2 to 8 pages of markdown, some nested, with code, tables, quotes and images', () => {
    const db = seeded();
    const spaces = db.all(db.q.selectFrom('spaces').selectAll().where('organization_id', '=', acme(db)));
    let nested = 0;
    let withImages = 0;
    for (const space of spaces) {
      const tree = loadRevision(db, space.revision_id).tree;
      const pages = flattenPages(tree.pages);
      expect(pages.length, space.title).toBeGreaterThanOrEqual(2);
      expect(tree.pages.length, space.title).toBeLessThanOrEqual(8);
      if (pages.some((p) => p.parentId !== null)) nested++;
      const documents = readDocuments(
        db,
        pages.map((p) => p.page.documentId ?? ''),
      );
      for (const p of pages)
        expect(documents.get(p.page.documentId ?? ''), `${space.title}/${p.path}`).toBeTruthy();
      const markdown = [...documents.values()].join('\n');
      if (tree.files.length > 0) {
        withImages++;
        for (const file of tree.files) {
          expect(file.contentType).toBe('image/png');
          expect(markdown).toContain(`.gitbook/assets/${file.name}`);
          const bytes = db.first(db.q.selectFrom('blobs').select('data').where('id', '=', file.blobId))!.data;
          expect(Buffer.from(bytes).subarray(1, 4).toString('latin1')).toBe('PNG');
        }
      }
    }
    expect(nested).toBeGreaterThan(10);
    expect(withImages).toBeGreaterThan(5);
    const all = db
      .all(db.q.selectFrom('documents').select('markdown'))
      .map((d) => d.markdown)
      .join('\n');
    for (const fragment of ['```bash', '| --- |', '\n> ', '\n## ', '\n- ', '\n1. '])
      expect(all).toContain(fragment);
  });

  it('draws valid PNG images', () => {
    const [image] = demoImages(['logo.png']);
    const data = Buffer.from(image!.data);
    expect(data.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(data.readUInt32BE(16)).toBe(16);
    expect(data.readUInt32BE(20)).toBe(16);
    const idatLength = data.readUInt32BE(33);
    expect(data.subarray(37, 41).toString('latin1')).toBe('IDAT');
    expect(inflateSync(data.subarray(41, 41 + idatLength)).length).toBe(16 * (1 + 16 * 3));
  });

  it('has working and broken links between pages, external links and an app link', () => {
    const db = seeded();
    const spaces = db.all(
      db.q
        .selectFrom('spaces')
        .selectAll()
        .where('organization_id', '=', acme(db))
        .where('deleted_at', 'is', null),
    );
    const usages = spaces.flatMap((space) => {
      const tree = loadRevision(db, space.revision_id).tree;
      const pages = flattenPages(tree.pages);
      const documents = readDocuments(
        db,
        pages.map((p) => p.page.documentId ?? ''),
      );
      return buildLinkReport({
        pages,
        documents,
        files: tree.files,
        appHosts: new Set(['app.gitbook.com']),
      }).map((usage) => ({ space: space.title, ...usage.target }));
    });
    const count = (kind: string, status: string) =>
      usages.filter((u) => u.kind === kind && u.status === status).length;
    expect(count('page', 'ok')).toBeGreaterThan(100);
    expect(count('file', 'ok')).toBeGreaterThan(5);
    expect(count('url', 'ok')).toBeGreaterThan(5);
    expect(count('url', 'in-app')).toBe(1);
    const broken = usages.filter((u) => u.status === 'broken');
    expect(broken.length).toBeGreaterThanOrEqual(3);
    expect(broken.length).toBeLessThan(10);
    expect(broken.some((u) => u.kind === 'file')).toBe(true);
    expect(new Set(broken.map((u) => u.space)).size).toBeGreaterThan(2);
  });

  it('shows broken links in the link report of the API', async () => {
    const server = await startTestServer();
    try {
      const result = seedDemo(server.db, server.clock.now());
      const owner = result!.tokens[0]!;
      const space = server.db.first(
        server.db.q.selectFrom('spaces').select('id').where('title', '=', 'Getting Started'),
      )!;
      const answer = await sendOperation(server, 'listSpaceLinks', {
        token: owner.token,
        params: { spaceId: space.id },
        query: { status: 'broken' },
      });
      expectStatus(answer, 200);
      const report = answer.body as LinkReport;
      expect(report.items.map((usage) => usage.targetReference?.url)).toEqual(['migrating-from-v1.md']);
      expect(report.stats.broken.total).toBe(1);
      expect(report.stats.total).toBeGreaterThan(5);
    } finally {
      await server.close();
    }
  });

  it('puts one space in the trash, deleted by its creator two days before the seed date', () => {
    const db = seeded();
    const trashed = db.all(
      db.q
        .selectFrom('spaces')
        .innerJoin('users', 'users.id', 'spaces.deleted_by')
        .select(['spaces.title', 'spaces.deleted_at', 'users.display_name'])
        .where('spaces.organization_id', '=', acme(db))
        .where('spaces.deleted_at', 'is not', null),
    );
    expect(trashed).toEqual([
      {
        title: 'Old Wiki',
        deleted_at: new Date(NOW.getTime() - 2 * DAY).toISOString(),
        display_name: 'Grace Hopper',
      },
    ]);
  });

  it('seeds a published adaptive site with groups, sections, variants and conditions, and a share-link site', async () => {
    const server = await startTestServer();
    try {
      const { db } = server;
      const result = seedDemo(db, server.clock.now());
      const owner = result!.tokens[0]!;
      const orgId = acme(db);
      const sites = db.all(db.q.selectFrom('sites').selectAll().where('organization_id', '=', orgId));
      const docs = sites.find((site) => site.title === 'Acme Docs')!;
      const portal = sites.find((site) => site.title === 'Partner Portal')!;
      expect(sites).toHaveLength(2);
      expect(docs).toMatchObject({
        basename: 'docs',
        published: 1,
        visibility: 'public',
        adaptive_enabled: 1,
      });
      expect(portal).toMatchObject({ published: 0, visibility: 'share-link' });

      const answer = await sendOperation(server, 'getPublishedContentSite', {
        token: owner.token,
        params: { organizationId: orgId, siteId: docs.id },
      });
      expectStatus(answer, 200);
      const { structure } = answer.body as PublishedContentSite;
      expect(structure.type).toBe('sections');
      const groups = structure.structure as SiteSectionGroup[];
      expect(groups.map((g) => [g.title, g.sections?.map((s) => s.title)])).toEqual([
        ['Product', ['Getting Started', 'User Guide', 'Admin Guide']],
        ['Developers', ['API Reference', 'SDKs']],
      ]);
      const sections = groups.flatMap((g) => g.sections ?? []);
      const byTitle = (title: string) => sections.find((s) => s.title === title)!;
      expect(byTitle('Getting Started').default).toBe(true);
      expect(sections.filter((s) => s.default)).toHaveLength(1);
      const variants = (title: string) =>
        byTitle(title).siteSpaces?.map((v) => [v.path, v.default ?? false, v.condition ?? null]);
      expect(variants('User Guide')).toEqual([
        ['en', true, null],
        ['fr', false, null],
      ]);
      expect(variants('API Reference')).toEqual([
        ['v2', true, null],
        ['v1', false, DEMO_CONDITIONS.apiV1],
      ]);
      expect(byTitle('SDKs').condition).toBe(DEMO_CONDITIONS.sdks);

      // Every condition parses and reads only claims the schema declares.
      const declared = declaredClaims(docs);
      expect([...declared].sort()).toEqual(['isBetaUser', 'isEnterprise', 'unsigned.isEmployee']);
      for (const condition of Object.values(DEMO_CONDITIONS)) {
        const check = checkCondition(condition);
        expect(check.ok, condition).toBe(true);
        if (check.ok) for (const claim of check.claims) expect(declared.has(claim), claim).toBe(true);
      }

      const links = db.all(
        db.q
          .selectFrom('share_links')
          .select(['name', 'active'])
          .where('site_id', '=', portal.id)
          .orderBy('created_at'),
      );
      expect(links).toEqual([
        { name: 'Globex integration team', active: 1 },
        { name: 'Initech pilot (ended)', active: 0 },
      ]);
      const french = db.first(
        db.q.selectFrom('spaces').selectAll().where('title', '=', "Guide de l'utilisateur"),
      );
      expect(french?.language).toBe('fr');
    } finally {
      await server.close();
    }
  });
});
