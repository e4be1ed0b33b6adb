/**
 * A preview of an X.509 certificate in the renderer: a small DER reader walks the certificate far enough to read
 * its subject, issuer and validity, so the SAML form shows who the certificate names and when it expires as soon
 * as it parses. It never checks signatures or trust: the server decides whether a certificate is accepted.
 *
 * Certificate ::= SEQUENCE { tbsCertificate SEQUENCE { [0] version OPTIONAL, serialNumber INTEGER, signature
 * AlgorithmIdentifier, issuer Name, validity SEQUENCE { notBefore Time, notAfter Time }, subject Name, … }, … }
 * Name ::= SEQUENCE OF SET OF SEQUENCE { type OBJECT IDENTIFIER, value ANY }; Time ::= UTCTime | GeneralizedTime.
 */
import { readPem } from './pem.ts';

/** One DER element: its tag byte and where its content lies in the buffer. */
interface Tlv {
  tag: number;
  start: number;
  end: number;
}

const TAG = {
  integer: 0x02,
  oid: 0x06,
  utf8String: 0x0c,
  sequence: 0x30,
  set: 0x31,
  printableString: 0x13,
  t61String: 0x14,
  ia5String: 0x16,
  utcTime: 0x17,
  generalizedTime: 0x18,
  universalString: 0x1c,
  bmpString: 0x1e,
  version: 0xa0,
} as const;

class DerError extends Error {}

/** Reads the element at `offset`, which must end by `limit`. */
function readTlv(bytes: Uint8Array, offset: number, limit: number): Tlv {
  if (offset + 2 > limit) throw new DerError('truncated element');
  const tag = bytes[offset]!;
  if ((tag & 0x1f) === 0x1f) throw new DerError('multi-byte tags are not used in certificates');
  let length = bytes[offset + 1]!;
  let start = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4 || start + count > limit) throw new DerError('bad length');
    length = 0;
    for (let index = 0; index < count; index += 1) length = length * 256 + bytes[start + index]!;
    start += count;
  }
  const end = start + length;
  if (end > limit) throw new DerError('element runs past its container');
  return { tag, start, end };
}

/** The elements inside a constructed element. */
function childrenOf(bytes: Uint8Array, parent: Tlv): Tlv[] {
  const children: Tlv[] = [];
  for (let at = parent.start; at < parent.end;) {
    const child = readTlv(bytes, at, parent.end);
    children.push(child);
    at = child.end;
  }
  return children;
}

function must(element: Tlv | undefined, tag: number, what: string): Tlv {
  if (element === undefined || element.tag !== tag) throw new DerError(`expected ${what}`);
  return element;
}

/** Dotted text of an OBJECT IDENTIFIER. */
function oidText(bytes: Uint8Array, element: Tlv): string {
  const parts: number[] = [];
  let value = 0;
  for (let at = element.start; at < element.end; at += 1) {
    const byte = bytes[at]!;
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) {
      if (parts.length === 0) {
        const first = Math.min(2, Math.floor(value / 40));
        parts.push(first, value - first * 40);
      } else parts.push(value);
      value = 0;
    }
  }
  return parts.join('.');
}

const latin1 = (bytes: Uint8Array) => String.fromCharCode(...bytes);

/** The text of a directory string (the string types certificates use). */
function stringOf(bytes: Uint8Array, element: Tlv): string {
  const content = bytes.subarray(element.start, element.end);
  switch (element.tag) {
    case TAG.utf8String:
      return new TextDecoder('utf-8').decode(content);
    case TAG.bmpString:
      return new TextDecoder('utf-16be').decode(content);
    case TAG.universalString: {
      let text = '';
      for (let at = 0; at + 3 < content.length; at += 4)
        text += String.fromCodePoint(
          ((content[at]! << 24) | (content[at + 1]! << 16) | (content[at + 2]! << 8) | content[at + 3]!) >>>
            0,
        );
      return text;
    }
    case TAG.printableString:
    case TAG.ia5String:
    case TAG.t61String:
      return latin1(content);
    default:
      throw new DerError('unexpected string type');
  }
}

/** A UTCTime or GeneralizedTime in UTC (`Z`), as certificates write them. */
function timeOf(bytes: Uint8Array, element: Tlv): Date {
  const text = latin1(bytes.subarray(element.start, element.end));
  const match =
    element.tag === TAG.utcTime
      ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?Z$/.exec(text)
      : element.tag === TAG.generalizedTime
        ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?(?:\.\d+)?Z$/.exec(text)
        : null;
  if (match === null) throw new DerError('bad time');
  const [, y, mo, d, h, mi, s] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
    string?,
  ];
  let year = Number(y);
  if (element.tag === TAG.utcTime) year += year < 50 ? 2000 : 1900;
  return new Date(Date.UTC(year, Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? '0')));
}

/** Short names of the attribute types a certificate's name usually has. */
const ATTRIBUTE_NAMES: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.5': 'serialNumber',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '1.2.840.113549.1.9.1': 'emailAddress',
  '0.9.2342.19200300.100.1.25': 'DC',
};

