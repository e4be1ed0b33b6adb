/** A download's content, read through Playwright's stream: it works on a shared Chromium reached over its endpoint. */
import type { Download } from 'playwright-core';

/**
 * The downloaded file as UTF-8 text. `download.path()` throws on a browser reached with `chromium.connect` (the file
 * is on the browser's side); its stream is the same bytes on a launched and on a connected browser.
 */
export async function downloadText(download: Download): Promise<string> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
