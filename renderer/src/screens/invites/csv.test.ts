import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';

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
});
