/**
 * The caller's effective level on collections and spaces. A level depends on the chain of parent collections, so
 * the organization's collections are loaded once per request into a map (lazily: an organization admin's level is
 * `admin` everywhere and needs none of them) and each collection's level is computed once. The caller's direct and
 * team grants are loaded once too, on first need (`permissions/grants.ts`); `effectiveLevel` (policies) says how
 * they combine with roles and default levels.
 */
import type { Role } from '../../../shared/contract/index.ts';
import { effectiveLevel, roleRank, type OrgActor } from '../../policies/index.ts';
import { builder, type Database } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import type { CollectionsTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import { loadUserGrants, loadUserGrantsIn, NO_GRANTS, type UserGrants } from '../permissions/grants.ts';

/** The organization's collections (ContentLevels loads them; `visibleSpaceCountsIn` through the store). */
export const collectionsOfOrganization = prepared((organizationId: string) =>
  builder.selectFrom('collections').selectAll().where('organization_id', '=', organizationId),
);

/** What a space's level is computed from: its id (its grants), own default level and parent collection. */
export interface LevelSource {
  id: string;
  parent_id: string | null;
  default_level: string | null;
}

export class ContentLevels {
  private rows: Map<string, CollectionsTable> | undefined;
  private userGrants: UserGrants | undefined;
  private readonly levels = new Map<string, Role | null>();

  /** Undefined for levels loaded through a store (`loadIn`): everything they read was read then. */
  private readonly db: Database | undefined;
  readonly organizationId: string;
  readonly actor: OrgActor;

  /**
   * `collections`: the organization's collections when already loaded (levels of several roles share them);
   * `grants`: the actor's grants when already known (`NO_GRANTS` for the levels of a role rather than a person).
   */
  constructor(
    db: Database | undefined,
    organizationId: string,
    actor: OrgActor,
    collections?: Map<string, CollectionsTable>,
    grants?: UserGrants,
  ) {
    this.db = db;
    this.organizationId = organizationId;
    this.actor = actor;
    this.rows = collections;
    this.userGrants = grants;
  }

  /**
   * Levels read through a store or a transaction: the actor's grants and (unless the actor is an administrator,
   * whose level is `admin` everywhere, and `collections` is not asked for) the organization's collections are read
   * now, as nothing can be read later without awaiting.
   */
  static async loadIn(
    on: Statements,
    organizationId: string,
    actor: OrgActor,
    options: { collections?: boolean } = {},
  ): Promise<ContentLevels> {
    const admin = actor.role === 'admin';
    const grants =
      admin || actor.grantsInOrganization === false
        ? NO_GRANTS
        : await loadUserGrantsIn(on, organizationId, actor.userId);
    let collections: Map<string, CollectionsTable> | undefined;
    if (!admin || options.collections === true) {
      collections = new Map();
      for (const row of await on.all(collectionsOfOrganization(organizationId))) collections.set(row.id, row);
    }
    return new ContentLevels(undefined, organizationId, actor, collections, grants);
  }

  /** The database of lazy reads; levels loaded through a store read nothing more. */
  private lazy(what: string): Database {
    if (this.db === undefined) throw new Error(`ContentLevels: ${what} were not loaded (loadIn)`);
    return this.db;
  }

  /** The actor's grants in the organization, loaded on first need. */
  grants(): UserGrants {
    this.userGrants ??=
      this.actor.grantsInOrganization === false
        ? NO_GRANTS
        : loadUserGrants(this.lazy('grants'), this.organizationId, this.actor.userId);
    return this.userGrants;
  }

  /** Whether the actor was given roles directly or through teams (an admin's grants change nothing). */
  hasGrants(): boolean {
    return this.actor.role !== 'admin' && !this.grants().empty;
  }

  /** Every collection of the organization, by id. */
  collections(): Map<string, CollectionsTable> {
    if (this.rows === undefined) {
      this.rows = new Map();
      for (const row of this.lazy('collections').all(collectionsOfOrganization(this.organizationId)))
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
      level = row === undefined ? null : this.resolve('collection', row);
    }
    this.levels.set(collectionId, level);
    return level;
  }

  /** The caller's level on a space of the organization. */
  levelOf(space: LevelSource): Role | null {
    return this.resolve('space', space);
  }

  private resolve(type: 'space' | 'collection', item: LevelSource): Role | null {
    const role = this.actor.role;
    if (role === 'admin') return 'admin';
    const grants = this.grants();
    return effectiveLevel({
      role,
      defaultLevel: item.default_level,
      grant: grants.empty ? undefined : grants.at(type, item.id),
      site: type === 'space' && !grants.empty ? () => grants.siteLevelOfSpace(item.id) : undefined,
      inherited: () => (item.parent_id === null ? role : this.collectionLevel(item.parent_id)),
    });
  }

  /** The ids of the collections the caller may see (level read or more). */
  visibleCollectionIds(): string[] {
    return [...this.collections().keys()].filter(
      (id) => roleRank(this.collectionLevel(id)) >= roleRank('read'),
    );
  }
}
