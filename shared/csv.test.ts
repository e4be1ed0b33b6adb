import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from './csv.ts';

const cells = (text: string) => parseCsv(text).map((record) => record.cells);

describe('parseCsv', () => {
  it('splits plain records and fields', () => {
    expect(cells('email,role\na@x.io,edit\nb@x.io,read')).toEqual([
      ['email', 'role'],
      ['a@x.io', 'edit'],
      ['b@x.io', 'read'],
    ]);
  });

  it('accepts CRLF, a BOM, a trailing newline and skips blank lines', () => {
    expect(cells('\uFEFFa@x.io,edit\r\n\r\nb@x.io\r\n')).toEqual([['a@x.io', 'edit'], ['b@x.io']]);
  });

  it('keeps empty fields', () => {
    expect(cells('a@x.io,\n,read')).toEqual([
      ['a@x.io', ''],
      ['', 'read'],
    ]);
  });

  it('handles quotes: commas, escaped quotes and line breaks inside', () => {
    expect(cells('"Doe, Jane",a@x.io\n"say ""hi""",b@x.io\n"two\nlines",c@x.io')).toEqual([
      ['Doe, Jane', 'a@x.io'],
      ['say "hi"', 'b@x.io'],
      ['two\nlines', 'c@x.io'],
    ]);
  });

  it('keeps an empty quoted field as a record', () => {
    expect(cells('""')).toEqual([['']]);
  });

  it('reports the line each record starts on', () => {
    const records = parseCsv('a\n"b\nc"\n\nd');
    expect(records.map((record) => record.line)).toEqual([1, 2, 5]);
  });

  it('reads an unclosed quote to the end', () => {
    expect(cells('"a@x.io,edit')).toEqual([['a@x.io,edit']]);
  });

  it('answers nothing for empty text', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\n\n')).toEqual([]);
  });

  it('refuses a text past its limits, naming the line and the column', () => {
    const error = (text: string, options: Parameters<typeof parseCsv>[1]) => {
      try {
        parseCsv(text, options);
      } catch (caught) {
        if (caught instanceof CsvError) return [caught.message, caught.line, caught.column];
        throw caught;
      }
      return undefined;
    };
    expect(error('a,b\nc,"dddd"\n', { maxCellLength: 3 })).toEqual([
      'line 2, column 2: a cell is longer than 3 characters',
      2,
      2,
    ]);
    expect(error('a\nb\nc\nd', { maxRecords: 3 })).toEqual([
      'line 4: the file has more than 3 records',
      4,
      undefined,
    ]);
    expect(error('a,b,c', { maxCells: 2 })).toEqual([
      'line 1, column 3: a record has more than 2 cells',
      1,
      3,
    ]);
    expect(error('abcdef', { maxChars: 5 })?.[0]).toBe('line 1: the file is longer than 5 characters');
    expect(error('a,b\n"c\nd', { unclosedQuote: 'error' })).toEqual([
      'line 2, column 1: a quote opened here is never closed',
      2,
      1,
    ]);
    // Within the limits, the same texts read.
    expect(parseCsv('a\nb\nc', { maxRecords: 3 })).toHaveLength(3);
  });
});
