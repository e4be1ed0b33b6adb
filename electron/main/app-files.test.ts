import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, createAppFileHandler, resolveAppFile } from './app-files.ts';

let base: string;
let root: string;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'docs-admin-protocol-'));
  root = join(base, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Docs Admin</title>');
  writeFileSync(join(root, 'assets', 'main.js'), 'console.log(1);');
  writeFileSync(join(root, 'assets', 'my file.css'), 'body{}');
  writeFileSync(join(base, 'secret.txt'), 'outside the renderer folder');
  writeFileSync(join(base, 'renderer-evil.txt'), 'sibling folder with a common prefix');
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

const get = (url: string, method = 'GET') => createAppFileHandler(root)(new Request(url, { method }));

describe('resolveAppFile', () => {
  it('maps app://docs-admin/ paths into the folder', () => {
    expect(resolveAppFile(root, 'app://docs-admin/')).toBe(join(root, 'index.html'));
    expect(resolveAppFile(root, 'app://docs-admin/assets/main.js?v=1#x')).toBe(
      join(root, 'assets', 'main.js'),
    );
    expect(resolveAppFile(root, 'app://docs-admin/assets/my%20file.css')).toBe(
      join(root, 'assets', 'my file.css'),
    );
  });

  it('refuses traversal, however it is spelled, and foreign hosts or schemes', () => {
    // Whole dot segments (`..`, `%2e%2e`) are removed by the URL parser itself, so they stay inside the folder.
    for (const url of [
      'app://docs-admin/../secret.txt',
      'app://docs-admin/%2e%2e/secret.txt',
      'app://docs-admin/assets/../../../secret.txt',
    ])
      expect(resolveAppFile(root, url), url).toBe(join(root, 'secret.txt'));
    // Encoded slashes and backslashes would only become separators after decoding: refused.
    for (const url of [
      'app://docs-admin/%2E%2E%2Fsecret.txt',
      'app://docs-admin/assets/..%2F..%2Fsecret.txt',
      'app://docs-admin/..%5Csecret.txt',
      'app://docs-admin/%2e%2e%2frenderer-evil.txt',
      'app://docs-admin/index.html%00.js',
      'app://docs-admin/%E0%A4%A',
      'app://docs-admin.evil.com/index.html',
      'app://evil/index.html',
      'file:///etc/passwd',
      'not a url',
    ])
      expect(resolveAppFile(root, url), url).toBeNull();
  });
});

describe('createAppFileHandler', () => {
  it('serves files with their type and the Content-Security-Policy header', async () => {
    const page = await get('app://docs-admin/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toContain('<title>Docs Admin</title>');
    const script = await get('app://docs-admin/assets/main.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('sends the strict policy: self only, no eval, no framing, no plugins', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
  });

  it('answers 404 with the policy for traversal and missing files, 405 for other methods', async () => {
    for (const url of [
      'app://docs-admin/%2e%2e/secret.txt',
      'app://docs-admin/../secret.txt',
      'app://docs-admin/missing.js',
      'app://docs-admin/assets',
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(await response.text()).not.toContain('outside the renderer folder');
    }
    expect((await get('app://docs-admin/index.html', 'POST')).status).toBe(405);
    const head = await get('app://docs-admin/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
