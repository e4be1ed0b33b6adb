/** Collections and spaces shaped as the API answers them, for the pure tree and move tests. */
import type { Collection, Space } from '../../../../shared/contract/resources/content.ts';

/** A collection with the given id, parent and title (the title defaults to the id). */
export function collection(id: string, parent?: string, title = id): Collection {
  return {
    object: 'collection',
    id,
    title,
    organization: 'org',
    ...(parent !== undefined ? { parent } : {}),
    defaultLevel: 'inherit',
    urls: { location: `/c/${id}`, app: `/c/${id}` },
    permissions: { view: true, admin: true, viewInviteLinks: true, create: true },
  };
}

/** A space with the given id, parent and title (the title defaults to the id). */
export function space(id: string, parent?: string, title = id): Space {
  return {
    object: 'space',
    id,
    title,
    emoji: '',
    visibility: parent === undefined ? 'private' : 'in-collection',
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    organization: 'org',
    ...(parent !== undefined ? { parent } : {}),
    revision: 'r',
    defaultLevel: 'inherit',
    comments: 0,
    changeRequests: 0,
    changeRequestsOpen: 0,
    changeRequestsDraft: 0,
    mergeRules: { type: 'inherit' },
    urls: { location: `/s/${id}`, app: `/s/${id}` },
    permissions: {
      view: true,
      access: true,
      admin: true,
      viewInviteLinks: true,
      edit: true,
      triggerGitSync: true,
      comment: true,
      merge: true,
      review: true,
    },
  };
}
