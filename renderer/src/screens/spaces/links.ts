/** How the link report names a link's target and the pages linking to it. */
import type { ContentLocation } from '../../../../shared/contract/resources/links.ts';

/** What a target or a source is called, and where it opens when it has an address. */
export interface LocationLabel {
  label: string;
  href: string | undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A field of an embedded object whose shape the contract leaves open. */
function prop(embedded: unknown, name: string): unknown {
  return typeof embedded === 'object' && embedded !== null
    ? (embedded as Record<string, unknown>)[name]
    : undefined;
}

/** The app address of an embedded object (`urls.app`), when the server gives one. */
function appUrl(embedded: unknown): string | undefined {
  if (typeof embedded !== 'object' || embedded === null) return undefined;
  const urls = (embedded as { urls?: unknown }).urls;
  if (typeof urls !== 'object' || urls === null) return undefined;
  const app = text((urls as { app?: unknown }).app);
  return app !== undefined && /^https?:\/\//i.test(app) ? app : undefined;
}

/** Only http(s) addresses become links: a report could carry anything in a URL. */
function webUrl(url: string | undefined): string | undefined {
  return url !== undefined && /^https?:\/\//i.test(url) ? url : undefined;
}

/** The name of a location: a page's title, a URL, a space's title…, and its address when it has one. */
export function describeLocation(location: ContentLocation): LocationLabel {
  switch (location.kind) {
    case 'page':
      // A broken target has no page, only what the markdown said (`url`).
      return {
        label: text(prop(location.page, 'title')) ?? text(location.url) ?? 'Untitled page',
        href: appUrl(location.page),
      };
    case 'url':
      return { label: location.url ?? 'URL', href: webUrl(location.url) };
    case 'space':
      return { label: text(location.space?.title) ?? 'A space', href: webUrl(location.space?.urls.app) };
    case 'collection':
      return {
        label: text(location.collection?.title) ?? 'A collection',
        href: webUrl(location.collection?.urls.app),
      };
    case 'file':
      return { label: text(prop(location.file, 'name')) ?? text(location.url) ?? 'A file', href: undefined };
    case 'user':
      return { label: text(location.user?.displayName) ?? 'A user', href: undefined };
    case 'reusable-content':
      return { label: text(prop(location.reusableContent, 'title')) ?? 'Reusable content', href: undefined };
    case 'openapi':
      return { label: text(prop(location.openAPISpec, 'slug')) ?? 'An OpenAPI spec', href: undefined };
  }
}

const KIND_LABELS: Record<ContentLocation['kind'], string> = {
  file: 'File',
  url: 'URL',
  page: 'Page',
  user: 'User',
  collection: 'Collection',
  space: 'Space',
  'reusable-content': 'Reusable content',
  openapi: 'OpenAPI spec',
};

/** The label of a location's kind. */
export function kindLabel(kind: ContentLocation['kind']): string {
  return KIND_LABELS[kind];
}
