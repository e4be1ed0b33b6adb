/**
 * Export to PDF. The API hands out a temporary print URL (`getChangeRequestPDF`: a print token valid one hour,
 * never the API token). The desktop app prints it to a file through the bridge (`print.savePdf`: a hidden,
 * script-less window in the main process, then the save dialog). Browser mode opens the print view in a new tab
 * for the browser's own Print (Ctrl+P / ⌘P → Save as PDF). A hidden iframe cannot work there: the app's CSP
 * (`default-src 'self'`, which `frame-src` falls back to) refuses frames from the API's origin, and even if it
 * allowed them the app could not call `print()` on a cross-origin frame. `noopener` keeps the new tab from
 * reaching back into the app (and `window.open` then answers null, so the screen also offers a plain link in case
 * the browser blocked the tab).
 */
import { bridgeValue } from '../../bridge/api.ts';
import { bridgeKind } from '../../bridge/transport.ts';
import { isMac } from '../../layout/shortcut.ts';
import { changeRequestPrintUrl } from '../../queries/changeRequests.ts';

/** What an export did. */
export type PdfOutcome =
  { kind: 'saved'; path: string | undefined } | { kind: 'cancelled' } | { kind: 'opened'; url: string };

/** The browser's print shortcut, in words. */
export const printShortcut = isMac ? '⌘P' : 'Ctrl+P';

/** Exports the request (or one of its pages) as PDF. */
export async function exportPdf(
  profileId: string,
  spaceId: string,
  changeRequestId: string,
  fileName: string,
  pageId?: string,
): Promise<PdfOutcome> {
  const url = await changeRequestPrintUrl(profileId, spaceId, changeRequestId, pageId);
  if (bridgeKind === 'ipc') {
    const result = await bridgeValue('print.savePdf', { profileId, url, fileName });
    return result.saved ? { kind: 'saved', path: result.path } : { kind: 'cancelled' };
  }
  window.open(url, '_blank', 'noopener');
  return { kind: 'opened', url };
}
