/**
 * What a row of the structure tree shows, as plain values. The model rebuilds every node after each change (an
 * optimistic move parses the whole structure again), so rows compare these values, not objects, to re-render only
 * when what they show changed.
 */
import { emojiText } from '../../ui/emoji.ts';
import { isDefault, type StructureKind, type StructureRow } from './model.ts';

/** The values a row renders. */
export interface RowView {
  key: string;
  id: string;
  kind: StructureKind;
  title: string;
  depth: number;
  hasChildren: boolean;
  expanded: boolean;
  posInSet: number;
  setSize: number;
  icon: string;
  /** The item's path; undefined for groups, which have none. */
  path: string | undefined;
  /** How many children it holds; undefined for site spaces. */
  count: number | undefined;
  condition: string | undefined;
  isDefault: boolean;
}

/** The row's values. */
export function rowView(row: StructureRow): RowView {
  const { node } = row;
  const emoji = node.kind === 'site-space' ? emojiText(node.item.space?.emoji ?? '') : '';
  const icon =
    node.kind === 'site-space'
      ? emoji || '📄'
      : node.item.icon !== undefined && node.item.icon !== ''
        ? node.item.icon
        : node.kind === 'group'
          ? '🗂'
          : '📚';
  return {
    key: row.key,
    id: node.id,
    kind: node.kind,
    title: node.title,
    depth: row.depth,
    hasChildren: row.hasChildren,
    expanded: row.expanded,
    posInSet: row.posInSet,
    setSize: row.setSize,
    icon,
    path: node.kind === 'group' ? undefined : node.item.path,
    count:
      node.kind === 'group'
        ? (node.item.sections?.length ?? 0)
        : node.kind === 'section'
          ? (node.item.siteSpaces?.length ?? 0)
          : undefined,
    condition: node.kind === 'group' ? undefined : node.item.condition,
    isDefault: isDefault(node),
  };
}

/** Whether two views show the same thing. */
export function sameRowView(a: RowView, b: RowView): boolean {
  for (const name of Object.keys(a) as (keyof RowView)[]) if (a[name] !== b[name]) return false;
  return true;
}
