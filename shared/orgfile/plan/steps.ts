/**
 * The steps of a plan, per resource. Every step has the common fields the preview renders without knowing the
 * resource: `resource`, `action`, `label`, and `dangerous` or `blocked` when they apply.
 */
import type { Static } from '@sinclair/typebox';
import type { Role, TeamRole } from '../../contract/constants.ts';
import type { DefaultLevel, TranslationLanguageCode as Language } from '../../contract/resources/content.ts';
import type { Site } from '../../contract/resources/sites.ts';
import type { OrgFileCustomField, OrgFileInvites, OrgFileSamlProvider } from '../schema-settings.ts';

export type Level = Static<typeof DefaultLevel>;
type SiteVisibilityValue = Site['visibility'];

/** Something that exists (its id), or that the plan creates (by its title, or its path in the file). */
export type ItemRef = { id: string; title: string } | { new: string };
/** A team that exists, or one the plan creates (by its title). */
export type TeamRef = ItemRef;
/** A collection that exists, or one the plan creates (by its path in the file: titles joined by ` / `). */
export type CollectionRef = ItemRef;
/** A space that exists, or one the plan creates (by its path in the file). */
export type SpaceRef = ItemRef;

/** The item a grant is on. */
export interface GrantTarget {
  type: 'collection' | 'space' | 'site';
  ref: ItemRef;
  /** Its path or title, for sentences. */
  name: string;
}
/** Who a grant is to: a member (by id, once they are one) or a team. */
export type Grantee = { email: string; userId?: string } | { team: TeamRef; title: string };

type MemberStep =
  | { resource: 'member'; action: 'create'; email: string; role: Role | null }
  | {
      resource: 'member';
      action: 'update';
      userId: string;
      email: string;
      from: Role | null;
      to: Role | null;
    }
  | { resource: 'member'; action: 'delete'; userId: string; email: string; role: Role | null };

type TeamStep =
  | { resource: 'team'; action: 'create'; title: string }
  | { resource: 'team'; action: 'update'; teamId: string; from: string; to: string }
  | { resource: 'team'; action: 'delete'; teamId: string; title: string }
  | {
      resource: 'team-member';
      action: 'create';
      team: TeamRef;
      email: string;
      userId?: string;
      role: TeamRole;
    }
  | {
      resource: 'team-member';
      action: 'update';
      team: TeamRef;
      email: string;
      userId: string;
      from: TeamRole;
      to: TeamRole;
    }
  | { resource: 'team-member'; action: 'delete'; team: TeamRef; email: string; userId: string };

type ContentStep =
  | {
      resource: 'collection';
      action: 'create';
      path: string;
      title: string;
      parent: CollectionRef | null;
      description?: string;
      defaultLevel: Level;
    }
  | {
      resource: 'collection';
      action: 'update';
      collectionId: string;
      path: string;
      changes: { title?: [string, string]; description?: [string, string]; defaultLevel?: [Level, Level] };
    }
  | { resource: 'collection'; action: 'move'; collectionId: string; path: string; to: CollectionRef | null }
  | {
      resource: 'collection';
      action: 'delete';
      collectionId: string;
      path: string;
      inside: number;
      spaces?: number;
    }
  | {
      resource: 'space';
      action: 'create';
      path: string;
      title: string;
      parent: CollectionRef | null;
      emoji?: string;
      defaultLevel: Level;
    }
  | {
      resource: 'space';
      action: 'update';
      spaceId: string;
      path: string;
      changes: { title?: [string, string]; emoji?: [string, string]; defaultLevel?: [Level, Level] };
    }
  | { resource: 'space'; action: 'move'; spaceId: string; path: string; to: CollectionRef | null }
  | { resource: 'space'; action: 'delete'; spaceId: string; path: string };

type GrantStep =
  | { resource: 'grant'; action: 'create'; on: GrantTarget; to: Grantee; role: Role | null }
  | {
      resource: 'grant';
      action: 'update';
      on: GrantTarget;
      to: Grantee;
      from: Role | null;
      role: Role | null;
    }
  | { resource: 'grant'; action: 'delete'; on: GrantTarget; to: Grantee; from: Role | null };

