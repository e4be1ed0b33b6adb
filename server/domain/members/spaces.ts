/** The spaces a member may view, by the same policy as the spaces operations. */
import type { Role } from '../../../shared/contract/index.ts';
import type { Services } from '../../http/context.ts';
import type { Database } from '../../storage/database.ts';
import { SqliteStore } from '../../storage/store/sqlite-store.ts';
import { NoSyncDatabase } from '../../storage/no-database.ts';
import { visibleSpaceCountsIn } from '../spaces/lists.ts';

/**
 * Runs `read` on the synchronous `Database` between the store's transactions: on SQLite it waits for an open async
 * transaction, so an unconverted read (the member's spaces) never meets its fence. The other stores have no
 * synchronous `Database`: there it refuses (`NoSyncDatabase`, answered 501; storage/README.md).
 */
export function readDatabase<T>(services: Services, read: (db: Database) => T): Promise<T> {
  const { store } = services;
  if (!(store instanceof SqliteStore)) return Promise.reject(new NoSyncDatabase());
  return store.outsideTransactions(() => read(services.db));
}

/**
 * How many spaces a member of each of `roles` may view, read through the store (`visibleSpaceCountsIn`). A member's
 * levels depend only on their role, so a page of members costs one grouped count of the organization's spaces, never
 * one count per member or per role.
 */
export function spaceCountsIn(
  services: Services,
  organizationId: string,
  roles: Iterable<Role | null>,
): Promise<(role: Role | null) => number> {
  return visibleSpaceCountsIn(services.store, organizationId, roles);
}
