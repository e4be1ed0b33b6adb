import { describe, expect, it } from 'vitest';
import type { Site } from '../../../../shared/contract/resources/sites.ts';
import {
  changedSiteBody,
  publishedUrlPreview,
  siteFieldOfMessage,
  siteValuesOf,
  validateSiteBody,
} from './siteSettings.ts';

const site = {
  id: 'site1',
  title: 'Docs',
  visibility: 'public',
  basename: 'docs',
  adaptiveContent: { enabled: false },
  urls: { location: '', app: 'http://127.0.0.1:4000/o/org1/sites/site1/' },
} as Site;
const baseline = siteValuesOf(site, { section: 'sec1', space: 'ss1' });

describe('changedSiteBody', () => {
  it('sends nothing when nothing changed', () => {
    expect(changedSiteBody(baseline, baseline)).toEqual({ body: {}, errors: {} });
  });

  it('sends only the changed fields, in the API’s names', () => {
    const { body, errors } = changedSiteBody(
      {
        ...baseline,
        title: ' Handbook ',
        visibility: 'share-link',
        basename: 'handbook',
        proxy: 'example.com/docs',
        adaptive: true,
        defaultSection: 'sec2',
        defaultSpace: 'ss2',
      },
      baseline,
    );
    expect(errors).toEqual({});
    expect(body).toEqual({
      title: 'Handbook',
      visibility: 'share-link',
      basename: 'handbook',
      proxy: 'example.com/docs',
      adaptiveContent: { enabled: true },
      defaultSiteSection: 'sec2',
      defaultSiteSpace: 'ss2',
    });
  });

  it('removes the proxy with null, and refuses an empty title or basename', () => {
    const withProxy = { ...baseline, proxy: 'example.com/docs' };
    const { body, errors } = changedSiteBody(
      { ...withProxy, proxy: ' ', title: ' ', basename: '' },
      withProxy,
    );
    expect(body).toEqual({ proxy: null });
    expect(Object.keys(errors).sort()).toEqual(['basename', 'title']);
  });
});

describe('validateSiteBody', () => {
  it('checks the contract’s bounds and the proxy pattern, naming the field', () => {
    expect(validateSiteBody({ title: 'D', basename: 'b'.repeat(101), proxy: 'not a proxy' })).toEqual({
      title: 'Title needs at least 2 characters.',
      basename: 'Basename can have at most 100 characters.',
      proxy: 'Proxy must be a host name followed by a path, e.g. example.com/docs.',
    });
    expect(validateSiteBody({ title: 'Docs', proxy: 'example.com/docs/v2', basename: 'x' })).toEqual({});
    expect(validateSiteBody({ proxy: null })).toEqual({});
  });
});

describe('siteFieldOfMessage', () => {
  it('finds the field a server message names', () => {
    expect(siteFieldOfMessage('body field `basename`: `docs` is already used by another site')).toBe(
      'basename',
    );
    expect(siteFieldOfMessage('body field `defaultSiteSpace`: no such site space')).toBe('defaultSpace');
    expect(siteFieldOfMessage('the basename `docs` is taken')).toBeUndefined();
    expect(siteFieldOfMessage('`basename` is taken')).toBe('basename');
    expect(siteFieldOfMessage('Something else')).toBeUndefined();
  });
});

describe('publishedUrlPreview', () => {
  it('builds the address from the server, the organization’s hostname (or id) and the basename', () => {
    expect(publishedUrlPreview(site, 'org1', undefined, 'handbook')).toBe(
      'http://127.0.0.1:4000/sites/org1/handbook/',
    );
    expect(publishedUrlPreview(site, 'org1', 'acme', ' guide ')).toBe(
      'http://127.0.0.1:4000/sites/acme/guide/',
    );
  });

  it('keeps a server address with a path', () => {
    const behindPath = { ...site, urls: { location: '', app: 'https://x.io/api/o/org1/sites/site1/' } };
    expect(publishedUrlPreview(behindPath, 'org1', '', 'docs')).toBe('https://x.io/api/sites/org1/docs/');
  });
});
