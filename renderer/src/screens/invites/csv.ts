/** A small RFC 4180 CSV parser: quoted fields (with "" escapes, commas and line breaks inside), CRLF or LF, a BOM. */

/** One record of a CSV file, with the line it starts on (1-based). */
export interface CsvRecord {
  cells: string[];
  line: number;
}

/** Parses CSV text into records; blank lines are skipped; an unclosed quote runs to the end of the text. */
export function parseCsv(text: string): CsvRecord[] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let touched = false;

  const endCell = () => {
    cells.push(cell);
    cell = '';
  };
  const endRecord = () => {
    endCell();
    if (touched || cells.length > 1 || cells[0] !== '') records.push({ cells, line: recordLine });
    cells = [];
    touched = false;
  };

  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        if (char === '\n') line++;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
      touched = true;
    } else if (char === ',') {
      endCell();
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      cell += char;
    }
  }
  if (cell !== '' || cells.length > 0 || touched) endRecord();
  return records;
}
