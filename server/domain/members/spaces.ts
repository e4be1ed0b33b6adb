/** The spaces a member may view, by the same policy as the spaces operations. */
import type { Role } from '../../../shared/contract/index.ts';
import type { Services } from '../../http/context.ts';
import { visibleSpaceCountsIn } from '../spaces/lists.ts';

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
