/**
 * Checking an identity provider's signing certificate: one PEM block labelled CERTIFICATE that parses as X.509
 * and has not expired. Each failure is a 400 that says which of these is wrong, so an admin who pasted a key,
 * a metadata file or an old certificate knows what to fix.
 */
import { X509Certificate } from 'node:crypto';
import { badRequest } from '../../errors.ts';

/** A PEM block: its opening label, its base64 body and its closing label. Labels are bounded so no scan runs away. */
const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]{1,40})-----([\s\S]*?)-----END ([A-Z0-9 ]{1,40})-----/g;
const BASE64_BODY = /^[A-Za-z0-9+/=\s]+$/;

/** What the server learnt from a certificate that passed. */
export interface CertificateInfo {
  subject: string;
  validTo: Date;
}

/**
 * Checks `text` (already trimmed) as the certificate of a SAML provider at `now`; answers what it learnt or
 * throws a 400 naming `field`.
 */
export function checkCertificate(text: string, now: Date, field = 'certificate'): CertificateInfo {
  const where = `body field \`${field}\``;
  const blocks = [...text.matchAll(PEM_BLOCK)];
  const [block] = blocks;
  if (block === undefined)
    throw badRequest(
      `${where} is not PEM: paste the certificate with its \`-----BEGIN CERTIFICATE-----\` and \`-----END CERTIFICATE-----\` lines`,
    );
  if (blocks.length > 1)
    throw badRequest(
      `${where} holds ${blocks.length} PEM blocks: paste only the identity provider's signing certificate`,
    );
  const [whole, label, body, endLabel] = block as unknown as [string, string, string, string];
  if (label !== endLabel || whole !== text || !BASE64_BODY.test(body))
    throw badRequest(
      `${where} is not PEM: expected one block from \`-----BEGIN CERTIFICATE-----\` to \`-----END CERTIFICATE-----\` with base64 between, and nothing around it`,
    );
  if (label !== 'CERTIFICATE') {
    const secret = label.includes('PRIVATE') ? ' (never share a private key: the certificate is public)' : '';
    throw badRequest(
      `${where} is a PEM \`${label}\`, not a certificate${secret}: paste the identity provider's X.509 signing certificate`,
    );
  }
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(text);
  } catch {
    throw badRequest(`${where} is PEM but does not parse as an X.509 certificate`);
  }
  const validTo = certificate.validToDate;
  if (validTo.getTime() <= now.getTime())
    throw badRequest(
      `${where}: the certificate (${certificate.subject.replace(/\n/g, ', ')}) expired on ${validTo.toISOString()}`,
    );
  return { subject: certificate.subject, validTo };
}
