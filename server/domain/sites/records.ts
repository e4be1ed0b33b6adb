/**
 * Writing sites and share links without HTTP: used by the handlers, the test harness and the demo seed. The
 * handlers write through a transaction of the store (`…In`), which reads the basenames taken in it; the synchronous
 * `createSiteRecord`, `freeBasename` and `createShareLinkRecord` stay for the demo seed and the test harness, and
 * build the same statements.
 */
import { randomBytes } from 'node:crypto';
import { newId } from '../../ids.ts';
import type { Database } from '../../storage/database.ts';
import { builder } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import type { SitesTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import { slugify } from '../content/revisions.ts';
import type { AuditAction } from '../audit/actions.ts';
import { recordEvent, recordEventIn, type EventInput } from '../events.ts';
import { addSiteSpaceRecordIn } from '../site-structure/commands.ts';
import { addSiteSpaceRecord } from '../site-structure/records.ts';
import type { AdaptiveJSONSchema } from './adaptive.ts';

export const DEFAULT_SITE_TITLE = 'Docs site';

const basenamesOfOrg = prepared((organizationId: string) =>
  builder.selectFrom('sites').select(['id', 'basename']).where('organization_id', '=', organizationId),
);

/** The site of the organization that holds `basename`, if any (other than `exceptSiteId`). */
export async function basenameHolder(
  on: Statements,
  organizationId: string,
  basename: string,
  exceptSiteId?: string,
): Promise<string | undefined> {
  return (await on.all(basenamesOfOrg(organizationId))).find(
    (row) => row.basename === basename && row.id !== exceptSiteId,
  )?.id;
}

/** The slug of the title, suffixed -2, -3… until no other site of the organization holds it. */
export function freeBasename(db: Database, organizationId: string, title: string): string {
  return firstFree(db.all(basenamesOfOrg(organizationId)), title);
}

/** As `freeBasename`, in the transaction that writes the site (two that read the same basenames would collide). */
export async function freeBasenameIn(tx: Statements, organizationId: string, title: string): Promise<string> {
  return firstFree(await tx.all(basenamesOfOrg(organizationId)), title);
}

function firstFree(rows: readonly { basename: string }[], title: string): string {
  const taken = new Set(rows.map((row) => row.basename));
  const base = slugify(title);
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`;
  return candidate;
}

export interface NewSite {
  organizationId: string;
  title?: string;
  type?: string;
  visibility?: string;
  basename?: string;
  published?: boolean;
  adaptiveSchema?: AdaptiveJSONSchema;
  /** Spaces (of the organization) added as root site spaces, the first being the default. */
  spaceIds?: readonly string[];
  actorId: string | null;
}

/** The event of a change to a site by `actorId`, for `recordEvent` in the change's transaction. */
export function siteEvent(
  site: SitesTable,
  actorId: string,
  action: AuditAction,
  data?: Record<string, unknown>,
): EventInput {
  return {
    organizationId: site.organization_id,
    actorId,
    action,
    subjectType: 'site',
    subjectId: site.id,
    ...(data ? { data } : {}),
  };
}

/** The row of a new site (its basename given or free). */
function siteRowOf(now: Date, input: NewSite, basename: string): SitesTable {
  const at = now.toISOString();
  return {
    id: newId(),
    organization_id: input.organizationId,
    type: input.type ?? 'basic',
    title: input.title ?? DEFAULT_SITE_TITLE,
    visibility: input.visibility ?? 'public',
    basename,
    published: input.published ? 1 : 0,
    adaptive_enabled: input.adaptiveSchema ? 1 : 0,
    adaptive_schema: input.adaptiveSchema ? JSON.stringify(input.adaptiveSchema) : null,
    proxy_origin: null,
    default_section_id: null,
    default_site_space_id: null,
    created_at: at,
    updated_at: at,
  };
}

const createdEvent = (site: SitesTable, input: NewSite): EventInput => ({
  organizationId: input.organizationId,
  actorId: input.actorId,
  action: 'site.created',
  subjectType: 'site',
  subjectId: site.id,
  data: { title: site.title, spaces: input.spaceIds?.length ?? 0 },
});

const siteById = prepared((siteId: string) =>
  builder.selectFrom('sites').selectAll().where('id', '=', siteId),
);

/** Inserts a site (and its root site spaces); answers the row (the demo seed and the test harness). */
export function createSiteRecord(db: Database, now: Date, input: NewSite): SitesTable {
  return db.transaction(() => {
    const title = input.title ?? DEFAULT_SITE_TITLE;
    const site = siteRowOf(now, input, input.basename ?? freeBasename(db, input.organizationId, title));
    db.run(db.q.insertInto('sites').values(site));
    for (const spaceId of input.spaceIds ?? []) {
      addSiteSpaceRecord(db, now, { siteId: site.id, sectionId: null, spaceId });
    }
    recordEvent(db, now, createdEvent(site, input));
    return db.first(siteById(site.id))!;
  });
}

/** As `createSiteRecord`, in the caller's transaction of the store (which reads the basenames taken). */
export async function createSiteRecordIn(tx: Statements, now: Date, input: NewSite): Promise<SitesTable> {
  const title = input.title ?? DEFAULT_SITE_TITLE;
  const site = siteRowOf(
    now,
    input,
    input.basename ?? (await freeBasenameIn(tx, input.organizationId, title)),
  );
  await tx.run(tx.q.insertInto('sites').values(site));
  for (const spaceId of input.spaceIds ?? []) {
    await addSiteSpaceRecordIn(tx, now, { siteId: site.id, sectionId: null, spaceId });
  }
  await recordEventIn(tx, now, createdEvent(site, input));
  return (await tx.first(siteById(site.id)))!;
}

/** A share link's secret: 32 characters of base64url (192 random bits). */
export function newShareKey(): string {
  return randomBytes(24).toString('base64url');
}

type NewShareLink = { siteId: string; name: string | null; active?: boolean };

const shareLinkInsert = (id: string, now: Date, input: NewShareLink) =>
  builder.insertInto('share_links').values({
    id,
    site_id: input.siteId,
    name: input.name,
    key: newShareKey(),
    active: input.active === false ? 0 : 1,
    created_at: now.toISOString(),
  });

/** Inserts an active share link; answers its id (the demo seed and the fixtures). */
export function createShareLinkRecord(db: Database, now: Date, input: NewShareLink): string {
  const id = newId();
  db.run(shareLinkInsert(id, now, input));
  return id;
}

/** As `createShareLinkRecord`, in the caller's transaction of the store. */
export async function insertShareLink(tx: Statements, now: Date, input: NewShareLink): Promise<string> {
  const id = newId();
  await tx.run(shareLinkInsert(id, now, input));
  return id;
}
