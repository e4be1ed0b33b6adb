/** The spaces a member may view, by the same policy as the spaces operations. */
import type { Role } from '../../../shared/contract/index.ts';
import type { Database } from '../../storage/database.ts';
import { visibleSpaceCounter } from '../spaces/lists.ts';

/**
 * How many spaces a member of each role may view. A member's levels depend only on their role, so a page of
 * members costs one grouped count of the organization's spaces, never one count per member or per role.
 */
export function spaceCounter(db: Database, organizationId: string): (role: Role | null) => number {
  return visibleSpaceCounter(db, organizationId);
}
