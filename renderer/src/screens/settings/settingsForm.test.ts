import { describe, expect, it } from 'vitest';
import type { Organization } from '../../../../shared/contract/resources/organizations.ts';
import { changedBody, fieldOfMessage, parseDomains, validateBody, valuesOf } from './settingsForm.ts';

const org = {
  title: 'Acme',
  emailDomains: ['acme.io'],
  hostname: 'acme',
  defaultRole: 'read',
  inviteLinks: true,
  sso: false,
  ai: true,
} as Organization;
const baseline = valuesOf(org);

describe('changedBody', () => {
  it('sends nothing when nothing changed', () => {
    expect(changedBody(baseline, baseline)).toEqual({ body: {}, errors: {} });
  });

  it('sends only the changed fields, normalised', () => {
    const { body } = changedBody(
      {
        ...baseline,
        title: ' Acme Inc ',
        emailDomains: 'acme.io, Acme.dev acme.dev',
        defaultRole: 'guest',
        sso: true,
      },
      baseline,
    );
    expect(body).toEqual({
      title: 'Acme Inc',
      emailDomains: ['acme.io', 'acme.dev'],
      defaultRole: null,
      sso: true,
    });
  });

  it('sends default content as a site or null', () => {
    expect(changedBody({ ...baseline, defaultContent: 'site1' }, baseline).body).toEqual({
      defaultContent: { type: 'site', site: 'site1' },
    });
    expect(changedBody(baseline, { ...baseline, defaultContent: 'x' }).body).toEqual({
      defaultContent: null,
    });
  });

  it('refuses to clear the hostname', () => {
    expect(changedBody({ ...baseline, hostname: '' }, baseline).errors.hostname).toMatch(/cannot be removed/);
  });
});

describe('validateBody', () => {
  it('names the field and the bound', () => {
    expect(validateBody({ title: 'A' }).title).toBe('Title needs at least 2 characters.');
    expect(validateBody({ title: 'x'.repeat(256) }).title).toBe('Title can have at most 255 characters.');
    expect(validateBody({ hostname: 'Bad_Host' }).hostname).toMatch(/^Hostname takes lower-case/);
    expect(validateBody({ hostname: 'ab' }).hostname).toBe('Hostname needs at least 3 characters.');
    expect(validateBody({ emailDomains: ['acme.io', 'nope'] }).emailDomains).toBe(
      'Email domains: “nope” is not a domain name such as example.com.',
    );
    expect(validateBody({ title: 'Acme', hostname: 'acme-docs', emailDomains: ['a.io'] })).toEqual({});
  });
});

describe('parseDomains and fieldOfMessage', () => {
  it('parses domains', () => {
    expect(parseDomains(' A.io,, b.io\nc.io ')).toEqual(['a.io', 'b.io', 'c.io']);
  });

  it('finds the field a server message names', () => {
    expect(fieldOfMessage('body field `defaultContent.site`: no site with id `x`')).toBe('defaultContent');
    expect(fieldOfMessage('hostname `acme` is already used by another organization')).toBe('hostname');
    expect(fieldOfMessage('body field `emailDomains[0]` must match pattern')).toBe('emailDomains');
    expect(fieldOfMessage('You are not allowed')).toBeUndefined();
  });
});
