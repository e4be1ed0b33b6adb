/**
 * The conflict view's side-by-side rows: the main content's markdown against the request's, line by line (jsdiff's
 * `diffLines`), lines only one side has paired up in the same row where they replace each other.
 */
import { diffLines } from 'diff';

/** One cell: a line of one side, and whether the other side lacks it. */
export interface SideCell {
  text: string;
  changed: boolean;
}

/** A row: the main content's line and the request's line (either may be absent where the other side adds). */
export interface SideRow {
  main?: SideCell;
  request?: SideCell;
}

function lines(value: string): string[] {
  const split = value.split('\n');
  // A trailing newline ends the last line; it does not start an empty one.
  if (split.length > 0 && split[split.length - 1] === '') split.pop();
  return split;
}

/** The rows of `main` beside `request`. */
export function sideBySide(main: string, request: string): SideRow[] {
  const rows: SideRow[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  const flush = () => {
    const count = Math.max(removed.length, added.length);
    for (let i = 0; i < count; i++) {
      const left = removed[i];
      const right = added[i];
      rows.push({
        ...(left !== undefined ? { main: { text: left, changed: true } } : {}),
        ...(right !== undefined ? { request: { text: right, changed: true } } : {}),
      });
    }
    removed = [];
    added = [];
  };
  for (const part of diffLines(main, request)) {
    if (part.removed) removed.push(...lines(part.value));
    else if (part.added) added.push(...lines(part.value));
    else {
      flush();
      for (const line of lines(part.value))
        rows.push({ main: { text: line, changed: false }, request: { text: line, changed: false } });
    }
  }
  flush();
  return rows;
}

/** How many rows differ. */
export function changedRows(rows: readonly SideRow[]): number {
  return rows.filter((row) => row.main?.changed === true || row.request?.changed === true).length;
}
