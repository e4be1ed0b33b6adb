/** Creating users, tokens and organizations: used by the CLI, the demo seed and tests. */
import type { Role } from '../../../shared/contract/index.ts';
import { newId, newToken, hashToken } from '../../ids.ts';
import type { Database } from '../../storage/database.ts';
import type { OrganizationsTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import { recordEvent, recordEventIn, type EventInput } from '../events.ts';

/** The user with this email (compared case-insensitively), created if there is none. */
export function ensureUser(
  db: Database,
  at: Date,
  email: string,
  displayName?: string,
): { id: string; created: boolean } {
  const normalized = email.trim().toLowerCase();
  const existing = db.first(userByEmail(db, normalized));
  if (existing) return { id: existing.id, created: false };
  const id = newId();
  db.run(userInsert(db, at, id, normalized, displayName));
  return { id, created: true };
}

/** As `ensureUser`, through a store's transaction (`tx`). */
export async function ensureUserIn(
  tx: Statements,
  at: Date,
  email: string,
  displayName?: string,
): Promise<{ id: string; created: boolean }> {
  const normalized = email.trim().toLowerCase();
  const existing = await tx.first(userByEmail(tx, normalized));
  if (existing) return { id: existing.id, created: false };
  const id = newId();
  await tx.run(userInsert(tx, at, id, normalized, displayName));
  return { id, created: true };
}

function userByEmail(on: Pick<Statements, 'q'>, normalized: string) {
  return on.q.selectFrom('users').select('id').where('email', '=', normalized);
}

function userInsert(
  on: Pick<Statements, 'q'>,
  at: Date,
  id: string,
  normalized: string,
  displayName: string | undefined,
) {
  return on.q.insertInto('users').values({
    id,
    email: normalized,
    display_name: displayName ?? defaultDisplayName(normalized),
    photo_url: null,
    created_at: at.toISOString(),
  });
}

/** `ada.lovelace@x.org` → `Ada Lovelace`. */
export function defaultDisplayName(email: string): string {
  const local = email.split('@')[0] ?? email;
  return local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join(' ');
}

/** A new token for a user; only its hash is stored, the token itself is returned once. */
export function issueToken(db: Database, at: Date, userId: string, label = 'api'): string {
  const token = newToken();
  db.run(
    db.q
      .insertInto('tokens')
      .values({ hash: hashToken(token), user_id: userId, label, created_at: at.toISOString() }),
  );
  return token;
}

export interface NewOrganization {
  title: string;
  ownerId: string;
  emailDomains?: string[];
  hostname?: string | null;
  defaultRole?: Role | null;
}

/** Creates an organization with its owner as its first admin. */
export function createOrganization(db: Database, at: Date, input: NewOrganization): OrganizationsTable {
  return db.transaction(() => {
    const org = newOrganizationRow(at, input);
    db.run(db.q.insertInto('organizations').values(org));
    addMember(db, at, org.id, input.ownerId, 'admin');
    recordEvent(db, at, organizationCreated(org, input.ownerId));
    return org;
  });
}

/** As `createOrganization`, through a store's transaction (`tx`). */
export async function createOrganizationIn(
  tx: Statements,
  at: Date,
  input: NewOrganization,
): Promise<OrganizationsTable> {
  const org = newOrganizationRow(at, input);
  await tx.run(tx.q.insertInto('organizations').values(org));
  await addMemberIn(tx, at, org.id, input.ownerId, 'admin');
  await recordEventIn(tx, at, organizationCreated(org, input.ownerId));
  return org;
}

function newOrganizationRow(at: Date, input: NewOrganization): OrganizationsTable {
  return {
    id: newId(),
    title: input.title,
    created_at: at.toISOString(),
    email_domains: JSON.stringify(input.emailDomains ?? []),
    hostname: input.hostname ?? null,
    type: 'business',
    use_case: null,
    community_type: null,
    default_role: input.defaultRole === undefined ? 'read' : input.defaultRole,
    default_content_site: null,
    sso: 0,
    ai: 1,
    invite_links: 1,
    plan: 'free_2024',
    logo: null,
    member_count: 0,
    permission_count: 0,
  };
}

function organizationCreated(org: OrganizationsTable, ownerId: string): EventInput {
  return {
    organizationId: org.id,
    actorId: ownerId,
    action: 'organization.created',
    subjectType: 'organization',
    subjectId: org.id,
    data: { title: org.title },
  };
}

/** Adds a user to an organization with a role (no-op if already a member); answers whether it was added. */
export function addMember(
  db: Database,
  at: Date,
  organizationId: string,
  userId: string,
  role: Role | null,
  sso = false,
): boolean {
  return db.run(memberInsert(db, at, organizationId, userId, role, sso)) > 0;
}

/** As `addMember`, through a store's transaction (`tx`). */
export async function addMemberIn(
  tx: Statements,
  at: Date,
  organizationId: string,
  userId: string,
  role: Role | null,
  sso = false,
): Promise<boolean> {
  return (await tx.run(memberInsert(tx, at, organizationId, userId, role, sso))) > 0;
}

function memberInsert(
  on: Pick<Statements, 'q'>,
  at: Date,
  organizationId: string,
  userId: string,
  role: Role | null,
  sso: boolean,
) {
  return on.q
    .insertInto('members')
    .values({
      organization_id: organizationId,
      user_id: userId,
      role,
      disabled: 0,
      sso: sso ? 1 : 0,
      joined_at: at.toISOString(),
      last_seen_at: null,
    })
    .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doNothing());
}
