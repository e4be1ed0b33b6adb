/** The collection or space an action or panel is about, read from the same cache as every other screen. */
import { useQuery } from '@tanstack/react-query';
import type { Collection, Space } from '../../../../shared/contract/resources/content.ts';
import { collectionQuery } from '../../queries/collections.ts';
import { spaceQuery } from '../../queries/spaces.ts';
import type { ContentItemRef } from './ContentActions.tsx';

/** The item's data, whichever kind it is. */
export type ItemData = { kind: 'space'; space: Space } | { kind: 'collection'; collection: Collection };

/** Loads the item; `data` is undefined until it is there. */
export function useItem(profileId: string, item: ContentItemRef | undefined) {
  const space = useQuery({
    ...spaceQuery(profileId, item?.kind === 'space' ? item.id : ''),
    enabled: item?.kind === 'space',
  });
  const collection = useQuery({
    ...collectionQuery(profileId, item?.kind === 'collection' ? item.id : ''),
    enabled: item?.kind === 'collection',
  });
  const query = item?.kind === 'collection' ? collection : space;
  let data: ItemData | undefined;
  if (item?.kind === 'space' && space.data !== undefined) data = { kind: 'space', space: space.data };
  if (item?.kind === 'collection' && collection.data !== undefined)
    data = { kind: 'collection', collection: collection.data };
  return {
    data,
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

/** The title of an item, as dialogs quote it. */
export function itemTitle(data: ItemData): string {
  const title = data.kind === 'space' ? data.space.title : data.collection.title;
  return title === '' ? 'Untitled' : title;
}

/** The item's parent collection id, if it has one. */
export function itemParent(data: ItemData): string | undefined {
  return data.kind === 'space' ? data.space.parent : data.collection.parent;
}
