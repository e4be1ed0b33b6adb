/** Where an item of the structure is now, as a move target: the place an Undo moves it back to. */
import type { StructureTarget, StructureTree } from './model.ts';

/** After its previous sibling, else before its next one, else alone in its parent; undefined when unknown. */
export function formerPlace(tree: StructureTree, key: string): StructureTarget | undefined {
  const parent = tree.parentOf.get(key);
  if (parent === undefined) return undefined;
  const kids = tree.children.get(parent) ?? [];
  const index = kids.indexOf(key);
  const previous = kids[index - 1];
  const next = kids[index + 1];
  if (previous !== undefined) return { parent, anchor: { key: previous, side: 'after' } };
  if (next !== undefined) return { parent, anchor: { key: next, side: 'before' } };
  return { parent };
}
