import { describe, expect, it } from 'vitest';
import { externalLinkTarget, navigationDecision } from './links.ts';
import { APP_ORIGIN } from './origin.ts';

describe('externalLinkTarget', () => {
  it('passes https: and mailto: links, normalized', () => {
    expect(externalLinkTarget('https://gitbook.com/docs')).toBe('https://gitbook.com/docs');
    expect(externalLinkTarget('HTTPS://GitBook.com')).toBe('https://gitbook.com/');
    expect(externalLinkTarget('mailto:admin@example.com')).toBe('mailto:admin@example.com');
  });

  it('refuses every other scheme and anything unparsable', () => {
    for (const url of [
      'http://example.com',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'app://docs-admin/index.html',
      'data:text/html,<script>1</script>',
      'smb://server/share',
      'ms-msdt:/id',
      'vbscript:x',
      '//evil.example/',
      '/relative/path',
      '',
      'https://user:password@example.com/',
    ])
      expect(externalLinkTarget(url), url).toBeNull();
  });

  it("passes the local sandbox's own http pages only, by parsed origin", () => {
    const sandbox = ['http://127.0.0.1:43117'];
    const page = 'http://127.0.0.1:43117/sites/acme-docs/docs/~s/key/';
    expect(externalLinkTarget(page, sandbox)).toBe(page);
    expect(externalLinkTarget(page)).toBeNull();
    for (const url of [
      'http://127.0.0.1:43118/sites/acme-docs/docs/',
      'http://localhost:43117/sites/acme-docs/docs/',
      'http://user:pass@127.0.0.1:43117/sites/',
      'http://127.0.0.1:43117.evil.example/',
      'ftp://127.0.0.1:43117/',
    ])
      expect(externalLinkTarget(url, sandbox), url).toBeNull();
  });
});

describe('navigationDecision', () => {
  it('allows our origin only, comparing parsed origins', () => {
    expect(navigationDecision('app://docs-admin/index.html#/profiles', APP_ORIGIN)).toBe('allow');
    expect(navigationDecision('app://docs-admin.evil.com/index.html', APP_ORIGIN)).toBe('deny');
    expect(navigationDecision('https://evil.example/', APP_ORIGIN)).toBe('deny');
    expect(navigationDecision('file:///tmp/x.html', APP_ORIGIN)).toBe('deny');
    expect(navigationDecision('http://localhost:5173/', 'http://localhost:5173')).toBe('allow');
  });
});
