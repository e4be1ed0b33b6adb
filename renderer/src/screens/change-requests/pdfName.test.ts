import { describe, expect, it } from 'vitest';
import { pdfName } from './pdfName.ts';

describe('pdfName', () => {
  it('names the file after the number and the subject, and the page when only one is printed', () => {
    expect(pdfName({ number: 12, subject: 'Rewrite the quickstart' })).toBe('#12 Rewrite the quickstart');
    expect(pdfName({ number: 3, subject: ' Fix ' }, 'FAQ')).toBe('#3 Fix - FAQ');
  });
  it('names an untitled request', () => {
    expect(pdfName({ number: 4, subject: '' })).toBe('#4 Change request');
  });
});
