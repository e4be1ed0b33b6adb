/**
 * `files.image`: reads an image of the local sandbox's revision files for the window, as a `data:` URL. Only the
 * running sandbox's own `/files/<id>` URLs, only raster images, at most 5 MB, within 10 s.
 */

/** Largest image answered, in bytes. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 10_000;
const FILE_PATH = /^\/files\/[A-Za-z0-9_-]{1,64}$/;
const RASTER = /^image\/(?:png|jpeg|gif|webp|avif|bmp)$/;

/** Why an image was not read (the handler answers it as a 4xx or 5xx). */
export class ImageRefusal extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

/** The `data:` URL of the sandbox image at `url`, or an `ImageRefusal`. */
export async function readSandboxImage(url: string, sandboxBaseUrl: string | undefined): Promise<string> {
  if (sandboxBaseUrl === undefined) throw new ImageRefusal(503, 'The local sandbox is not running.');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ImageRefusal(400, 'url: not a URL');
  }
  if (
    parsed.origin !== new URL(sandboxBaseUrl).origin ||
    !FILE_PATH.test(parsed.pathname) ||
    parsed.search !== ''
  )
    throw new ImageRefusal(400, "url: only the local sandbox's file addresses (/files/<id>) are read");
  const response = await fetch(parsed.href, {
    signal: AbortSignal.timeout(TIMEOUT_MS),
    redirect: 'error',
  }).catch(() => undefined);
  if (response === undefined) throw new ImageRefusal(502, 'The local sandbox did not answer.');
  if (!response.ok)
    throw new ImageRefusal(response.status === 404 ? 404 : 502, `The sandbox answered ${response.status}.`);
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!RASTER.test(type)) throw new ImageRefusal(415, 'This file is not a raster image.');
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_IMAGE_BYTES) throw new ImageRefusal(413, 'This image is larger than 5 MB.');
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length > MAX_IMAGE_BYTES) throw new ImageRefusal(413, 'This image is larger than 5 MB.');
  return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
}
