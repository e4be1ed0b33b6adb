/**
 * What a subject (member or team) reaches, item by item, with the path of reasons: the shared explanation
 * (`shared/access/explain.ts`) fed from the database. The organization's collections and the subject's grants are
 * read once per request; each item then costs a few map lookups (a collection's chain is built once).
 */
import type { AccessEntry, AccessItemType } from '../../../shared/contract/resources/access.ts';
import {
  explainContentAccess,
  explainSiteAccess,
  type ChainItem,
  type Explanation,
  type LinkingSite,
} from '../../../shared/access/explain.ts';
import { sql } from 'kysely';
import { builder } from '../../storage/database.ts';
import { inJsonArray } from '../../storage/dialect/compile.ts';
import { prepared } from '../../storage/prepared.ts';
import type { Statements } from '../../storage/store/store.ts';
import type { Subject } from './subject.ts';

export interface ContentRow {
  id: string;
  title: string;
  parent_id: string | null;
  default_level: string | null;
}

export interface SiteRow {
  id: string;
  title: string;
}

const collectionsOf = prepared((organizationId: string) =>
  builder
    .selectFrom('collections')
    .select(['id', 'title', 'parent_id', 'default_level'])
    .where('organization_id', '=', organizationId),
);

/** The sites (with their titles) among some ids, and the spaces they link (a JSON list keeps the text fixed). */
const linksOfSites = prepared((organizationId: string, siteIds: string) =>
  builder
    .selectFrom('site_spaces as l')
    .innerJoin('sites as s', 's.id', 'l.site_id')
    .select(['l.site_id', 'l.space_id', 's.title'])
    .where('s.organization_id', '=', organizationId)
    .where(inJsonArray(sql.ref('l.site_id'), siteIds)),
);

export class Inspector {
  private readonly subject: Subject;
  private readonly collections = new Map<string, ContentRow>();
  private readonly chains = new Map<string, ChainItem[]>();
  /** The sites with a grant that link each space. */
  private readonly sitesOfSpace = new Map<string, LinkingSite[]>();

  /**
   * The organization's collections and the links of the sites given to the subject, read through a store or a
   * transaction (nothing is read later).
   */
  static async loadIn(on: Statements, organizationId: string, subject: Subject): Promise<Inspector> {
    // An admin is admin everywhere: nothing else is read.
    if (subject.role === 'admin') return new Inspector(subject, [], []);
    const collections = await on.all(collectionsOf(organizationId));
    const links =
      subject.siteIds.length > 0
        ? await on.all(linksOfSites(organizationId, JSON.stringify(subject.siteIds)))
        : [];
    return new Inspector(subject, collections, links);
  }

  private constructor(
    subject: Subject,
    collections: readonly ContentRow[],
    links: readonly { site_id: string; space_id: string; title: string }[],
  ) {
    this.subject = subject;
    for (const row of collections) this.collections.set(row.id, row);
    const sites = new Map<string, LinkingSite>();
    for (const link of links) {
      let site = sites.get(link.site_id);
      if (site === undefined) {
        site = {
          type: 'site',
          id: link.site_id,
          title: link.title,
          grants: this.grantsOn('site', link.site_id),
        };
        sites.set(link.site_id, site);
      }
      const list = this.sitesOfSpace.get(link.space_id);
      if (list === undefined) this.sitesOfSpace.set(link.space_id, [site]);
      else if (!list.includes(site)) list.push(site);
    }
  }

  private grantsOn(type: AccessItemType, id: string) {
    return this.subject.grants.get(`${type}:${id}`) ?? [];
  }

  /** A collection and its parents, nearest first (built once per collection; a corrupt cycle ends). */
  private chainOf(collectionId: string | null, seen: Set<string> = new Set()): ChainItem[] {
    if (collectionId === null || seen.has(collectionId)) return [];
    const known = this.chains.get(collectionId);
    if (known !== undefined) return known;
    const row = this.collections.get(collectionId);
    if (row === undefined) return [];
    seen.add(collectionId);
    const chain = [this.chainItem('collection', row), ...this.chainOf(row.parent_id, seen)];
    this.chains.set(collectionId, chain);
    return chain;
  }

  private chainItem(type: 'space' | 'collection', row: ContentRow): ChainItem {
    return {
      type,
      id: row.id,
      title: row.title,
      defaultLevel: row.default_level,
      grants: this.grantsOn(type, row.id),
    };
  }

  explainSpace(row: ContentRow): Explanation {
    return explainContentAccess({
      role: this.subject.role,
      chain: [this.chainItem('space', row), ...this.chainOf(row.parent_id)],
      sites: this.sitesOfSpace.get(row.id) ?? [],
    });
  }

  explainCollection(row: ContentRow): Explanation {
    const chain = this.chainOf(row.id);
    return explainContentAccess({
      role: this.subject.role,
      chain: chain.length > 0 ? chain : [this.chainItem('collection', row)],
    });
  }

  explainSite(row: SiteRow): Explanation {
    return explainSiteAccess({
      role: this.subject.role,
      site: { type: 'site', id: row.id, title: row.title, grants: this.grantsOn('site', row.id) },
    });
  }

  entry(type: AccessItemType, row: ContentRow | SiteRow): AccessEntry {
    const explained =
      type === 'site'
        ? this.explainSite(row)
        : type === 'space'
          ? this.explainSpace(row as ContentRow)
          : this.explainCollection(row as ContentRow);
    return {
      object: 'access-entry',
      item: { type, id: row.id, title: row.title },
      level: explained.level,
      path: explained.path,
    };
  }
}
