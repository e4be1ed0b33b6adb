/**
 * Who may do what: one typed rule per action, composed from small predicates. The same rules answer
 * `authorize` (403 on refusal) and fill every `permissions` object.
 */
import type { Role, TeamRole } from '../../shared/contract/index.ts';
import { forbidden } from '../errors.ts';

/** The caller as seen inside one organization. */
export interface OrgActor {
  userId: string;
  /** The caller's organization role; `null` for a guest. */
  role: Role | null;
  /** Whether the caller owns at least one team of the organization. */
  ownsTeam: boolean;
  /**
   * Whether anyone was given a role on an item of the organization: `false` spares the read of the caller's grants.
   * Unknown when absent (the grants are read).
   */
  grantsInOrganization?: boolean;
}

export interface TeamSubject {
  teamId: string;
  /** The caller's role in this team, if a member of it. */
  actorTeamRole: TeamRole | null;
}

export interface MemberSubject {
  userId: string;
}

/** A collection or a space, as the caller reaches it: the caller's effective level on it (`null`: no access). */
export interface ContentSubject {
  level: Role | null;
}

const RANK: Record<Role, number> = { admin: 6, create: 5, review: 4, edit: 3, comment: 2, read: 1 };

/** The rank of a role; guests rank 0. */
export function roleRank(role: Role | null): number {
  return role === null ? 0 : RANK[role];
}

/** The lower of two levels (`null`, no access, is the lowest). */
export function minLevel(a: Role | null, b: Role | null): Role | null {
  return roleRank(a) <= roleRank(b) ? a : b;
}

/** A person's level on a site: admins are admin; else the role given on the site wins over the organization role. */
export function siteLevel(role: Role | null, grant: Role | undefined): Role | null {
  if (role === 'admin') return 'admin';
  return grant ?? role;
}

/**
 * A person's effective level on a space or collection, by precedence as GitBook documents it: organization admins
 * have `admin` everywhere; otherwise a role given on the item itself (`grant`: the person's own, else their teams'
 * highest) wins over everything; else the item's default level decides: `null` hides it, a role restricts (capped by
 * the organization role, never escalating), and `inherit` takes, for a space, the role given on a site that links
 * it (`site`: site permissions take precedence over the organization and the collection), else the parent
 * collection's effective level, or the organization role at the top level (`inherited`). Guests (role `null`)
 * reach only what they were given, and what inherits from it.
 */
export function effectiveLevel(input: {
  role: Role | null;
  defaultLevel: string | null;
  grant: Role | undefined;
  site?: (() => Role | undefined) | undefined;
  inherited: () => Role | null;
}): Role | null {
  const { role, defaultLevel } = input;
  if (role === 'admin') return 'admin';
  if (input.grant !== undefined) return input.grant;
  if (defaultLevel === null) return null;
  if (defaultLevel !== 'inherit') return minLevel(role, defaultLevel as Role);
  return input.site?.() ?? input.inherited();
}

const isAdmin = (a: OrgActor) => a.role === 'admin';
const atLeast = (role: Role) => (a: OrgActor) => roleRank(a.role) >= roleRank(role);
const notGuest = (a: OrgActor) => a.role !== null;
const always = () => true;
const levelAtLeast = (role: Role) => (_a: OrgActor, c: ContentSubject) => roleRank(c.level) >= roleRank(role);

