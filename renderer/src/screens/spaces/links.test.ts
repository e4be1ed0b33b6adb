import { describe, expect, it } from 'vitest';
import { describeLocation, kindLabel } from './links.ts';

describe('describeLocation', () => {
  it('names a page by its title and links to its app address', () => {
    // Embedded pages carry more than the contract names (`urls`): a variable, not a literal, says so to TypeScript.
    const page = { id: 'p1', title: 'Install', urls: { app: 'https://app.example/s/x/install' } };
    expect(describeLocation({ kind: 'page', page })).toEqual({
      label: 'Install',
      href: 'https://app.example/s/x/install',
    });
    expect(describeLocation({ kind: 'page', page: { id: 'p1', title: '' } })).toEqual({
      label: 'Untitled page',
      href: undefined,
    });
  });

  it('names a broken page or file by the target as written', () => {
    expect(describeLocation({ kind: 'page', url: 'guides/missing.md' }).label).toBe('guides/missing.md');
    expect(describeLocation({ kind: 'file', url: 'audit-log.png' }).label).toBe('audit-log.png');
  });

  it('links only http(s) URLs', () => {
    expect(describeLocation({ kind: 'url', url: 'https://example.com/a' }).href).toBe(
      'https://example.com/a',
    );
    expect(describeLocation({ kind: 'url', url: 'javascript:alert(1)' })).toEqual({
      label: 'javascript:alert(1)',
      href: undefined,
    });
  });

  it('names the other kinds', () => {
    expect(describeLocation({ kind: 'file', file: { id: 'f', name: 'logo.png' } }).label).toBe('logo.png');
    expect(describeLocation({ kind: 'openapi' }).label).toBe('An OpenAPI spec');
    expect(kindLabel('reusable-content')).toBe('Reusable content');
  });
});
