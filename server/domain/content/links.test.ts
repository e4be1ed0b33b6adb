import { describe, expect, it } from 'vitest';
import {
  buildLinkReport,
  classifyLink,
  extractLinks,
  type LinkContext,
  type LinkReportInput,
} from './links.ts';
import { flattenPages, type StoredFile, type StoredPage } from './revisions.ts';

const targets = (markdown: string) => extractLinks(markdown).map((link) => link.target);

describe('extractLinks', () => {
  it('finds inline links, images, titles, angle destinations and autolinks', () => {
    const markdown = [
      '# Title with [a link](one.md)',
      '',
      'Text [two](./two.md "The title") and ![alt text](.gitbook/assets/pic.png \'Pic\').',
      'An [angle](<with space.md>) and parentheses [p](a_(b).md) and <https://example.com/x?y=1>.',
      'Mail <someone@example.com> and <mailto:team@example.com>.',
      '',
      '- a list [item](../up.md#anchor)',
      '> a quote [q](https://quote.example)',
      '',
      '| col | link |',
      '| --- | ---- |',
      '| 1   | [cell](cell.md) |',
    ].join('\n');
    expect(targets(markdown)).toEqual([
      'one.md',
      './two.md',
      '.gitbook/assets/pic.png',
      'with space.md',
      'a_(b).md',
      'https://example.com/x?y=1',
      'mailto:someone@example.com',
      'mailto:team@example.com',
      '../up.md#anchor',
      'https://quote.example',
      'cell.md',
    ]);
    expect(extractLinks('![alt](x.png) [t](y.md)').map((link) => link.image)).toEqual([true, false]);
  });

  it('ignores fenced, indented and inline code, HTML comments and escaped brackets', () => {
    const markdown = [
      'Before [kept](kept.md).',
      '',
      '```md',
      '[in fence](fenced.md)',
      '```',
      '',
      '~~~~',
      '```',
      '[in tilde fence](tilde.md)',
      '~~~~',
      '',
      '    [indented code](indented.md)',
      '',
      'Inline `[code](code.md)` and ``[double `tick`](double.md)`` and \\[escaped](escaped.md).',
      '<!-- [commented](comment.md) -->',
      'After [also kept](after.md).',
    ].join('\n');
    expect(targets(markdown)).toEqual(['kept.md', 'after.md']);
  });

  it('keeps links in indented list continuations', () => {
    expect(targets('- item\n\n    continued [here](here.md)')).toEqual(['here.md']);
  });

  it('resolves reference-style links against their definitions, case-insensitively', () => {
    const markdown = [
      'Full [text][Install Guide], collapsed [Setup][] and shortcut [faq].',
      'Undefined [nothing][missing] stays text, and so does a footnote[^1].',
      '',
      '[install guide]: getting-started/install.md "Install"',
      '[setup]: <setup page.md>',
      '[FAQ]: https://example.com/faq',
      '[^1]: a footnote, not a link',
    ].join('\n');
    expect(targets(markdown)).toEqual([
      'getting-started/install.md',
      'setup page.md',
      'https://example.com/faq',
    ]);
  });

  it('finds an image inside a link, and the href and src of raw HTML', () => {
    expect(targets('[![badge](badge.png)](https://ci.example)')).toEqual(['https://ci.example', 'badge.png']);
    expect(
      extractLinks('<figure><img src=".gitbook/assets/a.png" alt=""></figure> <a href="b.md">b</a>'),
    ).toEqual([
      { target: '.gitbook/assets/a.png', image: true },
      { target: 'b.md', image: false },
    ]);
  });

  it('reads long pathological input in one pass: unclosed brackets, backticks, tags and destinations', () => {
    const n = 50_000;
    const noise = [
      '[',
      '`',
      '``',
      '<a ',
      '<img src="',
      '](',
      '<http',
      '[x](<',
      '![',
      '[x]("',
      '[x](a(',
      '[x](a (',
      "[x](a '",
    ].map((piece) => piece.repeat(n));
    for (const text of noise) expect(targets(`Text ${text} [end](end.md)`)).toEqual(['end.md']);
    expect(targets(`${'[a'.repeat(n)} [end](end.md)`)).toEqual(['end.md']);
  });

  it('does not take brackets that are not links for links', () => {
    expect(targets('[not a link] (space.md) and [unclosed(x.md) and [a](b')).toEqual([]);
    expect(targets('[outer [inner](inner.md)]')).toEqual(['inner.md']);
  });
});

function page(
  title: string,
  slug: string,
  children: StoredPage[] = [],
  extra: Partial<StoredPage> = {},
): StoredPage {
  return {
    id: `id-${slug}`,
    title,
    slug,
    type: 'document',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    pages: children,
    ...extra,
  };
}

const tree = [
  page('Introduction', 'introduction'),
  page('Getting started', 'getting-started', [page('Install', 'install'), page('Configure', 'configure')]),
  page('Reference', 'reference', [page('API', 'api', [page('Errors', 'errors')])]),
];
const placed = flattenPages(tree);
const file: StoredFile = {
  id: 'file-1',
  name: 'diagram.png',
  contentType: 'image/png',
  size: 10,
  blobId: 'b',
};
const context: LinkContext = {
  pages: new Map(placed.map((p) => [p.path, p])),
  files: new Map([[file.name, file]]),
  home: placed[0],
  appHosts: new Set(['127.0.0.1:4000', 'app.gitbook.com']),
};
const at = (path: string) => placed.find((p) => p.path === path)!;
const classify = (target: string, from: string, image = false) =>
  classifyLink({ target, image }, at(from), context);