const rules = {
  organization: {
    view: always,
    access: always,
    admin: isAdmin,
    update: isAdmin,
    ownTeam: (a: OrgActor) => a.ownsTeam,
    createContent: atLeast('create'),
    createOpenAPISpec: atLeast('create'),
    /** OpenAPI specifications and their versions: every member but guests. */
    viewOpenAPISpecs: notGuest,
    viewBilling: isAdmin,
    listMembers: notGuest,
    listTeams: notGuest,
    listIntegrations: notGuest,
    createTeam: isAdmin,
    manageInvites: isAdmin,
    inviteMembers: isAdmin,
    /** Move collections and spaces between organizations: needs this in both. */
    transferContent: isAdmin,
    viewTrash: isAdmin,
    /** Delete a space in the trash for good, before its 7 days are over. */
    purgeTrash: isAdmin,
    /** SAML providers hold the organization's sign-in setup: admins only, reading included. */
    manageSAML: isAdmin,
    /** Where to start single sign-on (labels and start URLs, nothing secret): every member. */
    viewSSOLogins: always,
    viewCustomFields: notGuest,
    manageCustomFields: isAdmin,
    viewTranslations: notGuest,
    manageTranslations: isAdmin,
    /** The audit log names every change and who made it: admins only, as GitBook restricts it. */
    viewAuditLog: isAdmin,
    /** What a member or a team reaches, and why: it names every item and grant, so admins only. */
    inspectAccess: isAdmin,
  },
  team: {
    view: (a: OrgActor, t: TeamSubject) => notGuest(a) || t.actorTeamRole !== null,
    /** Manage the team's members: organization admins and the team's owners. */
    admin: (a: OrgActor, t: TeamSubject) => isAdmin(a) || t.actorTeamRole === 'owner',
    rename: (a: OrgActor) => isAdmin(a),
    delete: (a: OrgActor) => isAdmin(a),
  },
  member: {
    view: (a: OrgActor, m: MemberSubject) => notGuest(a) || a.userId === m.userId,
    updateRole: (a: OrgActor) => isAdmin(a),
    /** Admins remove anyone; any member may leave. */
    remove: (a: OrgActor, m: MemberSubject) => isAdmin(a) || a.userId === m.userId,
    setSSO: (a: OrgActor) => isAdmin(a),
    viewSpaces: (a: OrgActor, m: MemberSubject) => isAdmin(a) || a.userId === m.userId,
    viewTeams: (a: OrgActor, m: MemberSubject) => notGuest(a) || a.userId === m.userId,
  },
  collection: {
    view: levelAtLeast('read'),
    create: levelAtLeast('create'),
    admin: levelAtLeast('admin'),
    viewInviteLinks: levelAtLeast('admin'),
    /** Who was given a role on it, and who reaches it: members who see it (not guests: they see no member list). */
    viewPermissions: (a: OrgActor, c: ContentSubject) => notGuest(a) && levelAtLeast('read')(a, c),
    /** Give, change and take back roles on it. */
    managePermissions: levelAtLeast('admin'),
  },
  space: {
    view: levelAtLeast('read'),
    access: levelAtLeast('read'),
    comment: levelAtLeast('comment'),
    edit: levelAtLeast('edit'),
    /** Ask people or teams to review a change request. */
    requestReview: levelAtLeast('edit'),
    triggerGitSync: levelAtLeast('edit'),
    review: levelAtLeast('review'),
    merge: levelAtLeast('review'),
    admin: levelAtLeast('admin'),
    viewInviteLinks: levelAtLeast('admin'),
    viewPermissions: (a: OrgActor, c: ContentSubject) => notGuest(a) && levelAtLeast('read')(a, c),
    managePermissions: levelAtLeast('admin'),
  },
  /**
   * Sites, by the caller's level on the site (`siteLevel`): the organization role, or the role given on the site,
   * which wins; organization admins are admin on every site.
   */
  site: {
    /** Sites, their structure, share links and adaptive schema: every member but guests not given a role on it. */
    view: levelAtLeast('read'),
    /** Every change to a site or what it holds. */
    admin: levelAtLeast('admin'),
    viewPermissions: (a: OrgActor, c: ContentSubject) => notGuest(a) && levelAtLeast('read')(a, c),
    managePermissions: levelAtLeast('admin'),
  },
} satisfies {
  organization: Record<string, (actor: OrgActor, subject: null) => boolean>;
  team: Record<string, (actor: OrgActor, subject: TeamSubject) => boolean>;
  member: Record<string, (actor: OrgActor, subject: MemberSubject) => boolean>;
  collection: Record<string, (actor: OrgActor, subject: ContentSubject) => boolean>;
  space: Record<string, (actor: OrgActor, subject: ContentSubject) => boolean>;
  site: Record<string, (actor: OrgActor, subject: ContentSubject) => boolean>;
};

type Rules = typeof rules;
interface Subjects {
  organization: null;
  team: TeamSubject;
  member: MemberSubject;
  collection: ContentSubject;
  space: ContentSubject;
  site: ContentSubject;
}
/** Every action, as `subject.action`. */
export type Action = { [S in keyof Rules]: `${S}.${keyof Rules[S] & string}` }[keyof Rules];
type SubjectOf<A extends Action> = A extends `${infer S extends keyof Subjects}.${string}`
  ? Subjects[S]
  : never;

/** Every action of the rules, in rule order (tests walk it to prove their table is complete). */
export const ACTIONS: readonly Action[] = Object.entries(rules).flatMap(([kind, group]) =>
  Object.keys(group).map((name) => `${kind}.${name}` as Action),
);

/** The rule of every action, looked up whole: `can` runs for every item of every list presented. */
const RULE_OF = new Map<string, (actor: OrgActor, subject: unknown) => boolean>(
  Object.entries(rules).flatMap(([kind, group]) =>
    Object.entries(group as Record<string, (actor: OrgActor, subject: unknown) => boolean>).map(
      ([name, rule]) => [`${kind}.${name}`, rule] as const,
    ),
  ),
);

