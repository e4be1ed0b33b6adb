/**
 * Parsing pasted metadata with the browser's DOMParser (namespace-aware XML), then reading it with `readMetadata`.
 * Kept apart from metadata.ts, which runs in unit tests without a DOM.
 */
import { readMetadata, type MetadataResult } from './metadata.ts';

/** Parses metadata text with the browser's DOMParser (namespace-aware XML) and reads it. */
export function parseMetadataXml(text: string): MetadataResult {
  if (text.trim() === '') return { ok: false, error: 'Paste the identity provider’s metadata XML first.' };
  const document = new DOMParser().parseFromString(text, 'application/xml');
  const failure = document.getElementsByTagName('parsererror')[0];
  if (failure !== undefined || document.documentElement === null) {
    const said = failure?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
    // Chromium says "This page contains the following errors: error on line 3 at column 7: … Below is a rendering…".
    const detail = /error on line \d+ at column \d+: .*?(?= Below is a rendering|$)/.exec(said)?.[0] ?? said;
    return {
      ok: false,
      error: `This is not well-formed XML${detail ? ` (${detail.slice(0, 160)})` : ''}.`,
    };
  }
  return readMetadata(document.documentElement);
}
