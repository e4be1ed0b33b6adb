/** Folding unchanged blocks of the rendered lens beyond some context (pure). */
import type { BlockRow } from './types.ts';

/** A part of the lens: rows shown, or a fold of unchanged rows. */
export type FoldPart =
  { kind: 'rows'; from: number; to: number } | { kind: 'fold'; from: number; to: number };

/** Splits the rows into shown runs and folds of unchanged rows beyond the context; `pinned` rows never fold. */
export function foldRows(
  rows: readonly BlockRow[],
  context: number,
  pinned: (row: BlockRow) => boolean = () => false,
): FoldPart[] {
  const keep = new Array<boolean>(rows.length).fill(false);
  rows.forEach((row, index) => {
    if (row.kind === 'same' && !pinned(row)) return;
    for (let k = Math.max(0, index - context); k <= Math.min(rows.length - 1, index + context); k++)
      keep[k] = true;
  });
  const parts: FoldPart[] = [];
  let index = 0;
  while (index < rows.length) {
    const shown = keep[index]!;
    let end = index;
    while (end < rows.length && keep[end] === shown) end++;
    // A fold of a single block is not worth a button.
    parts.push({ kind: shown || end - index === 1 ? 'rows' : 'fold', from: index, to: end });
    index = end;
  }
  return parts;
}
