/** The detail panel of a collection or space beside the content tree. */
import type { ContentItemRef } from './ContentActions.tsx';

/** Placeholder until the panel lands. */
export function ItemDetails(props: {
  profileId: string;
  orgId: string;
  item: ContentItemRef;
  onClose(): void;
}) {
  return <aside data-testid="item-details">{props.item.id}</aside>;
}