/** One attribute of a name, in order. */
export interface NameAttribute {
  /** `CN`, `O`… or the dotted OID of a type without a short name. */
  type: string;
  value: string;
}

function nameOf(bytes: Uint8Array, element: Tlv): NameAttribute[] {
  const attributes: NameAttribute[] = [];
  for (const set of childrenOf(bytes, must(element, TAG.sequence, 'a name'))) {
    for (const pair of childrenOf(bytes, must(set, TAG.set, 'a relative name'))) {
      const [type, value] = childrenOf(bytes, must(pair, TAG.sequence, 'an attribute'));
      const oid = oidText(bytes, must(type, TAG.oid, 'an attribute type'));
      if (value === undefined) throw new DerError('attribute without value');
      attributes.push({ type: ATTRIBUTE_NAMES[oid] ?? oid, value: stringOf(bytes, value) });
    }
  }
  return attributes;
}

/** What the preview shows of a certificate. */
export interface CertificateSummary {
  subject: NameAttribute[];
  issuer: NameAttribute[];
  notBefore: Date;
  notAfter: Date;
}

/** Reads the subject, issuer and validity of a DER certificate; throws when it is not one. */
export function summarizeDer(bytes: Uint8Array): CertificateSummary {
  const certificate = must(readTlv(bytes, 0, bytes.length), TAG.sequence, 'a certificate');
  if (certificate.end !== bytes.length) throw new DerError('bytes after the certificate');
  const [tbs] = childrenOf(bytes, certificate);
  const fields = childrenOf(bytes, must(tbs, TAG.sequence, 'the certificate body'));
  let index = fields[0]?.tag === TAG.version ? 1 : 0;
  must(fields[index++], TAG.integer, 'a serial number');
  must(fields[index++], TAG.sequence, 'a signature algorithm');
  const issuer = nameOf(bytes, must(fields[index++], TAG.sequence, 'an issuer'));
  const [notBefore, notAfter] = childrenOf(bytes, must(fields[index++], TAG.sequence, 'a validity'));
  if (notBefore === undefined || notAfter === undefined) throw new DerError('validity without dates');
  const subject = nameOf(bytes, must(fields[index], TAG.sequence, 'a subject'));
  return { subject, issuer, notBefore: timeOf(bytes, notBefore), notAfter: timeOf(bytes, notAfter) };
}

/** What reading a pasted certificate found. */
export type CertificatePreview = { ok: true; certificate: CertificateSummary } | { ok: false; error: string };

/** Reads PEM text: its shape first (with the PEM module's messages), then the certificate inside. */
export function previewCertificate(pem: string): CertificatePreview {
  const read = readPem(pem);
  if (!read.ok) return read;
  try {
    return { ok: true, certificate: summarizeDer(read.der) };
  } catch (error) {
    if (!(error instanceof DerError) && !(error instanceof RangeError) && !(error instanceof TypeError))
      throw error;
    return { ok: false, error: 'This is PEM but does not read as an X.509 certificate.' };
  }
}

/** A name as one line, most specific first as people read it: `CN=Acme IdP, O=Acme`. */
export function nameText(name: readonly NameAttribute[]): string {
  return [...name]
    .reverse()
    .map((attribute) => `${attribute.type}=${attribute.value}`)
    .join(', ');
}

/** The first value of an attribute type in a name (`CN`, `O`). */
export function nameValue(name: readonly NameAttribute[], type: string): string | undefined {
  return name.find((attribute) => attribute.type === type)?.value;
}

const DAY = 86_400_000;

/** Where a certificate stands at `now`. */
export type ValidityState =
  | { kind: 'expired'; daysAgo: number }
  | { kind: 'not-yet-valid'; daysUntil: number }
  | { kind: 'valid'; daysLeft: number };

/** Whether a certificate is valid at `now`, and for how many more (whole) days. */
export function validityState(certificate: CertificateSummary, now: Date): ValidityState {
  const time = now.getTime();
  if (certificate.notAfter.getTime() <= time)
    return { kind: 'expired', daysAgo: Math.floor((time - certificate.notAfter.getTime()) / DAY) };
  if (certificate.notBefore.getTime() > time)
    return { kind: 'not-yet-valid', daysUntil: Math.ceil((certificate.notBefore.getTime() - time) / DAY) };
  return { kind: 'valid', daysLeft: Math.floor((certificate.notAfter.getTime() - time) / DAY) };
}

/** The validity state in words: “expired 3 days ago”, “expires in 36,500 days”, “expires today”. */
export function validityText(state: ValidityState): string {
  const days = (count: number) => `${count.toLocaleString('en')} ${count === 1 ? 'day' : 'days'}`;
  switch (state.kind) {
    case 'expired':
      return state.daysAgo === 0 ? 'expired today' : `expired ${days(state.daysAgo)} ago`;
    case 'not-yet-valid':
      return `not valid yet: starts in ${days(state.daysUntil)}`;
    case 'valid':
      return state.daysLeft === 0 ? 'expires today' : `expires in ${days(state.daysLeft)}`;
  }
}
