import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  nameText,
  nameValue,
  previewCertificate,
  summarizeDer,
  validityState,
  validityText,
} from './certificate.ts';
import { decodeBase64, pemFromBase64, readPem } from './pem.ts';
import { DEMO_CERTIFICATE, EXPIRED_CERTIFICATE, ORG_CERTIFICATE } from './testing.ts';

const bodyOf = (pem: string) => pem.split('\n').slice(1, -1).join('');

describe('readPem', () => {
  it('answers the DER bytes of one certificate block, surrounding whitespace ignored', () => {
    const read = readPem(`\n  ${DEMO_CERTIFICATE}\n\n`);
    expect(read.ok).toBe(true);
    if (read.ok) expect(read.der[0]).toBe(0x30);
  });

  it('says what is wrong: no PEM, several blocks, text around, a key, bad base64', () => {
    expect(readPem('MIIDCTCC')).toMatchObject({ ok: false, error: expect.stringContaining('Not PEM') });
    expect(readPem(`${DEMO_CERTIFICATE}\n${ORG_CERTIFICATE}`)).toMatchObject({
      error: expect.stringContaining('2 PEM blocks'),
    });
    expect(readPem(`issuer: Acme\n${DEMO_CERTIFICATE}`)).toMatchObject({
      error: expect.stringContaining('nothing around it'),
    });
    const key = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    expect(readPem(key)).toMatchObject({ error: expect.stringContaining('PRIVATE KEY') });
    expect(readPem(key)).toMatchObject({ error: expect.stringContaining('Never share a private key') });
    expect(readPem('-----BEGIN CERTIFICATE-----\nnot*base64\n-----END CERTIFICATE-----')).toMatchObject({
      error: expect.stringContaining('not base64'),
    });
  });
});

describe('pemFromBase64', () => {
  it('wraps bare base64 (as metadata holds it) into 64-character lines', () => {
    const body = bodyOf(DEMO_CERTIFICATE);
    const spaced = body.replace(/(.{50})/g, '$1\n      ');
    expect(pemFromBase64(spaced)).toBe(DEMO_CERTIFICATE);
    const lines = pemFromBase64(body).split('\n');
    expect(lines.slice(1, -2).every((line) => line.length === 64)).toBe(true);
  });

  it('decodes base64 and refuses what is not', () => {
    expect([...decodeBase64('AQID')!]).toEqual([1, 2, 3]);
    expect(decodeBase64('AQI')).toBeUndefined();
    expect(decodeBase64('')).toBeUndefined();
    expect(decodeBase64('A*ID')).toBeUndefined();
  });
});

describe('previewCertificate', () => {
  it('reads the demo certificate: subject, issuer, UTCTime and GeneralizedTime dates', () => {
    const preview = previewCertificate(DEMO_CERTIFICATE);
    if (!preview.ok) throw new Error(preview.error);
    const { certificate } = preview;
    expect(nameText(certificate.subject)).toBe('CN=Acme IdP');
    expect(nameText(certificate.issuer)).toBe('CN=Acme IdP');
    expect(certificate.notBefore.toISOString()).toBe('2026-11-22T08:05:03.000Z');
    expect(certificate.notAfter.toISOString()).toBe('2126-10-29T08:05:03.000Z');
  });

  it('reads an organization and UTF-8 text, most specific name first', () => {
    const preview = previewCertificate(ORG_CERTIFICATE);
    if (!preview.ok) throw new Error(preview.error);
    expect(nameValue(preview.certificate.subject, 'CN')).toBe('Exemple IdP');
    expect(nameValue(preview.certificate.subject, 'O')).toBe('Société Exemple');
    expect(nameText(preview.certificate.subject)).toBe(
      'CN=Exemple IdP, OU=Identity, O=Société Exemple, C=FR',
    );
    expect(preview.certificate.notAfter.toISOString()).toBe('2027-11-22T08:31:36.000Z');
  });

  it('reads the dates of an expired certificate', () => {
    const preview = previewCertificate(EXPIRED_CERTIFICATE);
    if (!preview.ok) throw new Error(preview.error);
    expect(nameValue(preview.certificate.subject, 'CN')).toBe('Expired IdP');
    expect(preview.certificate.notBefore.toISOString()).toBe('2020-01-01T00:00:00.000Z');
    expect(preview.certificate.notAfter.toISOString()).toBe('2021-01-01T00:00:00.000Z');
  });

  it('refuses PEM that is not a certificate, truncated or altered, without throwing', () => {
    const body = bodyOf(DEMO_CERTIFICATE);
    const truncated = pemFromBase64(body.slice(0, 200));
    expect(previewCertificate(truncated)).toMatchObject({
      ok: false,
      error: expect.stringContaining('X.509'),
    });
    const publicKey = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .publicKey.export({ format: 'der', type: 'spki' })
      .toString('base64');
    expect(previewCertificate(pemFromBase64(publicKey))).toMatchObject({ ok: false });
    expect(previewCertificate(pemFromBase64('AAAA'))).toMatchObject({ ok: false });
    // Every single-byte truncation of the DER stays a refusal, never an exception.
    const der = decodeBase64(body)!;
    for (const length of [1, 2, 3, 10, 100, 300, der.length - 1])
      expect(() => summarizeDer(der.subarray(0, length))).toThrow();
  });
});

describe('validityState', () => {
  const preview = previewCertificate(EXPIRED_CERTIFICATE);
  if (!preview.ok) throw new Error(preview.error);
  const { certificate } = preview;

  it('tells expired, not yet valid, and the days left', () => {
    expect(validityState(certificate, new Date('2021-01-04T00:00:00Z'))).toEqual({
      kind: 'expired',
      daysAgo: 3,
    });
    expect(validityState(certificate, new Date('2021-01-01T00:00:00Z'))).toEqual({
      kind: 'expired',
      daysAgo: 0,
    });
    expect(validityState(certificate, new Date('2019-12-31T12:00:00Z'))).toEqual({
      kind: 'not-yet-valid',
      daysUntil: 1,
    });
    expect(validityState(certificate, new Date('2020-12-01T00:00:00Z'))).toEqual({
      kind: 'valid',
      daysLeft: 31,
    });
    expect(validityState(certificate, new Date('2020-12-31T18:00:00Z'))).toEqual({
      kind: 'valid',
      daysLeft: 0,
    });
  });

  it('says it in words', () => {
    expect(validityText({ kind: 'expired', daysAgo: 0 })).toBe('expired today');
    expect(validityText({ kind: 'expired', daysAgo: 1 })).toBe('expired 1 day ago');
    expect(validityText({ kind: 'valid', daysLeft: 36500 })).toBe('expires in 36,500 days');
    expect(validityText({ kind: 'valid', daysLeft: 0 })).toBe('expires today');
    expect(validityText({ kind: 'not-yet-valid', daysUntil: 2 })).toBe('not valid yet: starts in 2 days');
  });
});
