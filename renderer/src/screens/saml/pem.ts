/**
 * PEM text for the SAML form: wrapping a metadata file's bare base64 certificate into a PEM block (64-character
 * lines), and checking that pasted text has the shape the server accepts (one `CERTIFICATE` block with base64
 * between, nothing around it) before it is sent. The messages say what is wrong the way the server's 400s do; the
 * server stays the authority (it also parses the certificate and checks its dates).
 */

/** One PEM block: opening label, body, closing label (labels bounded so no scan runs away). */
const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]{1,40})-----([\s\S]*?)-----END ([A-Z0-9 ]{1,40})-----/g;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** What checking PEM text found: the DER bytes of the certificate, or a message saying what is wrong. */
export type PemResult = { ok: true; der: Uint8Array } | { ok: false; error: string };

/** Wraps base64 (whitespace ignored) into a `CERTIFICATE` PEM block with lines of 64 characters. */
export function pemFromBase64(base64: string): string {
  const body = base64.replace(/\s+/g, '');
  const lines: string[] = [];
  for (let at = 0; at < body.length; at += 64) lines.push(body.slice(at, at + 64));
  return ['-----BEGIN CERTIFICATE-----', ...lines, '-----END CERTIFICATE-----'].join('\n');
}

/** Decodes base64 (whitespace ignored) to bytes, or undefined when it is not base64. */
export function decodeBase64(text: string): Uint8Array | undefined {
  const compact = text.replace(/\s+/g, '');
  if (compact === '' || compact.length % 4 !== 0 || !BASE64.test(compact)) return undefined;
  const binary = atob(compact);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Checks trimmed text as one PEM certificate and answers its DER bytes, or what is wrong with it. */
export function readPem(text: string): PemResult {
  const trimmed = text.trim();
  const blocks = [...trimmed.matchAll(PEM_BLOCK)];
  const [block] = blocks;
  if (block === undefined)
    return {
      ok: false,
      error:
        'Not PEM: paste the certificate with its “-----BEGIN CERTIFICATE-----” and “-----END CERTIFICATE-----” lines.',
    };
  if (blocks.length > 1)
    return {
      ok: false,
      error: `This holds ${blocks.length} PEM blocks: paste only the identity provider’s signing certificate.`,
    };
  const [whole, label, body, endLabel] = block as unknown as [string, string, string, string];
  if (label !== endLabel || whole !== trimmed)
    return {
      ok: false,
      error:
        'Not PEM: expected one block from “-----BEGIN CERTIFICATE-----” to “-----END CERTIFICATE-----” and nothing around it.',
    };
  if (label !== 'CERTIFICATE') {
    const secret = label.includes('PRIVATE') ? ' Never share a private key: the certificate is public.' : '';
    return {
      ok: false,
      error: `This is a PEM “${label}”, not a certificate.${secret} Paste the identity provider’s X.509 signing certificate.`,
    };
  }
  const der = decodeBase64(body);
  if (der === undefined)
    return { ok: false, error: 'Not PEM: the text between the BEGIN and END lines is not base64.' };
  return { ok: true, der };
}
