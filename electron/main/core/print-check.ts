/**
 * The checks behind the `print.savePdf` channel, in plain Node so they are unit-tested: the print URL must be on
 * the profile's API origin (parsed, never compared as a string prefix) over http(s) without credentials, and the
 * suggested file name is made safe for any file system before it reaches the save dialog.
 */

/** A checked value, or why it was refused (for the user). */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** The print URL, when its origin is the API's (`baseUrl` is the profile's base URL). */
export function checkPrintUrl(url: string, baseUrl: string): Checked<string> {
  const refused: Checked<string> = {
    ok: false,
    message: 'This print address is not on the profile\u2019s API: the app only prints pages of its API.',
  };
  let target: URL;
  let api: URL;
  try {
    target = new URL(url);
    api = new URL(baseUrl);
  } catch {
    return refused;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return refused;
  if (target.username !== '' || target.password !== '') return refused;
  if (target.protocol !== api.protocol || target.host !== api.host) return refused;
  return { ok: true, value: target.href };
}

const RESERVED = /[<>:"/\\|?*]/g;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/** A file name safe on Windows, macOS and Linux, ending in `.pdf` (at most 120 characters before it). */
export function pdfFileName(suggested: string): string {
  let name = Array.from(suggested, (char) => (char.charCodeAt(0) < 32 || char === '\u007f' ? ' ' : char))
    .join('')
    .replace(/\.pdf$/i, '')
    .replace(RESERVED, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (name.length > 120) name = name.slice(0, 120).replace(/[.\s]+$/, '');
  if (name === '' || WINDOWS_RESERVED.test(name)) name = `change-request${name === '' ? '' : `-${name}`}`;
  return `${name}.pdf`;
}
