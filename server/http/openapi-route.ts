/**
 * `GET /v1/openapi.json`: the document generated from the contract (about 420 KB of JSON), serialized once per
 * process, sent compressed as the client's `Accept-Encoding` allows (brotli, else gzip, else as is; about 16 and
 * 20 KB), with an ETag per representation so that `If-None-Match` answers 304 with no body. Each form is compressed
 * once, on first demand, in zlib's thread pool (never on the event loop); the document only changes with the
 * server's version.
 * The route takes no token: each request counts against the client address's anonymous rate limit.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { AnonymousLimiter } from './anonymous-limit.ts';

export const OPENAPI_PATH = '/v1/openapi.json';

type Coding = 'br' | 'gzip' | 'identity';

const compressors: Record<Exclude<Coding, 'identity'>, (data: Buffer) => Promise<Buffer>> = {
  br: (data) =>
    promisify(brotliCompress)(data, {
      params: {
        // Quality 5: within 7% of the best size at a fifteenth of its time.
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
  gzip: (data) => promisify(gzip)(data, { level: 9 }),
};

/**
 * The coding to send for an `Accept-Encoding` header (RFC 9110, section 12.5.3): brotli, else gzip, when the client
 * accepts it with a non-zero weight, by name or through `*`; otherwise the document as is.
 */
export function chooseCoding(header: string | undefined): Coding {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    if (name === '') continue;
    let weight = 1;
    for (const parameter of parameters) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(parameter);
      if (match) weight = Number(match[1]);
    }
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (coding: string) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}

/** Whether `If-None-Match` names one of the document's ETags (weak comparison, `*` included). */
function notModified(header: string | undefined, tags: readonly string[]): boolean {
  if (header === undefined) return false;
  return header.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    return tag === '*' || tags.includes(tag);
  });
}

interface ServedForms {
  etags: Record<Coding, string>;
  allTags: readonly string[];
  bodyOf(coding: Coding): Promise<Buffer>;
}

/** The forms of each document served, made once per document: every app of a process serves the same one. */
const formsOf = new WeakMap<object, ServedForms>();

/** A document's serialization, its ETags, and its compressed forms (each made on first demand, then kept). */
function servedForms(document: object): ServedForms {
  const known = formsOf.get(document);
  if (known !== undefined) return known;
  const identity = Buffer.from(JSON.stringify(document), 'utf8');
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 32);
  const etags: Record<Coding, string> = {
    identity: `"${hash}"`,
    gzip: `"${hash}-gzip"`,
    br: `"${hash}-br"`,
  };
  const compressed = new Map<Coding, Promise<Buffer>>();
  const forms: ServedForms = {
    etags,
    allTags: Object.values(etags),
    bodyOf(coding) {
      if (coding === 'identity') return Promise.resolve(identity);
      let body = compressed.get(coding);
      if (body === undefined) {
        body = compressors[coding](identity);
        compressed.set(coding, body);
      }
      return body;
    },
  };
  formsOf.set(document, forms);
  return forms;
}

/** Registers the route; `limiter` counts each request against the client's address (undefined: no limit). */
export function registerOpenApiRoute(
  app: FastifyInstance,
  document: object,
  limiter: AnonymousLimiter | undefined,
): void {
  const { etags, allTags, bodyOf } = servedForms(document);

  app.get(OPENAPI_PATH, async (request, reply) => {
    limiter?.charge(request.ip);
    const coding = chooseCoding(request.headers['accept-encoding']);
    void reply.headers({
      etag: etags[coding],
      vary: 'Accept-Encoding',
      'cache-control': 'public, max-age=300',
    });
    if (notModified(request.headers['if-none-match'], allTags)) return reply.status(304).send();
    const body = await bodyOf(coding);
    if (coding !== 'identity') void reply.header('content-encoding', coding);
    return reply.status(200).type('application/json; charset=utf-8').send(body);
  });
}
