/**
 * Routes outside the API contract that serve files the API hands out as URLs. They take no token: the URL itself
 * is the credential.
 *
 * - `GET /print/:token`: a change request's print-ready rendering behind its temporary PDF URL (print.ts); 404
 *   once expired or unknown.
 * - `GET /files/:blobId`: the bytes of a revision file (`downloadURL`). The blob id is a 192-bit hash of the bytes.
 *   Served so that no response can run in this origin: `nosniff`, a sandboxing CSP, and `attachment` for anything
 *   but raster images.
 *
 * - `GET /sites/:org/:basename/*`: the read-only published view of a published site (`urls.published` of sites,
 *   sections, site spaces and share links; see `domain/sites/published-view.ts`). It answers HTML, failures too.
 *
 * Failures of the file routes answer the API's error shape.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderPrintPage, PRINT_HEADERS } from '../domain/change-requests/print.ts';
import {
  PUBLISHED_HEADERS,
  renderPublishedError,
  renderPublishedPage,
} from '../domain/sites/published-html.ts';
import { PublishedViewError, resolvePublishedPage } from '../domain/sites/published-view.ts';
import { ApiError } from '../errors.ts';
import type { Services } from './context.ts';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const BLOB_ID = /^[A-Za-z0-9_-]{1,64}$/;
const INLINE_TYPES = /^image\/(?:png|jpeg|gif|webp|avif|bmp)$/;
const MEDIA_TYPE = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+$/;

function fail(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply
    .status(error.status)
    .header('cache-control', 'no-store')
    .send({ error: { code: error.status, message: error.message } });
}

export function registerFileRoutes(app: FastifyInstance, services: Services): void {
  app.get<{ Params: { token: string } }>('/print/:token', async (request, reply) => {
    const unknown = new ApiError(404, 'this print link is unknown or has expired: ask for a new one');
    if (!TOKEN.test(request.params.token)) return fail(reply, unknown);
    let html: string;
    try {
      html = await renderPrintPage(services.store, services.clock.now(), request.params.token);
    } catch (error) {
      if (error instanceof ApiError) return fail(reply, error);
      throw error;
    }
    return reply.status(200).headers(PRINT_HEADERS).send(html);
  });

  app.get<{ Params: { blobId: string } }>('/files/:blobId', async (request, reply) => {
    const { store } = services;
    const missing = new ApiError(404, 'no file at this URL');
    if (!BLOB_ID.test(request.params.blobId)) return fail(reply, missing);
    const blob = await store.first(
      store.q.selectFrom('blobs').select(['content_type', 'data']).where('id', '=', request.params.blobId),
    );
    if (!blob) return fail(reply, missing);
    const type = blob.content_type.toLowerCase();
    const inline = INLINE_TYPES.test(type);
    return reply
      .status(200)
      .headers({
        'content-type': MEDIA_TYPE.test(type) ? type : 'application/octet-stream',
        'content-disposition': inline ? 'inline' : 'attachment',
        'content-security-policy': "default-src 'none'; sandbox",
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, max-age=31536000, immutable',
      })
      .send(Buffer.from(blob.data));
  });

  const published = async (
    request: FastifyRequest<{ Params: { orgKey: string; basename: string; '*'?: string } }>,
    reply: FastifyReply,
  ) => {
    const { orgKey, basename } = request.params;
    try {
      const view = await resolvePublishedPage(services.store, orgKey, basename, request.params['*'] ?? '');
      return reply.status(200).headers(PUBLISHED_HEADERS).send(renderPublishedPage(view));
    } catch (error) {
      if (!(error instanceof PublishedViewError)) throw error;
      return reply.status(error.status).headers(PUBLISHED_HEADERS).send(renderPublishedError(error.message));
    }
  };
  app.get('/sites/:orgKey/:basename', published);
  app.get('/sites/:orgKey/:basename/*', published);
}
