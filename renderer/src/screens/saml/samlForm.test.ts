import { describe, expect, it } from 'vitest';
import type { SAMLProvider } from '../../../../shared/contract/resources/saml.ts';
import {
  changedBody,
  checkField,
  createBody,
  EMPTY_VALUES,
  fieldOfMessage,
  validate,
  valuesOf,
} from './samlForm.ts';
import { DEMO_CERTIFICATE } from './testing.ts';

const provider = {
  label: 'Okta',
  entityID: 'http://www.okta.com/exk1',
  ssoURL: 'https://acme.okta.test/sso',
  certificate: DEMO_CERTIFICATE,
  defaultTeam: { id: 'team-1' },
  defaultRole: 'read',
} as SAMLProvider;
const baseline = valuesOf(provider);

describe('checks per field', () => {
  it('accepts a filled provider and a new one with only a label', () => {
    expect(validate(baseline)).toEqual({});
    expect(validate({ ...EMPTY_VALUES, label: 'Okta' })).toEqual({});
  });

  it('names each field that breaks its rule', () => {
    const errors = validate({
      ...EMPTY_VALUES,
      label: 'x'.repeat(31),
      entityID: 'has a space',
      ssoURL: 'http://idp.example.com/sso',
      certificate: 'MIIB',
    });
    expect(Object.keys(errors)).toEqual(['label', 'entityID', 'ssoURL', 'certificate']);
    expect(errors.label).toContain('30');
    expect(errors.ssoURL).toContain('https://');
    expect(errors.certificate).toContain('Not PEM');
    expect(checkField('label', { ...EMPTY_VALUES, label: '   ' })).toContain('Label');
    expect(checkField('ssoURL', { ...EMPTY_VALUES, ssoURL: `https://a.test/${'x'.repeat(2048)}` })).toContain(
      '2048',
    );
    expect(checkField('entityID', { ...EMPTY_VALUES, entityID: 'x'.repeat(1025) })).toContain('1024');
  });
});

describe('bodies', () => {
  it('creates with the given fields only, the role as the API takes it', () => {
    expect(createBody({ ...EMPTY_VALUES, label: ' Okta ' })).toEqual({ label: 'Okta' });
    expect(createBody({ ...baseline, defaultRole: 'guest' })).toEqual({
      label: 'Okta',
      entityID: 'http://www.okta.com/exk1',
      ssoURL: 'https://acme.okta.test/sso',
      certificate: DEMO_CERTIFICATE,
      defaultTeam: 'team-1',
      defaultRole: null,
    });
  });

  it('patches only what changed, and refuses what the API cannot clear', () => {
    expect(changedBody(baseline, baseline)).toEqual({ body: {}, errors: {} });
    expect(
      changedBody({ ...baseline, label: 'Okta 2', entityID: '', defaultRole: 'edit' }, baseline),
    ).toEqual({
      body: { label: 'Okta 2', entityID: '', defaultRole: 'edit' },
      errors: {},
    });
    expect(changedBody({ ...baseline, ssoURL: '', defaultTeam: '' }, baseline).errors).toEqual({
      ssoURL: expect.stringContaining('cannot be removed'),
      defaultTeam: expect.stringContaining('cannot be removed'),
    });
  });
});

it('maps server messages to the field they name', () => {
  expect(fieldOfMessage('body field `certificate`: the certificate (CN=X) expired on 2021-01-01')).toBe(
    'certificate',
  );
  expect(fieldOfMessage('body field `ssoURL` must match pattern "^https://"')).toBe('ssoURL');
  expect(fieldOfMessage('no SAML provider with id `x`')).toBeUndefined();
});
