/**
 * The three-way editor's text: the lines both sides agree on merged, each conflicting region between markers (the
 * main content's lines, then the request's), so that editing means picking and joining lines. Apply refuses a text
 * that still holds a marker, naming its line.
 */
import { merge } from 'node-diff3';

export const MAIN_MARKER = '<<<<<<< main content';
export const SPLIT_MARKER = '=======';
export const REQUEST_MARKER = '>>>>>>> this change request';

const lines = (text: string) => text.split('\n');

/** The merged text of a content conflict, with markers around what conflicts. */
export function mergedWithMarkers(base: string, main: string, request: string): string {
  const { result } = merge(lines(main), lines(base), lines(request), {
    label: { a: 'main content', b: 'this change request' },
  });
  return result.join('\n');
}

/** The numbers (from 1) of the lines that are still conflict markers. */
export function markerLines(text: string): number[] {
  return lines(text).flatMap((line, index) =>
    line.startsWith('<<<<<<<') || line === SPLIT_MARKER || line.startsWith('>>>>>>>') ? [index + 1] : [],
  );
}