describe('classifyLink', () => {
  it('resolves relative paths as files of a Git-synced space: a leaf beside its siblings, a parent as its README', () => {
    expect(classify('configure.md', 'getting-started/install')?.page?.id).toBe('id-configure');
    expect(classify('./configure', 'getting-started/install')?.page?.id).toBe('id-configure');
    expect(classify('install.md', 'getting-started')?.page?.id).toBe('id-install');
    expect(classify('../reference/api/errors.md', 'getting-started/install')?.page?.id).toBe('id-errors');
    expect(classify('../README.md', 'reference/api/errors')?.page?.id).toBe('id-reference');
    expect(classify('api/README.md', 'reference')?.page?.id).toBe('id-api');
    expect(classify('/getting-started/install', 'reference/api/errors')?.page?.id).toBe('id-install');
    expect(classify('/README.md', 'reference/api/errors')?.page?.id).toBe('id-introduction');
    expect(classify('../../../../introduction.md', 'reference/api/errors')?.page?.id).toBe('id-introduction');
  });

  it('accepts a path from the root written without a leading slash', () => {
    expect(classify('getting-started/install', 'reference/api/errors')).toMatchObject({
      kind: 'page',
      status: 'ok',
      label: 'getting-started/install',
    });
  });

  it('keeps anchors apart, percent-decodes, and ignores same-page anchors', () => {
    const anchored = classify('configure.md#proxy%20settings', 'getting-started/install');
    expect(anchored).toMatchObject({
      status: 'ok',
      anchor: 'proxy settings',
      label: 'getting-started/configure#proxy settings',
    });
    expect(anchored?.key).not.toBe(classify('configure.md', 'getting-started/install')?.key);
    expect(classify('#usage', 'introduction')).toBeUndefined();
    expect(classify('data:image/png;base64,AAAA', 'introduction', true)).toBeUndefined();
  });

  it('reports a missing page as broken, with the target as written', () => {
    expect(classify('../nowhere.md', 'getting-started/install')).toMatchObject({
      kind: 'page',
      status: 'broken',
      url: '../nowhere.md',
      label: '../nowhere.md',
    });
    expect(classify('./install/deeper', 'getting-started')?.status).toBe('broken');
  });

  it('matches images and file links by file name, wherever the path puts them', () => {
    expect(classify('.gitbook/assets/diagram.png', 'introduction', true)).toMatchObject({
      kind: 'file',
      status: 'ok',
      label: 'diagram.png',
    });
    expect(classify('../../.gitbook/assets/diagram.png', 'reference/api/errors')?.file?.id).toBe('file-1');
    expect(classify('.gitbook/assets/missing.png', 'introduction', true)).toMatchObject({
      kind: 'file',
      status: 'broken',
      url: '.gitbook/assets/missing.png',
    });
    expect(classify('notes', 'introduction', true)).toMatchObject({ kind: 'file', status: 'broken' });
  });

  it('tells app URLs from other URLs', () => {
    expect(classify('http://127.0.0.1:4000/p/1/orgs/2', 'introduction')).toMatchObject({
      kind: 'url',
      status: 'in-app',
    });
    expect(classify('https://app.gitbook.com/o/abc/s/def', 'introduction')?.status).toBe('in-app');
    expect(classify('https://example.com/docs', 'introduction')).toMatchObject({
      kind: 'url',
      status: 'ok',
      url: 'https://example.com/docs',
    });
    expect(classify('mailto:help@example.com', 'introduction')).toMatchObject({ kind: 'url', status: 'ok' });
    expect(classify('//cdn.example.com/x.js', 'introduction')?.url).toBe('https://cdn.example.com/x.js');
  });
});

describe('buildLinkReport', () => {
  it('groups links by target with their pages, broken first then by label', () => {
    const documents = new Map([
      ['d-intro', '[Install](getting-started/install.md) [gone](gone.md) ![d](.gitbook/assets/diagram.png)'],
      ['d-install', '[home](../introduction.md) [cfg](configure.md) [cfg again](./configure)'],
      ['d-configure', '[install](install.md) [gone](../gone.md) <https://example.com>'],
    ]);
    const withDocs = flattenPages([
      page('Introduction', 'introduction', [], { documentId: 'd-intro' }),
      page('Getting started', 'getting-started', [
        page('Install', 'install', [], { documentId: 'd-install' }),
        page('Configure', 'configure', [], { documentId: 'd-configure' }),
      ]),
      page('Website', 'website', [], { type: 'link', href: 'https://example.com' }),
    ]);
    const input: LinkReportInput = { pages: withDocs, documents, files: [file], appHosts: new Set() };
    const report = buildLinkReport(input);
    expect(
      report.map((usage) => [usage.target.status, usage.target.label, usage.pages.map((p) => p.path)]),
    ).toEqual([
      // Both resolve to the same missing page: one usage, labelled as first written.
      ['broken', 'gone.md', ['introduction', 'getting-started/configure']],
      ['ok', 'diagram.png', ['introduction']],
      ['ok', 'getting-started/configure', ['getting-started/install']],
      ['ok', 'getting-started/install', ['introduction', 'getting-started/configure']],
      ['ok', 'https://example.com', ['getting-started/configure', 'website']],
      ['ok', 'introduction', ['getting-started/install']],
    ]);
  });
});