type SettingsStep =
  | { resource: 'custom-field'; action: 'create'; field: OrgFileCustomField }
  | {
      resource: 'custom-field';
      action: 'update';
      name: string;
      changes: Partial<Pick<OrgFileCustomField, 'title' | 'description' | 'placeholder' | 'options'>>;
    }
  | { resource: 'custom-field'; action: 'delete'; name: string }
  | { resource: 'translation'; action: 'create'; title: string; languages: Language[] }
  | { resource: 'translation'; action: 'update'; translationId: string; title: string; languages: Language[] }
  | { resource: 'translation'; action: 'delete'; translationId: string; title: string }
  | {
      resource: 'saml';
      action: 'create';
      provider: Omit<OrgFileSamlProvider, 'id' | 'defaultTeam'>;
      defaultTeam?: TeamRef;
    }
  | {
      resource: 'saml';
      action: 'update';
      providerId: string;
      name: string;
      changes: Partial<Omit<OrgFileSamlProvider, 'id' | 'defaultTeam'>>;
      defaultTeam?: TeamRef;
    }
  | { resource: 'saml'; action: 'delete'; providerId: string; name: string }
  | { resource: 'invites'; action: 'update'; changes: Partial<OrgFileInvites> };

/** A site, section or section group that exists, or one the plan creates (by `site` or `site\u0000title`). */
export type SiteRef = ItemRef;
export interface VariantWanted {
  space: ItemRef;
  path: string;
}

type SiteStep =
  | {
      resource: 'site';
      action: 'create';
      title: string;
      visibility: SiteVisibilityValue;
      /** Published afterwards, by an update, once its sections hold spaces. */
      variants: VariantWanted[];
    }
  | {
      resource: 'site';
      action: 'update';
      site: SiteRef;
      title: string;
      changes: { title?: string; visibility?: SiteVisibilityValue; published?: boolean };
    }
  | { resource: 'site'; action: 'delete'; siteId: string; title: string }
  | {
      resource: 'site-section-group';
      action: 'create';
      site: SiteRef;
      key: string;
      title: string;
      icon?: string;
      /** The sections it groups (made before it: the API groups only sections that exist). */
      sections: SiteRef[];
    }
  | {
      resource: 'site-section-group';
      action: 'update';
      site: SiteRef;
      groupId: string;
      changes: { title?: string; icon?: string | null };
    }
  | { resource: 'site-section-group'; action: 'delete'; site: SiteRef; groupId: string; title: string }
  | {
      resource: 'site-section';
      action: 'create';
      site: SiteRef;
      key: string;
      title: string;
      path: string;
      description?: string;
      icon?: string;
      group?: SiteRef;
      first: VariantWanted | undefined;
    }
  | {
      resource: 'site-section';
      action: 'update';
      site: SiteRef;
      sectionId: string;
      changes: { title?: string; path?: string; description?: string | null; icon?: string | null };
      /** Its group changes: the one it leaves, the one it joins. */
      group?: { from: string | undefined; to: SiteRef | undefined };
    }
  | { resource: 'site-section'; action: 'delete'; site: SiteRef; sectionId: string; title: string }
  | {
      resource: 'site-variant';
      action: 'create';
      site: SiteRef;
      section: SiteRef | undefined;
      variant: VariantWanted;
    }
  | {
      resource: 'site-variant';
      action: 'update';
      site: SiteRef;
      siteSpaceId: string;
      changes: { path?: string; space?: ItemRef };
    }
  | { resource: 'site-variant'; action: 'delete'; site: SiteRef; siteSpaceId: string }
  | { resource: 'share-link'; action: 'create'; site: SiteRef; name: string; active: boolean }
  | {
      resource: 'share-link';
      action: 'update';
      site: SiteRef;
      shareLinkId: string;
      changes: { name?: string; active?: boolean };
    }
  | { resource: 'share-link'; action: 'delete'; site: SiteRef; shareLinkId: string; name: string };

export type PlanStep = (MemberStep | TeamStep | ContentStep | GrantStep | SettingsStep | SiteStep) & {
  /** What the step does, as the preview says it. */
  label: string;
  /** Why it can hurt, when it can. */
  dangerous?: string;
  /** Why it cannot run yet, when it cannot. */
  blocked?: string;
};

export type PlanResource = PlanStep['resource'];
export const PLAN_RESOURCES = [
  'member',
  'team',
  'team-member',
  'collection',
  'space',
  'grant',
  'site',
  'site-section-group',
  'site-section',
  'site-variant',
  'share-link',
  'custom-field',
  'translation',
  'saml',
  'invites',
] as const satisfies readonly PlanResource[];

export interface Plan {
  steps: PlanStep[];
  /** Per resource, how many are created, changed (updated or moved) and deleted. */
  counts: Record<PlanResource, { create: number; update: number; delete: number }>;
  dangerous: number;
  blocked: number;
}
