/** Collection rows to API objects. */
import type { Role } from '../../../shared/contract/index.ts';
import type { Collection } from '../../../shared/contract/resources/content.ts';
import { can, type OrgActor } from '../../policies/index.ts';
import type { CollectionsTable } from '../../storage/schema.ts';

export function collectionUrls(baseUrl: string, id: string) {
  return { location: `${baseUrl}/v1/collections/${id}`, app: `${baseUrl}/c/${id}/` };
}

export function presentCollection(
  row: CollectionsTable,
  level: Role | null,
  actor: OrgActor,
  baseUrl: string,
): Collection {
  const subject = { level };
  return {
    object: 'collection',
    id: row.id,
    title: row.title,
    ...(row.description !== null ? { description: row.description } : {}),
    organization: row.organization_id,
    ...(row.parent_id !== null ? { parent: row.parent_id } : {}),
    defaultLevel: row.default_level as Collection['defaultLevel'],
    urls: collectionUrls(baseUrl, row.id),
    permissions: {
      view: can(actor, 'collection.view', subject),
      admin: can(actor, 'collection.admin', subject),
      viewInviteLinks: can(actor, 'collection.viewInviteLinks', subject),
      create: can(actor, 'collection.create', subject),
    },
  };
}
