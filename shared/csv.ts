/**
 * A small RFC 4180 CSV parser: quoted fields (with "" escapes, commas and line breaks inside), CRLF or LF, a BOM.
 * Used by the invites' CSV and the directory exports (Okta, Entra ID, Google Workspace) of the organization file.
 *
 * Its size is bounded (`CsvLimits`): a file past a limit is refused with a `CsvError` naming the line and column
 * where it went past, rather than filling the window's memory.
 */

/** One record of a CSV file, with the line it starts on (1-based). */
export interface CsvRecord {
  cells: string[];
  line: number;
}

export interface CsvLimits {
  /** Characters in the whole text. */
  maxChars: number;
  /** Records (the header counts as one). */
  maxRecords: number;
  /** Cells in one record. */
  maxCells: number;
  /** Characters in one cell. */
  maxCellLength: number;
}

/** Generous for a directory of 100,000 people with every column of Google Workspace's export. */
export const CSV_LIMITS: CsvLimits = {
  maxChars: 64 * 1024 * 1024,
  maxRecords: 200_000,
  maxCells: 500,
  maxCellLength: 10_000,
};

export interface CsvOptions extends Partial<CsvLimits> {
  /** A quote never closed: read to the end of the text (the default, lenient), or refuse the file. */
  unclosedQuote?: 'read-to-end' | 'error';
}

/** Why a CSV text is refused, and where: a 1-based line and (when it is about a cell) a 1-based column. */
export class CsvError extends Error {
  readonly line: number;
  readonly column: number | undefined;
  constructor(message: string, line: number, column?: number) {
    super(`line ${line}${column !== undefined ? `, column ${column}` : ''}: ${message}`);
    this.name = 'CsvError';
    this.line = line;
    this.column = column;
  }
}

const count = (n: number) => n.toLocaleString('en-US');

/** Parses CSV text into records; blank lines are skipped. Throws `CsvError` past a limit. */
export function parseCsv(text: string, options: CsvOptions = {}): CsvRecord[] {
  const limits = { ...CSV_LIMITS, ...options };
  if (text.length > limits.maxChars)
    throw new CsvError(`the file is longer than ${count(limits.maxChars)} characters`, 1);
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let quoteLine = 0;
  let line = 1;
  let recordLine = 1;
  let touched = false;

  const endCell = () => {
    if (cell.length > limits.maxCellLength)
      throw new CsvError(
        `a cell is longer than ${count(limits.maxCellLength)} characters`,
        recordLine,
        cells.length + 1,
      );
    cells.push(cell);
    cell = '';
    if (cells.length > limits.maxCells)
      throw new CsvError(`a record has more than ${count(limits.maxCells)} cells`, recordLine, cells.length);
  };
  const endRecord = () => {
    endCell();
    if (touched || cells.length > 1 || cells[0] !== '') records.push({ cells, line: recordLine });
    if (records.length > limits.maxRecords)
      throw new CsvError(`the file has more than ${count(limits.maxRecords)} records`, recordLine);
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
      quoteLine = line;
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
  if (quoted && options.unclosedQuote === 'error')
    throw new CsvError('a quote opened here is never closed', quoteLine, cells.length + 1);
  if (cell !== '' || cells.length > 0 || touched) endRecord();
  return records;
}
