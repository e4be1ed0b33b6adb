import { describe, expect, it } from 'vitest';
import { checkPrintUrl, pdfFileName } from './print-check.ts';

describe('checkPrintUrl', () => {
  const base = 'http://127.0.0.1:4567';
  it('accepts a URL on the API origin', () => {
    expect(checkPrintUrl('http://127.0.0.1:4567/print/abc', base)).toEqual({
      ok: true,
      value: 'http://127.0.0.1:4567/print/abc',
    });
    expect(checkPrintUrl('https://api.example.com/print/x', 'https://api.example.com/v1')).toMatchObject({
      ok: true,
    });
  });

  it('refuses another port, host or scheme, compared after parsing', () => {
    for (const url of [
      'http://127.0.0.1:4568/print/abc',
      'http://localhost:4567/print/abc',
      'https://127.0.0.1:4567/print/abc',
      'http://127.0.0.1:4567.evil.com/print/abc',
      'http://127.0.0.1:4567@evil.com/print/abc',
    ])
      expect(checkPrintUrl(url, base).ok, url).toBe(false);
  });

  it('refuses credentials, other schemes and what does not parse', () => {
    expect(checkPrintUrl('http://user:pw@127.0.0.1:4567/print/abc', base).ok).toBe(false);
    expect(checkPrintUrl('file:///etc/passwd', 'file:///').ok).toBe(false);
    expect(checkPrintUrl('javascript:alert(1)', base).ok).toBe(false);
    expect(checkPrintUrl('not a url', base).ok).toBe(false);
    expect(checkPrintUrl('http://127.0.0.1:4567/print/abc', 'not a url').ok).toBe(false);
  });
});

describe('pdfFileName', () => {
  it('keeps a plain name and adds .pdf once', () => {
    expect(pdfFileName('#12 Rewrite the quickstart')).toBe('#12 Rewrite the quickstart.pdf');
    expect(pdfFileName('Report.PDF')).toBe('Report.pdf');
  });

  it('removes path separators, reserved and control characters', () => {
    expect(pdfFileName('../../etc/passwd')).toBe('etc passwd.pdf');
    expect(pdfFileName('a<b>c:d"e|f?g*h\u0001i\\j')).toBe('a b c d e f g h i j.pdf');
  });

  it('never answers an empty, hidden or reserved name, and cuts long ones', () => {
    expect(pdfFileName('...')).toBe('change-request.pdf');
    expect(pdfFileName('   ')).toBe('change-request.pdf');
    expect(pdfFileName('CON')).toBe('change-request-CON.pdf');
    expect(pdfFileName('x'.repeat(300))).toBe(`${'x'.repeat(120)}.pdf`);
  });
});
