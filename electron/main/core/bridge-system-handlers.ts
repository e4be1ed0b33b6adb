/** The bridge's handlers of what reaches the system: a link opened outside, a sandbox image, a PDF saved. */
import { answer, must, Refusal, valid } from './bridge-answer.ts';
import type { BridgeDeps, BridgeHandlers } from './bridge-handlers.ts';
import { checkPrintUrl, pdfFileName } from './print-check.ts';
import { ImageRefusal, readSandboxImage } from './sandbox-image.ts';
import { LOCAL_PROFILE_ID } from './targets.ts';

/** What reaches the system: a link opened outside, a sandbox image, a PDF saved. */
export function systemHandlers(
  deps: BridgeDeps,
): Pick<BridgeHandlers, 'shell.openExternal' | 'files.image' | 'print.savePdf'> {
  return {
    'shell.openExternal': (request) =>
      answer(request, async () => {
        const input = valid('shell.openExternal', request);
        let url: URL;
        try {
          url = new URL(input.url);
        } catch {
          return { opened: false };
        }
        if (url.protocol !== 'https:' && url.protocol !== 'mailto:') return { opened: false };
        if (url.username !== '' || url.password !== '') return { opened: false };
        try {
          await deps.openExternal(url.href);
          return { opened: true };
        } catch {
          return { opened: false };
        }
      }),

    'files.image': (request) =>
      answer(request, async () => {
        const input = valid('files.image', request);
        try {
          return { dataUrl: await readSandboxImage(input.url, deps.sandbox.baseUrl) };
        } catch (error) {
          if (error instanceof ImageRefusal) throw new Refusal(error.code, error.message);
          throw error;
        }
      }),

    'print.savePdf': (request) =>
      answer(request, async () => {
        const input = valid('print.savePdf', request);
        if (deps.printToPdf === undefined)
          throw new Refusal(
            501,
            'Saving a PDF needs the desktop app: in browser mode, open the print view and print it with the browser.',
          );
        let baseUrl: string | undefined;
        if (input.profileId === LOCAL_PROFILE_ID) {
          baseUrl = deps.sandbox.baseUrl;
          if (baseUrl === undefined) throw new Refusal(503, 'The local sandbox is not running.');
        } else {
          baseUrl = deps.profiles.get(input.profileId)?.baseUrl;
          if (baseUrl === undefined)
            throw new Refusal(404, `There is no profile with the id ${input.profileId}.`);
        }
        const url = must(checkPrintUrl(input.url, baseUrl));
        return deps.printToPdf(url, pdfFileName(input.fileName));
      }),
  };
}
