/**
 * The demo organization's sites: a published, adaptive "Acme Docs" site with section groups, sections, variants
 * (versions and languages) and conditions, and an unpublished share-link "Partner Portal" with two share links.
 * Built from the spaces of demo-content.ts, looked up by title; deterministic like the rest of the demo.
 */
import { checkCondition } from '../../shared/conditions.ts';
import {
  addSiteSpaceRecord,
  createSectionGroupRecord,
  createSectionRecord,
} from '../domain/site-structure/records.ts';
import { createSiteRecord, createShareLinkRecord } from '../domain/sites/records.ts';
import { createSpaceRecord } from '../domain/spaces/records.ts';
import type { Database } from '../storage/database.ts';

const DAY = 86_400_000;

const claim = (description: string) => ({ type: 'boolean' as const, description });

/** The visitor claims of the Acme Docs site. */
export const DEMO_ADAPTIVE_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#' as const,
  type: 'object' as const,
  properties: {
    isBetaUser: claim('The visitor joined the beta program'),
    isEnterprise: claim('The visitor’s company is on the Enterprise plan'),
    unsigned: {
      type: 'object' as const,
      // The description GitBook's schema requires for `unsigned`.
      description: 'Unsigned claims of the site visitor.',
      properties: { isEmployee: claim('The visitor works at Acme') },
      additionalProperties: false as const,
    },
  },
  additionalProperties: false as const,
};

/** Conditions of the demo, checked by the demo's test against the schema above. */
export const DEMO_CONDITIONS = {
  sdks: 'visitor.claims.isBetaUser',
  apiV1: 'visitor.claims.isEnterprise && !visitor.claims.unsigned.isEmployee',
};

const FRENCH_GUIDE = [
  {
    title: 'Bienvenue',
    markdown:
      "# Bienvenue\n\nCe guide explique comment utiliser Acme au quotidien : projets, membres et paramètres.\n\n> Besoin d'aide ? Écrivez à support@acme.test.\n",
  },
  {
    title: 'Premiers pas',
    markdown:
      '# Premiers pas\n\n1. Créez un projet.\n2. Invitez votre équipe.\n3. Publiez votre première page.\n',
  },
  {
    title: 'Paramètres',
    markdown:
      '# Paramètres\n\n| Réglage | Effet |\n| --- | --- |\n| Langue | La langue de l’interface |\n| Fuseau | Les dates affichées |\n',
  },
];

const API_V1 = [
  {
    title: 'Overview',
    markdown:
      '# API v1\n\nVersion 1 of the REST API is **deprecated** and answers until the end of 2026. New integrations use v2.\n',
  },
  {
    title: 'Authentication',
    markdown:
      '# Authentication\n\nSend the key in the `X-Acme-Key` header:\n\n```sh\ncurl -H "X-Acme-Key: $KEY" https://api.acme.test/v1/projects\n```\n',
  },
];

/** Seeds the sites of the demo organization; call after its content. */
export function seedDemoSites(db: Database, now: Date, organizationId: string, ownerId: string): void {
  const spaceOf = (title: string) => {
    const row = db.first(
      db.q
        .selectFrom('spaces')
        .select(['id', 'parent_id'])
        .where('organization_id', '=', organizationId)
        .where('title', '=', title)
        .where('deleted_at', 'is', null),
    );
    if (!row) throw new Error(`the demo has no space titled ${title}`);
    return row;
  };
  for (const condition of Object.values(DEMO_CONDITIONS)) {
    if (!checkCondition(condition).ok) throw new Error(`the demo condition ${condition} does not parse`);
  }
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);

  const userGuide = spaceOf('User Guide');
  const api = spaceOf('REST API Reference');
  const french = createSpaceRecord(db, at(40), {
    organizationId,
    parentId: userGuide.parent_id,
    title: "Guide de l'utilisateur",
    emoji: '🇫🇷',
    visibility: 'public',
    language: 'fr',
    pages: FRENCH_GUIDE,
    actorId: ownerId,
  });
  const apiV1 = createSpaceRecord(db, at(300), {
    organizationId,
    parentId: api.parent_id,
    title: 'REST API Reference v1',
    emoji: '🗄️',
    visibility: 'public',
    editMode: 'locked',
    language: 'en',
    pages: API_V1,
    actorId: ownerId,
  });

  const created = at(60);
  const site = createSiteRecord(db, created, {
    organizationId,
    title: 'Acme Docs',
    basename: 'docs',
    visibility: 'public',
    published: true,
    adaptiveSchema: DEMO_ADAPTIVE_SCHEMA,
    actorId: ownerId,
  });
  const section = (title: string, spaceTitle: string, condition?: string) =>
    createSectionRecord(db, created, {
      siteId: site.id,
      spaceId: spaceOf(spaceTitle).id,
      title,
      ...(condition !== undefined ? { condition } : {}),
    });
  const gettingStarted = section('Getting Started', 'Getting Started');
  const guide = section('User Guide', 'User Guide');
  const admin = section('Admin Guide', 'Admin Guide');
  const reference = section('API Reference', 'REST API Reference');
  const sdks = section('SDKs', 'SDKs', DEMO_CONDITIONS.sdks);
  createSectionGroupRecord(db, created, {
    siteId: site.id,
    title: 'Product',
    sectionIds: [gettingStarted, guide, admin],
  });
  createSectionGroupRecord(db, created, {
    siteId: site.id,
    title: 'Developers',
    sectionIds: [reference, sdks],
  });

  // Variants: languages of the user guide (English first, the default), versions of the API (v2, the default).
  const renameFirst = (sectionId: string, path: string) =>
    db.run(db.q.updateTable('site_spaces').set({ path }).where('section_id', '=', sectionId));
  renameFirst(guide, 'en');
  addSiteSpaceRecord(db, created, { siteId: site.id, sectionId: guide, spaceId: french, path: 'fr' });
  renameFirst(reference, 'v2');
  const v1 = addSiteSpaceRecord(db, created, {
    siteId: site.id,
    sectionId: reference,
    spaceId: apiV1,
    path: 'v1',
  });
  db.run(db.q.updateTable('site_spaces').set({ condition: DEMO_CONDITIONS.apiV1 }).where('id', '=', v1));

  const portal = createSiteRecord(db, at(20), {
    organizationId,
    title: 'Partner Portal',
    visibility: 'share-link',
    spaceIds: [spaceOf('SDKs').id, spaceOf('REST API Reference').id],
    actorId: ownerId,
  });
  createShareLinkRecord(db, at(18), { siteId: portal.id, name: 'Globex integration team' });
  createShareLinkRecord(db, at(12), { siteId: portal.id, name: 'Initech pilot (ended)', active: false });
}
