/**
 * The steps of a plan, per resource. Every step has the common fields the preview renders without knowing the
 * resource: `resource`, `action`, `label`, and `dangerous` or `blocked` when they apply.
 */
import type { Static } from '@sinclair/typebox';
import type { Role, TeamRole } from '../../contract/constants.ts';
import type { DefaultLevel, TranslationLanguageCode as Language } from '../../contract/resources/content.ts';
import type { OrgFileCustomField, OrgFileInvites, OrgFileSamlProvider } from '../schema-settings.ts';

export type Level = Static<typeof DefaultLevel>;

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

export type PlanStep = (MemberStep | TeamStep | ContentStep | GrantStep | SettingsStep) & {
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
