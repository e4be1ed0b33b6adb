/**
 * CSV files written as their rows arrive (RFC 4180: comma-separated, CRLF lines, fields quoted when they hold a
 * comma, a quote or a line break). Each chunk of rows becomes text at once and joins the file's parts; the rows
 * themselves are not kept, and the browser keeps a large file's parts out of the page's heap (a Blob). The file
 * is handed to the save dialog (a download, which Electron turns into its save dialog) when complete.
 *
 * A cell that a spreadsheet would take for a formula (`=`, `+`, `-`, `@`, tab, carriage return first) gets a
 * leading `'`, so that opening the file never runs what someone typed into a title.
 */

/** One cell, neutralized and quoted as needed. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Lines of cells as CSV text, each line ending with CRLF. */
export function csvLines(rows: readonly (readonly string[])[]): string {
  let text = '';
  for (const row of rows) text += `${row.map(csvCell).join(',')}\r\n`;
  return text;
}

/** A CSV file being written: its header first, then chunks of rows; `rows` counts the rows written. */
export class CsvFile {
  private readonly parts: (string | Blob)[] = [];
  rows = 0;

  constructor(columns: readonly string[]) {
    this.parts.push(csvLines([columns]));
  }

  /** Writes a chunk of rows (one page of the API, say). */
  write(rows: readonly (readonly string[])[]): void {
    if (rows.length === 0) return;
    // Each chunk becomes a Blob of its own: the page's strings can be collected as soon as it is written.
    this.parts.push(new Blob([csvLines(rows)]));
    this.rows += rows.length;
  }

  /** The whole file (header and every chunk). */
  blob(): Blob {
    return new Blob(this.parts, { type: 'text/csv;charset=utf-8' });
  }
}

/** A name made safe for a file (`Acme Docs` → `acme-docs`), `fallback` when nothing is left. */
export function fileSlug(text: string, fallback: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || fallback
  );
}

/** Today as `YYYY-MM-DD` (local time). */
export function dayStamp(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
