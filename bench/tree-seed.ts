/**
 * Seeds a browser-mode data directory for the `tree` benchmark: the demo (as a first launch would), then 500 more
 * collections (50 at the top level, 9 inside each) holding 10,000 spaces in "Acme Docs", written straight into the
 * server's storage in one transaction (the API would take minutes for this much).
 */
import { join } from 'node:path';
import { issueToken } from '../server/domain/organizations/commands.ts';
import { buildPages } from '../server/domain/content/revisions.ts';
import { insertSpaceWithTree } from '../server/domain/spaces/records.ts';
import { newId } from '../server/ids.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { openDatabase } from '../server/storage/database.ts';
import { keysBetween } from '../server/storage/sort-keys.ts';

/** The demo organization the sandbox opens on, which the benchmark grows. */
export const TREE_ORG_TITLE = 'Acme Docs';

/** How much to add. */
export interface TreeSeedSize {
  collections: number;
  spaces: number;
}

/** What the benchmark needs to know about the seeded data. */
export interface TreeSeed {
  orgId: string;
  /** A token of the organization's owner (an admin), for the server half. */
  token: string;
  collectionIds: string[];
  spaceIds: string[];
  /** Collections and spaces of the organization in all, the trash left out (the demo's and the seeded ones). */
  itemCount: number;
}

/** Seeds `<dataDir>/sandbox` (the database the browser-mode supervisor opens) and closes it again. */
export function seedTree(dataDir: string, size: TreeSeedSize, now = new Date()): TreeSeed {
  const db = openDatabase(join(dataDir, 'sandbox'));
  try {
    if (seedDemo(db, now) === undefined) throw new Error(`${dataDir} already has a sandbox database`);
    const org = db.first(db.q.selectFrom('organizations').select('id').where('title', '=', TREE_ORG_TITLE));
    if (org === undefined) throw new Error(`the demo has no organization titled ${TREE_ORG_TITLE}`);
    const owner = db.first(
      db.q
        .selectFrom('members')
        .select('user_id')
        .where('organization_id', '=', org.id)
        .where('role', '=', 'admin')
        .orderBy('joined_at'),
    );
    if (owner === undefined) throw new Error(`${TREE_ORG_TITLE} has no admin`);
    const at = now.toISOString();
    const topCount = Math.max(1, Math.round(size.collections / 10));
    const collectionIds: string[] = [];
    const spaceIds: string[] = [];
    let token = '';
    db.transaction(() => {
      token = issueToken(db, now, owner.user_id, 'bench');
      // After the demo's own top-level items: keys from the largest existing one onwards.
      const last = db.first(
        db.q
          .selectFrom('collections')
          .select('sort_key')
          .where('organization_id', '=', org.id)
          .where('parent_id', 'is', null)
          .orderBy('sort_key', 'desc'),
      )?.sort_key;
      const lastSpace = db.first(
        db.q
          .selectFrom('spaces')
          .select('sort_key')
          .where('organization_id', '=', org.id)
          .where('parent_id', 'is', null)
          .orderBy('sort_key', 'desc'),
      )?.sort_key;
      const start = [last, lastSpace]
        .filter((key) => key !== undefined)
        .sort()
        .at(-1);
      const topKeys = keysBetween(start, null, topCount);
      const insertCollection = (parentId: string | null, title: string, key: string) => {
        const id = newId();
        db.run(
          db.q.insertInto('collections').values({
            id,
            organization_id: org.id,
            parent_id: parentId,
            title,
            description: null,
            default_level: 'inherit',
            sort_key: key,
            created_at: at,
            updated_at: at,
          }),
        );
        collectionIds.push(id);
        return id;
      };
      const tops = topKeys.map((key, t) =>
        insertCollection(null, `Bench Area ${String(t + 1).padStart(3, '0')}`, key),
      );
      const perTop = Math.ceil((size.collections - tops.length) / tops.length);
      for (const [t, top] of tops.entries()) {
        const keys = keysBetween(null, null, perTop);
        for (let c = 0; c < perTop && collectionIds.length < size.collections; c++)
          insertCollection(top, `Bench Shelf ${String(t + 1).padStart(3, '0')}.${c + 1}`, keys[c]!);
      }
      // One shared page tree: the bodies are stored once by hash, so 10,000 revisions cost little.
      const pages = buildPages(db, now, [
        { title: 'Introduction', markdown: '# Introduction\n\nA benchmark space.\n' },
        { title: 'Reference', markdown: '# Reference\n\nSee [Introduction](introduction.md).\n' },
      ]);
      const perCollection = Math.ceil(size.spaces / collectionIds.length);
      for (const collectionId of collectionIds) {
        const keys = keysBetween(null, null, perCollection);
        for (let s = 0; s < perCollection && spaceIds.length < size.spaces; s++) {
          const { id } = insertSpaceWithTree(
            db,
            now,
            {
              organizationId: org.id,
              parentId: collectionId,
              title: `Bench Space ${String(spaceIds.length).padStart(5, '0')}`,
              emoji: s % 4 === 0 ? '📘' : '',
              visibility: s % 5 === 0 ? 'in-collection' : 'private',
              editMode: s % 17 === 0 ? 'locked' : 'live',
              actorId: owner.user_id,
              sortKey: keys[s]!,
            },
            () => ({ pages, files: [] }),
          );
          spaceIds.push(id);
        }
      }
    });
    const collections = db.all(
      db.q.selectFrom('collections').select('id').where('organization_id', '=', org.id),
    );
    const spaces = db.all(
      db.q
        .selectFrom('spaces')
        .select('id')
        .where('organization_id', '=', org.id)
        .where('deleted_at', 'is', null),
    );
    return { orgId: org.id, token, collectionIds, spaceIds, itemCount: collections.length + spaces.length };
  } finally {
    db.close();
  }
}
