/** Handlers: list, get and update organizations; organizations by email domain. */
import type { Role } from '../../../shared/contract/index.ts';
import { EmailDomain } from '../../../shared/contract/resources/organizations.ts';
import { badRequest, conflict } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { keysetQueriesIn, listPageIn, type SortKey } from '../../http/pagination.ts';
import { authorize } from '../../policies/index.ts';
import type { OrganizationsTable } from '../../storage/schema.ts';
import { loadOrgAccessIn, ownsTeamColumn } from '../access.ts';
import { ensureValidMergeRulesIn } from '../merge-rules/validate.ts';
import { storedMergeRules } from '../merge-rules/records.ts';
import { recordEventIn } from '../events.ts';
import { presentOrganization } from './present.ts';

const EMAIL_DOMAIN_PATTERN = new RegExp(EmailDomain.pattern ?? '');
const EMAIL_DOMAIN_MAX = EmailDomain.maxLength ?? 253;

const ORG_KEYS: readonly SortKey[] = [
  { column: 'o.title', direction: 'asc' },
  { column: 'o.id', direction: 'asc' },
];

export const organizationHandlers = {
  listOrganizationsForAuthenticatedUser: async ({ query, actor, services: { store }, baseUrl }) => {
    const base = store.q
      .selectFrom('organizations as o')
      .innerJoin('members as m', 'm.organization_id', 'o.id')
      .selectAll('o')
      .select('m.role as member_role')
      .select(ownsTeamColumn(actor.userId))
      .where('m.user_id', '=', actor.userId)
      .where('m.disabled', '=', 0);
    return listPageIn({
      query,
      keys: ORG_KEYS,
      ...keysetQueriesIn(store, base, ORG_KEYS),
      keyOf: (row) => [row.title, row.id],
      present: ({ member_role, owns_team, ...org }) =>
        presentOrganization(
          org,
          { userId: actor.userId, role: member_role as Role | null, ownsTeam: Boolean(owns_team) },
          baseUrl,
        ),
    });
  },

  getOrganizationById: async ({ params, actor, services: { store }, baseUrl }) => {
    const { org, actor: orgActor } = await loadOrgAccessIn(store, params.organizationId, actor.userId);
    return presentOrganization(org, orgActor, baseUrl);
  },

  updateOrganizationById: async ({ params, body, actor, services: { store, clock }, baseUrl }) => {
    const now = clock.now();
    // The caller's standing, the hostname's holder and the members the merge rules name are read in the
    // transaction of the write that depends on them.
    return store.transaction(async (tx) => {
      const { org, actor: orgActor } = await loadOrgAccessIn(tx, params.organizationId, actor.userId);
      authorize(orgActor, 'organization.update', null);
      const changes: Partial<OrganizationsTable> = {};
      if (body.title !== undefined) {
        if (body.title.trim().length < 2)
          throw badRequest('body field `title` must have at least 2 non-blank characters');
        changes.title = body.title.trim();
      }
      if (body.emailDomains !== undefined)
        changes.email_domains = JSON.stringify([...new Set(body.emailDomains)]);
      if (body.hostname !== undefined && body.hostname !== org.hostname) {
        const taken = await tx.first(
          tx.q
            .selectFrom('organizations')
            .select('id')
            .where('hostname', '=', body.hostname)
            .where('id', '!=', org.id),
        );
        if (taken) throw conflict(`hostname \`${body.hostname}\` is already used by another organization`);
        changes.hostname = body.hostname;
      }
      if (body.defaultRole !== undefined) changes.default_role = body.defaultRole;
      if (body.defaultContent !== undefined) {
        if (body.defaultContent !== null) {
          // Sites arrive with their own issue; until then no site exists to point at.
          throw badRequest(
            `body field \`defaultContent.site\`: no site with id \`${body.defaultContent.site}\` in this organization`,
          );
        }
        changes.default_content_site = null;
      }
      if (body.logo !== undefined) {
        // Any URI passes the contract; only web addresses make sense as an image and none can run script.
        if (body.logo !== null && !/^https?:\/\//i.test(body.logo)) {
          throw badRequest('body field `logo` must be an http or https URL');
        }
        changes.logo = body.logo;
      }
      if (body.sso !== undefined) changes.sso = body.sso ? 1 : 0;
      if (body.ai !== undefined) changes.ai = body.ai ? 1 : 0;
      if (body.inviteLinks !== undefined) changes.invite_links = body.inviteLinks ? 1 : 0;
      if (body.mergeRules !== undefined) {
        await ensureValidMergeRulesIn(tx, org.id, body.mergeRules);
        changes.merge_rules = storedMergeRules(body.mergeRules, 'organization');
      }
      if (body.auditLogRetentionDays !== undefined) changes.audit_retention_days = body.auditLogRetentionDays;
      if (Object.keys(changes).length > 0) {
        await tx.run(tx.q.updateTable('organizations').set(changes).where('id', '=', org.id));
      }
      await recordEventIn(tx, now, {
        organizationId: org.id,
        actorId: actor.userId,
        action: 'organization.updated',
        subjectType: 'organization',
        subjectId: org.id,
        data: { fields: Object.keys(body) },
      });
      return presentOrganization({ ...org, ...changes }, orgActor, baseUrl);
    });
  },

  getOrganizationsForEmailDomain: async ({ params, actor, services: { store }, baseUrl }) => {
    const domain = params.emailDomain.toLowerCase();
    if (domain.length > EMAIL_DOMAIN_MAX || !EMAIL_DOMAIN_PATTERN.test(domain)) {
      throw badRequest('path parameter `emailDomain` must be a domain name such as `example.com`');
    }
    const user = await store.first(
      store.q.selectFrom('users').select('email').where('id', '=', actor.userId),
    );
    const ownDomain = user?.email.split('@')[1] ?? '';
    // Only organizations the caller belongs to, or could join because the domain is the caller's own. A disabled
    // membership counts as none, as everywhere else.
    const rows = await store.all(
      store.q
        .selectFrom('organizations as o')
        .leftJoin('members as m', (join) =>
          join
            .onRef('m.organization_id', '=', 'o.id')
            .on('m.user_id', '=', actor.userId)
            .on('m.disabled', '=', 0),
        )
        .selectAll('o')
        .select(['m.role as member_role', 'm.user_id as member_id'])
        .select(ownsTeamColumn(actor.userId))
        // A coarse pre-filter on the JSON text; the exact match on the parsed list follows.
        .where('o.email_domains', 'like', `%"${domain}"%`)
        .orderBy('o.title')
        .orderBy('o.id'),
    );
    const organizations = rows
      .filter((row) => (JSON.parse(row.email_domains) as string[]).includes(domain))
      .filter((row) => row.member_id !== null || domain === ownDomain)
      .map(({ member_role, member_id, owns_team, ...org }) =>
        presentOrganization(
          org,
          member_id === null
            ? { userId: actor.userId, role: null, ownsTeam: false }
            : { userId: actor.userId, role: member_role as Role | null, ownsTeam: Boolean(owns_team) },
          baseUrl,
        ),
      );
    return { organizations };
  },
} satisfies Handlers;
