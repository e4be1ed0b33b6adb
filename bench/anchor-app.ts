/**
 * The hand-written anchor of the `server` suite: what a careful engineer would write for the three endpoints under
 * load with Fastify (response schemas, so fast-json-stringify serializes) and `node:sqlite` prepared statements,
 * on the database the suite seeds. Each request takes the same steps as the real server: the bearer token hashed
 * and looked up, the caller's membership checked, the rows read (a keyset page for the list), the same JSON out.
 * It answers only what the suite sends; the response shapes are typed against the contract, and the suite compares
 * its answers with the real server's before loading either.
 */
import { randomBytes } from 'node:crypto';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { LIST_LIMIT_DEFAULT, type Operations, type ResponseOf, type Role } from '../shared/contract/index.ts';
import type { Member, Team } from '../shared/contract/resources/members.ts';
import { hashToken } from '../server/ids.ts';
import type { MemberRow } from '../server/domain/members/present.ts';
import type { TeamRow } from '../server/domain/teams/present.ts';
import { anchorSchemas as schemas } from './anchor-schemas.ts';

type MemberPage = ResponseOf<Operations['listMembersInOrganizationById']>;

const BEARER = /^[Bb][Ee][Aa][Rr][Ee][Rr] +([A-Za-z0-9._~+/=-]{16,512})$/;

/** An error answered as `{ error: { code, message } }`. */
class HttpError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}

const MEMBER_COLUMNS = `m.user_id, m.role, m.disabled, m.sso, m.joined_at, m.last_seen_at, u.email, u.display_name,
  u.photo_url, (SELECT count(*) FROM team_members AS tm
    WHERE tm.organization_id = m.organization_id AND tm.user_id = m.user_id) AS teams
  FROM members AS m JOIN users AS u ON u.id = m.user_id WHERE m.organization_id = ?`;

