/** Writing sites and share links without HTTP: used by the handlers, the test harness and the demo seed. */
import { randomBytes } from 'node:crypto';
import { newId } from '../../ids.ts';
import type { Database } from '../../storage/database.ts';
import { builder } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import type { SitesTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import { slugify } from '../content/revisions.ts';
import type { AuditAction } from '../audit/actions.ts';
import { recordEvent, type EventInput } from '../events.ts';
import { addSiteSpaceRecord } from '../site-structure/records.ts';
import type { AdaptiveJSONSchema } from './adaptive.ts';

export const DEFAULT_SITE_TITLE = 'Docs site';

const basenamesOfOrg = prepared((organizationId: string) =>
  builder.selectFrom('sites').select(['id', 'basename']).where('organization_id', '=', organizationId),
);

/** The site of the organization that holds `basename`, if any (other than `exceptSiteId`). */
export function basenameHolder(
  db: Database,
  organizationId: string,
  basename: string,
  exceptSiteId?: string,
): string | undefined {
  return db
    .all(basenamesOfOrg(organizationId))
    .find((row) => row.basename === basename && row.id !== exceptSiteId)?.id;
}

/** The slug of the title, suffixed -2, -3… until no other site of the organization holds it. */
export function freeBasename(db: Database, organizationId: string, title: string): string {
  const taken = new Set(db.all(basenamesOfOrg(organizationId)).map((row) => row.basename));
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

/** Inserts a site (and its root site spaces); answers the row. */
export function createSiteRecord(db: Database, now: Date, input: NewSite): SitesTable {
  const at = now.toISOString();
  const title = input.title ?? DEFAULT_SITE_TITLE;
  return db.transaction(() => {
    const site: SitesTable = {
      id: newId(),
      organization_id: input.organizationId,
      type: input.type ?? 'basic',
      title,
      visibility: input.visibility ?? 'public',
      basename: input.basename ?? freeBasename(db, input.organizationId, title),
      published: input.published ? 1 : 0,
      adaptive_enabled: input.adaptiveSchema ? 1 : 0,
      adaptive_schema: input.adaptiveSchema ? JSON.stringify(input.adaptiveSchema) : null,
      proxy_origin: null,
      default_section_id: null,
      default_site_space_id: null,
      created_at: at,
      updated_at: at,
    };
    db.run(db.q.insertInto('sites').values(site));
    for (const spaceId of input.spaceIds ?? []) {
      addSiteSpaceRecord(db, now, { siteId: site.id, sectionId: null, spaceId });
    }
    recordEvent(db, now, {
      organizationId: input.organizationId,
      actorId: input.actorId,
      action: 'site.created',
      subjectType: 'site',
      subjectId: site.id,
      data: { title, spaces: input.spaceIds?.length ?? 0 },
    });
    return db.first(db.q.selectFrom('sites').selectAll().where('id', '=', site.id))!;
  });
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
