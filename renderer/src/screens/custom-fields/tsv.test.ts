/** Clipboard blocks: spreadsheet TSV in and out. */
import { describe, expect, it } from 'vitest';
import { parseTsv, toTsv } from './tsv.ts';

describe('parseTsv', () => {
  it('reads rows and cells, CRLF or LF, without a row for the trailing newline', () => {
    expect(parseTsv('a\tb\r\nc\td\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseTsv('one')).toEqual([['one']]);
    expect(parseTsv('a\t\tc\n')).toEqual([['a', '', 'c']]);
    expect(parseTsv('')).toEqual([]);
  });

  it('reads quoted cells holding tabs, newlines and quotes', () => {
    expect(parseTsv('"two\nlines"\t"say ""hi"""\nx\ty')).toEqual([
      ['two\nlines', 'say "hi"'],
      ['x', 'y'],
    ]);
  });

  it('keeps a quote that does not close a cell as text', () => {
    expect(parseTsv('"quoted" word\tb')).toEqual([['"quoted" word', 'b']]);
  });
});

describe('toTsv', () => {
  it('writes a block that reads back the same', () => {
    const rows = [
      ['a', 'tab\there'],
      ['line\nbreak', '"quote'],
      ['', 'plain'],
    ];
    expect(toTsv(rows)).toBe('a\t"tab\there"\r\n"line\nbreak"\t"""quote"\r\n\tplain');
    expect(parseTsv(toTsv(rows))).toEqual(rows);
  });
});
