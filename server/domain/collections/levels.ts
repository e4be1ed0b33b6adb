/**
 * The caller's effective level on collections and spaces. A level depends on the chain of parent collections, so
 * the organization's collections are loaded once per request into a map (lazily: an organization admin's level is
 * `admin` everywhere and needs none of them) and each collection's level is computed once.
 */
import type { Role } from '../../../shared/contract/index.ts';
import { contentLevel, roleRank, type OrgActor } from '../../policies/index.ts';
import { builder, type Database } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import type { CollectionsTable } from '../../storage/schema.ts';

const collectionsOfOrganization = prepared((organizationId: string) =>
  builder.selectFrom('collections').selectAll().where('organization_id', '=', organizationId),
);

/** What a level is computed from: the item's own default level and its parent collection. */
export interface LevelSource {
  parent_id: string | null;
  default_level: string | null;
}

export class ContentLevels {
  private rows: Map<string, CollectionsTable> | undefined;
  private readonly levels = new Map<string, Role | null>();

  private readonly db: Database;
  readonly organizationId: string;
  readonly actor: OrgActor;

  /** `collections`: the organization's collections when already loaded (levels of several roles share them). */
  constructor(
    db: Database,
    organizationId: string,
    actor: OrgActor,
    collections?: Map<string, CollectionsTable>,
  ) {
    this.db = db;
    this.organizationId = organizationId;
    this.actor = actor;
    this.rows = collections;
  }

  /** Every collection of the organization, by id. */
  collections(): Map<string, CollectionsTable> {
    if (this.rows === undefined) {
      this.rows = new Map();
      for (const row of this.db.all(collectionsOfOrganization(this.organizationId)))
        this.rows.set(row.id, row);
    }
    return this.rows;
  }

  /** The caller's level on a collection of the organization (`null` for none, or an unknown id). */
  collectionLevel(collectionId: string): Role | null {
    const known = this.levels.get(collectionId);
    if (known !== undefined || this.levels.has(collectionId)) return known ?? null;
    let level: Role | null;
    if (this.actor.role === 'admin') level = 'admin';
    else {
      const row = this.collections().get(collectionId);
      // Marked before recursing so that a (corrupt) cycle of parents ends instead of looping.
      this.levels.set(collectionId, null);
      level = row === undefined ? null : this.levelOf(row);
    }
    this.levels.set(collectionId, level);
    return level;
  }

  /** The caller's level on an item (collection or space) from its default level and parent. */
  levelOf(item: LevelSource): Role | null {
    return contentLevel(this.actor.role, item.default_level, () =>
      item.parent_id === null ? this.actor.role : this.collectionLevel(item.parent_id),
    );
  }

  /** The ids of the collections the caller may see (level read or more). */
  visibleCollectionIds(): string[] {
    return [...this.collections().keys()].filter(
      (id) => roleRank(this.collectionLevel(id)) >= roleRank('read'),
    );
  }
}