/** Every statement, prepared once on the connection. */
function prepareStatements(db: DatabaseSync) {
  const visible = `SELECT count(*) AS n FROM spaces WHERE organization_id = ? AND deleted_at IS NULL`;
  return {
    tokenOwner: db.prepare('SELECT user_id FROM tokens WHERE hash = ?'),
    access: db.prepare(`SELECT o.member_count, m.role FROM organizations AS o
      JOIN members AS m ON m.organization_id = o.id AND m.user_id = ?
      WHERE o.id = ? AND m.disabled = 0`),
    team: db.prepare(`SELECT t.id, t.title, t.created_at,
      (SELECT count(*) FROM team_members AS c WHERE c.team_id = t.id) AS members,
      (SELECT a.role FROM team_members AS a WHERE a.team_id = t.id AND a.user_id = ?) AS actor_role
      FROM teams AS t WHERE t.organization_id = ? AND t.id = ?`),
    firstPage: db.prepare(`SELECT ${MEMBER_COLUMNS} ORDER BY m.joined_at DESC, m.user_id DESC LIMIT ?`),
    nextPage: db.prepare(`SELECT ${MEMBER_COLUMNS} AND (m.joined_at, m.user_id) < (?, ?)
      ORDER BY m.joined_at DESC, m.user_id DESC LIMIT ?`),
    member: db.prepare(`SELECT ${MEMBER_COLUMNS} AND m.user_id = ?`),
    // Spaces a member of a role may view: admins every space, other roles the ones with a level (one level of
    // collections deep), guests none (not queried).
    spacesForAdmin: db.prepare(visible),
    spacesForRole: db.prepare(`${visible} AND default_level IS NOT NULL AND (default_level != 'inherit'
      OR parent_id IS NULL OR parent_id IN (SELECT id FROM collections
        WHERE organization_id = ? AND default_level IS NOT NULL))`),
    otherAdmins: db.prepare(`SELECT count(*) AS n FROM members
      WHERE organization_id = ? AND role = 'admin' AND disabled = 0 AND user_id != ?`),
    setRole: db.prepare('UPDATE members SET role = ? WHERE organization_id = ? AND user_id = ?'),
    insertEvent: db.prepare(`INSERT INTO events
      (id, organization_id, actor_id, action, subject_type, subject_id, data, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
    begin: db.prepare('BEGIN IMMEDIATE'),
    commit: db.prepare('COMMIT'),
    rollback: db.prepare('ROLLBACK'),
  };
}
type Statements = ReturnType<typeof prepareStatements>;

/** The caller's user id, from the bearer token, or a 401. */
function authenticate(statements: Statements, request: FastifyRequest): string {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match) throw new HttpError(401, 'the Authorization header is missing or malformed');
  const row = statements.tokenOwner.get(hashToken(match[1] as string)) as { user_id: string } | undefined;
  if (!row) throw new HttpError(401, 'the token is unknown or has been revoked');
  return row.user_id;
}

/** The caller's role in the organization and its member count, or a 404 if the caller is not an active member. */
function membership(statements: Statements, orgId: string, userId: string) {
  const row = statements.access.get(userId, orgId) as { member_count: number; role: Role | null } | undefined;
  if (!row) throw new HttpError(404, `no organization with id \`${orgId}\``);
  return row;
}

/** How many spaces a member of each role may view, counted once per role and request. */
function spaceCounter(statements: Statements, orgId: string): (role: Role | null) => number {
  const counts = new Map<Role | null, number>();
  return (role) => {
    let count = counts.get(role);
    if (count === undefined) {
      const row =
        role === null
          ? { n: 0 }
          : role === 'admin'
            ? statements.spacesForAdmin.get(orgId)
            : statements.spacesForRole.get(orgId, orgId);
      count = Number((row as { n: number } | undefined)?.n ?? 0);
      counts.set(role, count);
    }
    return count;
  };
}

function presentMember(row: MemberRow, baseUrl: string, spaces: (role: Role | null) => number): Member {
  return {
    object: 'member',
    id: row.user_id,
    role: row.role as Role | null,
    user: {
      object: 'user',
      id: row.user_id,
      displayName: row.display_name,
      email: row.email,
      ...(row.photo_url !== null ? { photoURL: row.photo_url } : {}),
      urls: { location: `${baseUrl}/v1/users/${row.user_id}` },
    },
    disabled: row.disabled === 1,
    joinedAt: row.joined_at,
    ...(row.last_seen_at !== null ? { lastSeenAt: row.last_seen_at } : {}),
    sso: row.sso === 1,
    spaces: spaces(row.role as Role | null),
    teams: Number(row.teams),
  };
}

/** The cursor's key values (joined_at, user_id), or a 400; the same encoding as the real server's. */
function decodeCursor(page: string): [string, string] {
  try {
    const values: unknown = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'));
    if (Array.isArray(values) && values.length === 2 && values.every((v) => typeof v === 'string'))
      return [values[0] as string, values[1] as string];
  } catch {
    // answered below
  }
  throw new HttpError(400, 'query parameter `page` is not a page cursor of this list');
}

function baseUrlOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Fastify with the three routes on the database file at `databaseFile` (migrated and seeded already). */
export function buildAnchor(databaseFile: string): { app: FastifyInstance; close: () => void } {
  const db = new DatabaseSync(databaseFile);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
  const statements = prepareStatements(db);
  const app = Fastify({ logger: false });

  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 500;
    void reply.status(status).send({ error: { code: status, message: error.message } });
  });

  app.get<{ Params: { org: string; team: string } }>(
    '/v1/orgs/:org/teams/:team',
    { schema: { response: { 200: schemas.team } } },
    (request): Team => {
      const userId = authenticate(statements, request);
      const { org, team } = request.params;
      const caller = membership(statements, org, userId);
      const row = statements.team.get(userId, org, team) as TeamRow | undefined;
      if (!row) throw new HttpError(404, `no team with id \`${team}\``);
      const view = caller.role !== null || row.actor_role !== null;
      if (!view) throw new HttpError(403, 'guests may only see the teams they belong to');
      return {
        object: 'team',
        id: row.id,
        title: row.title,
        members: Number(row.members),
        spaces: 0,
        createdAt: row.created_at,
        permissions: { admin: caller.role === 'admin' || row.actor_role === 'owner', view },
      };
    },
  );

  app.get<{ Params: { org: string }; Querystring: { limit?: number; page?: string } }>(
    '/v1/orgs/:org/members',
    { schema: { querystring: schemas.listQuery, response: { 200: schemas.memberPage } } },
    (request): MemberPage => {
      const userId = authenticate(statements, request);
      const { org } = request.params;
      const caller = membership(statements, org, userId);
      if (caller.role === null)
        throw new HttpError(403, 'guests may not list the members of the organization');
      const limit = request.query.limit ?? LIST_LIMIT_DEFAULT;
      const after = request.query.page === undefined ? undefined : decodeCursor(request.query.page);
      const rows = (after === undefined
        ? statements.firstPage.all(org, limit + 1)
        : statements.nextPage.all(org, ...after, limit + 1)) as unknown as MemberRow[];
      const shown = rows.length > limit ? rows.slice(0, limit) : rows;
      const spaces = spaceCounter(statements, org);
      const baseUrl = baseUrlOf(request);
      const page: MemberPage = {
        items: shown.map((row) => presentMember(row, baseUrl, spaces)),
        count: caller.member_count,
      };
      const last = shown.at(-1);
      if (rows.length > limit && last !== undefined) {
        const cursor = JSON.stringify([last.joined_at, last.user_id]);
        page.next = { page: Buffer.from(cursor, 'utf8').toString('base64url') };
      }
      return page;
    },
  );

  app.patch<{ Params: { org: string; user: string }; Body: { role: Role | null } }>(
    '/v1/orgs/:org/members/:user',
    { schema: { body: schemas.updateMember, response: { 200: schemas.member } } },
    (request): Member => {
      const userId = authenticate(statements, request);
      const { org, user } = request.params;
      const caller = membership(statements, org, userId);
      if (caller.role !== 'admin')
        throw new HttpError(403, 'only admins of the organization may change roles');
      const role = request.body.role;
      statements.begin.run();
      let target: MemberRow | undefined;
      try {
        target = statements.member.get(org, user) as MemberRow | undefined;
        if (!target) throw new HttpError(404, `no member with id \`${user}\` in this organization`);
        if (target.role === 'admin' && role !== 'admin') {
          const others = statements.otherAdmins.get(org, user) as { n: number };
          if (others.n === 0) throw new HttpError(409, 'cannot change the role of the last admin');
        }
        statements.setRole.run(role, org, user);
        const now = new Date();
        const eventId = now.getTime().toString(36).padStart(9, '0') + randomBytes(7).toString('hex');
        const data = JSON.stringify({ from: target.role, to: role });
        const event: SQLInputValue[] = [eventId, org, userId, 'member.role_changed', 'member', user, data];
        statements.insertEvent.run(...event, now.toISOString());
        statements.commit.run();
      } catch (error) {
        statements.rollback.run();
        throw error;
      }
      return presentMember({ ...target, role }, baseUrlOf(request), spaceCounter(statements, org));
    },
  );

  return { app, close: () => db.close() };
}
