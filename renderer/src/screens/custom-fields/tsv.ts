/**
 * Tab-separated blocks of cells, as spreadsheets put them on the clipboard: rows end with a newline (CRLF or LF),
 * cells are separated by tabs, and a cell holding a tab, a newline or a leading quote is quoted with `"` (a quote
 * inside doubled). Pure functions.
 */

/** Reads a clipboard block into rows of cells; a trailing newline ends the last row, it does not add one. */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let index = 0;
  const source = text.replaceAll('\r\n', '\n').replaceAll('\r', '\n');
  let atCellStart = true;
  while (index < source.length) {
    const char = source[index]!;
    if (atCellStart && char === '"') {
      // A quoted cell: up to the closing quote that is not doubled.
      const quoted = readQuoted(source, index + 1);
      if (quoted !== undefined) {
        cell = quoted.text;
        index = quoted.end;
        atCellStart = false;
        continue;
      }
    }
    atCellStart = false;
    if (char === '\t') {
      row.push(cell);
      cell = '';
      atCellStart = true;
    } else if (char === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      atCellStart = true;
    } else cell += char;
    index++;
  }
  if (!atCellStart || cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** A quoted cell starting after its opening quote; undefined when it is not closed before a separator. */
function readQuoted(source: string, from: number): { text: string; end: number } | undefined {
  let text = '';
  let index = from;
  while (index < source.length) {
    const char = source[index]!;
    if (char === '"') {
      if (source[index + 1] === '"') {
        text += '"';
        index += 2;
        continue;
      }
      const after = source[index + 1];
      // A closing quote must end the cell; otherwise the quote was part of plain text.
      return after === undefined || after === '\t' || after === '\n' ? { text, end: index + 1 } : undefined;
    }
    text += char;
    index++;
  }
  return undefined;
}

/** Writes rows of cells as a clipboard block (rows end with CRLF, as spreadsheets write them). */
export function toTsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(quoteCell).join('\t')).join('\r\n');
}

function quoteCell(cell: string): string {
  return /[\t\n\r]/.test(cell) || cell.startsWith('"') ? `"${cell.replaceAll('"', '""')}"` : cell;
}
