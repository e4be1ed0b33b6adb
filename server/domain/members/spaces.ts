/** The spaces a member may view, by the same policy as the spaces operations. */
import type { Role } from '../../../shared/contract/index.ts';
import type { Database } from '../../storage/database.ts';
import { countVisibleSpaces } from '../spaces/lists.ts';

/**
 * How many spaces a member of each role may view. A member's levels depend only on their role, so a page of
 * members costs one count per role present on it, never one per member.
 */
export function spaceCounter(db: Database, organizationId: string): (role: Role | null) => number {
  const counts = new Map<Role | null, number>();
  return (role) => {
    let count = counts.get(role);
    if (count === undefined) {
      count = countVisibleSpaces(db, organizationId, { userId: '', role, ownsTeam: false });
      counts.set(role, count);
    }
    return count;
  };
}