/** Whether the caller may do `action` to `subject`. */
export function can<A extends Action>(actor: OrgActor, action: A, subject: SubjectOf<A>): boolean {
  const rule = RULE_OF.get(action);
  return rule ? rule(actor, subject) : false;
}

/** What a refusal says, for every action: a 403 always names what the caller lacks. */
const REFUSALS: Record<Action, string> = {
  'organization.view': 'you may not see this organization',
  'organization.access': 'you may not open this organization',
  'organization.admin': 'only admins of the organization may do this',
  'organization.ownTeam': 'only owners of a team of the organization may do this',
  'organization.createContent': 'only members with the create or admin role may create content',
  'organization.createOpenAPISpec':
    'only members with the create or admin role may add OpenAPI specifications',
  'organization.viewOpenAPISpecs': 'guests may not see the OpenAPI specifications of the organization',
  'organization.viewBilling': 'only admins of the organization may see its billing',
  'organization.listIntegrations': 'guests may not list the integrations of the organization',
  'organization.update': 'only admins of the organization may change its settings',
  'organization.listMembers': 'guests may not list the members of the organization',
  'organization.listTeams': 'guests may not list the teams of the organization',
  'organization.createTeam': 'only admins of the organization may create teams',
  'organization.manageInvites': 'only admins of the organization may manage invite links',
  'organization.inviteMembers': 'only admins of the organization may invite members',
  'organization.transferContent': 'only admins of both organizations may transfer content between them',
  'organization.viewTrash': 'only admins of the organization may see its trash',
  'organization.purgeTrash': 'only admins of the organization may delete a space in the trash for good',
  'organization.manageSAML': 'only admins of the organization may see or change its SAML providers',
  'organization.viewSSOLogins': 'you may not see the sign-in options of this organization',
  'organization.viewCustomFields': 'guests may not see the custom fields of the organization',
  'organization.manageCustomFields': 'only admins of the organization may change its custom fields',
  'organization.viewTranslations': 'guests may not see the translation settings of the organization',
  'organization.manageTranslations': 'only admins of the organization may change its translation settings',
  'organization.viewAuditLog': 'only admins of the organization may see its audit log',
  'organization.inspectAccess': 'only admins of the organization may inspect what members and teams reach',
  'team.view': 'guests may only see the teams they belong to',
  'team.admin': "only admins of the organization and the team's owners may manage its members",
  'team.rename': 'only admins of the organization may rename teams',
  'team.delete': 'only admins of the organization may delete teams',
  'member.view': 'guests may only see their own membership',
  'member.updateRole': 'only admins of the organization may change roles',
  'member.remove': 'only admins of the organization may remove other members',
  'member.setSSO': 'only admins of the organization may mark members as SSO members',
  'member.viewSpaces': "only admins of the organization may list another member's spaces",
  'member.viewTeams': "guests may not list another member's teams",
  'collection.view': 'you may not see this collection',
  'collection.create': 'creating content in this collection needs the create or admin level on it',
  'collection.admin': 'this needs the admin level on the collection',
  'collection.viewInviteLinks': 'only admins of the collection may see its invite links',
  'collection.viewPermissions': 'guests may not list who may access this collection',
  'collection.managePermissions': 'giving or taking back roles on a collection needs the admin level on it',
  'space.view': 'you may not see this space',
  'space.access': 'you may not open this space',
  'space.comment': 'commenting needs the comment level or higher on this space',
  'space.edit': 'editing needs the edit level or higher on this space',
  'space.requestReview': 'requesting reviewers needs the edit level or higher on this space',
  'space.triggerGitSync': 'triggering a Git sync needs the edit level or higher on this space',
  'space.review': 'reviewing needs the review level or higher on this space',
  'space.merge': 'merging needs the review level or higher on this space',
  'space.admin': 'this needs the admin level on the space',
  'space.viewInviteLinks': 'only admins of the space may see its invite links',
  'space.viewPermissions': 'guests may not list who may access this space',
  'space.managePermissions': 'giving or taking back roles on a space needs the admin level on it',
  'site.view': 'guests may not see the sites of the organization, except those they were given a role on',
  'site.admin':
    'only admins of the organization may change its sites, and members given the admin role on one',
  'site.viewPermissions': 'guests may not list who may access this site',
  'site.managePermissions': 'giving or taking back roles on a site needs the admin level on it',
};

/** Throws a 403 that says what is missing, unless the caller may do `action`. */
export function authorize<A extends Action>(actor: OrgActor, action: A, subject: SubjectOf<A>): void {
  if (!can(actor, action, subject)) throw forbidden(REFUSALS[action]);
}
