import { describe, expect, it } from 'vitest';
import {
  deepLinkInArgv,
  deepLinkRoute,
  DEEP_LINK_ROUTES,
  DEEP_LINK_SCHEME,
  windowUrlFor,
} from './deep-link.ts';
import { APP_ENTRY_URL } from './origin.ts';

const ORG = 'p/local/orgs/Xy12AbCdEfGhIjKlMn34';

describe('deepLinkRoute', () => {
  it('opens every known screen, parameters filled with ids', () => {
    expect(deepLinkRoute('docs-admin://open/')).toBe('/');
    expect(deepLinkRoute('docs-admin://open')).toBe('/');
    expect(deepLinkRoute('docs-admin://open/profiles')).toBe('/profiles');
    expect(deepLinkRoute('docs-admin://open/p/local')).toBe('/p/local');
    expect(deepLinkRoute(`docs-admin://open/${ORG}`)).toBe(`/${ORG}`);
    expect(deepLinkRoute(`docs-admin://open/${ORG}/people/`)).toBe(`/${ORG}/people`);
    expect(deepLinkRoute(`docs-admin://open/${ORG}/teams/t_1`)).toBe(`/${ORG}/teams/t_1`);
    expect(deepLinkRoute(`docs-admin://open/${ORG}/spaces/s1/change-requests/cr-9`)).toBe(
      `/${ORG}/spaces/s1/change-requests/cr-9`,
    );
    // A profile id as the app makes them (a UUID) is a plain value too.
    expect(deepLinkRoute('docs-admin://open/p/0f8c2a4e-5b1d-4c3e-9a7f-1234567890ab')).toBe(
      '/p/0f8c2a4e-5b1d-4c3e-9a7f-1234567890ab',
    );
    // Every listed route opens once its parameters are filled.
    for (const route of DEEP_LINK_ROUTES) {
      const path = route.path.replace(/\$[A-Za-z]+/g, 'id1');
      expect(deepLinkRoute(`docs-admin://open${path}`), route.path).toBe(path);
    }
  });

  it('keeps the query names a screen reads, and refuses any other', () => {
    expect(deepLinkRoute(`docs-admin://open/${ORG}/spaces/s1?page=pg1`)).toBe(`/${ORG}/spaces/s1?page=pg1`);
    expect(deepLinkRoute(`docs-admin://open/${ORG}/spaces/s1/change-requests/c1?tab=comments&page=p2`)).toBe(
      `/${ORG}/spaces/s1/change-requests/c1?tab=comments&page=p2`,
    );
    expect(deepLinkRoute(`docs-admin://open/${ORG}/openapi?spec=acme-api&base=1&head=2`)).toBe(
      `/${ORG}/openapi?spec=acme-api&base=1&head=2`,
    );
    for (const link of [
      `docs-admin://open/${ORG}/people?page=1`,
      `docs-admin://open/${ORG}/spaces/s1?tab=x`,
      `docs-admin://open/${ORG}/spaces/s1?page=a&page=b`,
      `docs-admin://open/${ORG}/spaces/s1?page=`,
      `docs-admin://open/${ORG}/spaces/s1?page=a%2Fb`,
      `docs-admin://open/${ORG}/spaces/s1?page=<script>`,
      `docs-admin://open/${ORG}/spaces/s1?page=${'a'.repeat(129)}`,
    ])
      expect(deepLinkRoute(link), link).toBeNull();
  });

  it('refuses other schemes, hosts, unknown screens and anything but plain ids', () => {
    for (const link of [
      `https://open/${ORG}/people`,
      `app://docs-admin/${ORG}/people`,
      `docs-admin://settings/${ORG}/people`,
      `docs-admin:open/${ORG}/people`,
      `docs-admin:///${ORG}/people`,
      `docs-admin://user:pw@open/${ORG}/people`,
      `docs-admin://open:8080/${ORG}/people`,
      `docs-admin://open/${ORG}/people#top`,
      `docs-admin://open/${ORG}/nothing-here`,
      `docs-admin://open/${ORG}/people/extra`,
      `docs-admin://open/${ORG}/teams`,
      `docs-admin://open/p//orgs/o1`,
      `docs-admin://open/p/a%2Fb`,
      `docs-admin://open/p/a%20b`,
      `docs-admin://open/p/${'x'.repeat(129)}`,
      'docs-admin://open/p/..%2F..%2Fetc',
      'docs-admin://open/$profileId',
      `docs-admin://open/${'a/'.repeat(1100)}`,
      'docs-admin://open/p/a\\b',
      'javascript:alert(1)',
      'not a url',
      '',
    ])
      expect(deepLinkRoute(link), link).toBeNull();
  });

  it('resolves dot segments before matching (and the result is still a known screen)', () => {
    expect(deepLinkRoute(`docs-admin://open/${ORG}/people/../invites`)).toBe(`/${ORG}/invites`);
    expect(deepLinkRoute('docs-admin://open/p/local/../../profiles')).toBe('/profiles');
  });

  it('takes the scheme and host in any case, as a browser may hand them over', () => {
    expect(deepLinkRoute(`DOCS-ADMIN://OPEN/${ORG}/people`)).toBe(`/${ORG}/people`);
  });
});

describe('deepLinkInArgv', () => {
  it('finds the link Windows or Linux passes as an argument', () => {
    expect(deepLinkInArgv(['/opt/Docs Admin/docs-admin', `docs-admin://open/${ORG}`])).toBe(
      `docs-admin://open/${ORG}`,
    );
    expect(deepLinkInArgv(['C:\\Docs Admin.exe', '--', 'Docs-Admin://open/'])).toBe('Docs-Admin://open/');
    expect(deepLinkInArgv(['/opt/Docs Admin/docs-admin', '--no-sandbox'])).toBeNull();
    expect(deepLinkInArgv([])).toBeNull();
  });

  it('names the scheme the installers register', () => {
    expect(DEEP_LINK_SCHEME).toBe('docs-admin');
  });
});

describe('windowUrlFor', () => {
  it('puts the route in the fragment of the entry page, replacing any fragment there', () => {
    expect(windowUrlFor(APP_ENTRY_URL, `/${ORG}/people`)).toBe(`app://docs-admin/index.html#/${ORG}/people`);
    expect(windowUrlFor('http://localhost:5173/#/profiles', '/p/x/orgs/y/openapi?spec=s')).toBe(
      'http://localhost:5173/#/p/x/orgs/y/openapi?spec=s',
    );
  });
});
