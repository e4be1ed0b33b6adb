import { describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  APP_ORIGIN,
  devRendererUrl,
  isSameOrigin,
  isTrustedSender,
  originOf,
  rendererLocation,
  type FrameLike,
} from './origin.ts';

describe('originOf / isSameOrigin', () => {
  it('rebuilds the origin of custom-scheme and web URLs from their parsed parts', () => {
    expect(originOf('app://docs-admin/index.html#/orgs')).toBe('app://docs-admin');
    expect(originOf('http://localhost:5173/src/main.tsx')).toBe('http://localhost:5173');
    expect(originOf('HTTP://LOCALHOST:80/')).toBe('http://localhost');
  });

  it('has no origin for unparsable, hostless or credential-carrying URLs', () => {
    for (const url of [
      '',
      'not a url',
      'about:blank',
      'data:text/html,hi',
      'file:///etc/passwd',
      'app://a:b@docs-admin/',
    ])
      expect(originOf(url)).toBeNull();
  });

  it('matches our origin only, never by string prefix', () => {
    expect(isSameOrigin('app://docs-admin/index.html', APP_ORIGIN)).toBe(true);
    for (const url of [
      'app://docs-admin.evil.com/index.html',
      'app://docs-admin@evil.com/index.html',
      'app://docs-admin:443/index.html',
      'app://evil/app://docs-admin/',
      'https://docs-admin/',
      'app://docs-admin-evil/',
    ])
      expect(isSameOrigin(url, APP_ORIGIN), url).toBe(false);
    expect(isSameOrigin('http://localhost:5173/x', 'http://localhost:5173')).toBe(true);
    expect(isSameOrigin('http://localhost:5174/x', 'http://localhost:5173')).toBe(false);
    expect(isSameOrigin('http://localhost:5173.evil.com/x', 'http://localhost:5173')).toBe(false);
  });
});

describe('devRendererUrl / rendererLocation', () => {
  it('honours the dev server only unpackaged and only on loopback http(s)', () => {
    expect(devRendererUrl('http://localhost:5173', false)).toBe('http://localhost:5173/');
    expect(devRendererUrl('http://127.0.0.1:5173/', false)).toBe('http://127.0.0.1:5173/');
    expect(devRendererUrl('http://localhost:5173', true)).toBeNull();
    expect(devRendererUrl('https://evil.example', false)).toBeNull();
    expect(devRendererUrl('file:///tmp/index.html', false)).toBeNull();
    expect(devRendererUrl('http://localhost.evil.com:5173', false)).toBeNull();
    expect(devRendererUrl(undefined, false)).toBeNull();
  });

  it('serves production from app://docs-admin and dev from the dev server', () => {
    expect(rendererLocation(null)).toEqual({ origin: APP_ORIGIN, entryUrl: APP_ENTRY_URL });
    expect(rendererLocation('http://localhost:5173/')).toEqual({
      origin: 'http://localhost:5173',
      entryUrl: 'http://localhost:5173/',
    });
  });
});

describe('isTrustedSender', () => {
  const frame = (overrides: Partial<FrameLike> = {}): FrameLike => ({
    url: 'app://docs-admin/index.html',
    parent: null,
    frameToken: 'main-token',
    detached: false,
    ...overrides,
  });
  const mainFrame = frame();
  const contents = { mainFrame };

  it('trusts our window main frame at our origin', () => {
    expect(isTrustedSender({ sender: contents, senderFrame: mainFrame }, contents, APP_ORIGIN)).toBe(true);
  });

  it('refuses a missing frame, another web contents, a subframe, another or detached frame, a foreign origin', () => {
    const cases = [
      { sender: contents, senderFrame: null },
      { sender: { mainFrame }, senderFrame: mainFrame },
      { sender: contents, senderFrame: frame({ parent: mainFrame, frameToken: 'child' }) },
      { sender: contents, senderFrame: frame({ frameToken: 'other' }) },
      { sender: contents, senderFrame: frame({ detached: true }) },
      { sender: contents, senderFrame: frame({ url: 'app://docs-admin.evil.com/index.html' }) },
      { sender: contents, senderFrame: frame({ url: 'https://docs-admin/' }) },
      { sender: contents, senderFrame: frame({ url: 'about:blank' }) },
    ];
    for (const event of cases) expect(isTrustedSender(event, contents, APP_ORIGIN)).toBe(false);
    expect(isTrustedSender({ sender: contents, senderFrame: mainFrame }, null, APP_ORIGIN)).toBe(false);
  });
});
