/**
 * Seeds a browser-mode data directory for the `access` benchmark: the `tree` suite's 10,000 spaces in "Acme Docs",
 * then 100,000 audit events over the last 30 days, and grants for one reader: a team of theirs given `edit` on every
 * tenth space and `comment` on a collection, every twentieth collection closed by default, a direct grant on a site.
 */
import { join } from 'node:path';
import { AUDIT_ACTIONS, type AuditAction } from '../server/domain/audit/actions.ts';
import { recordEvent } from '../server/domain/events.ts';
import { newId } from '../server/ids.ts';
import { openDatabase } from '../server/storage/database.ts';
import { seedTree } from './tree-seed.ts';

export interface AccessSeed {
  orgId: string;
  /** The member inspected: a reader of the demo, in the bench team. */
  userId: string;
  /** Spaces of the organization (the trash left out). */
  spaceCount: number;
  eventCount: number;
  /** The action the filter measurement picks (its label, as the filter lists it). */
  filterActionLabel: string;
  filterAction: AuditAction;
}

export interface AccessSeedSize {
  spaces: number;
  events: number;
}

const DAY = 86_400_000;
/** The actions the seeded events name, in turn. */
const ACTIONS = (Object.keys(AUDIT_ACTIONS) as AuditAction[])
  .filter((action) => /^(space|collection|team|member)\./.test(action))
  .slice(0, 12);

export function seedAccess(dataDir: string, size: AccessSeedSize, now = new Date()): AccessSeed {
  const tree = seedTree(
    dataDir,
    { collections: Math.max(10, Math.round(size.spaces / 100)), spaces: size.spaces },
    now,
  );
  const db = openDatabase(join(dataDir, 'sandbox'));
  try {
    const orgId = tree.orgId;
    const reader = db.first(
      db.q
        .selectFrom('members')
        .select('user_id')
        .where('organization_id', '=', orgId)
        .where('role', '=', 'read')
        .orderBy('joined_at'),
    );
    const owner = db.first(
      db.q
        .selectFrom('members')
        .select('user_id')
        .where('organization_id', '=', orgId)
        .where('role', '=', 'admin')
        .orderBy('joined_at'),
    );
    if (reader === undefined || owner === undefined) throw new Error('the demo has no reader or no admin');
    const at = now.toISOString();
    db.transaction(() => {
      const teamId = newId();
      db.run(
        db.q
          .insertInto('teams')
          .values({ id: teamId, organization_id: orgId, title: 'Bench Reviewers', created_at: at }),
      );
      db.run(
        db.q.insertInto('team_members').values({
          team_id: teamId,
          user_id: reader.user_id,
          organization_id: orgId,
          role: 'member',
          added_at: at,
        }),
      );
      const grant = (
        type: 'space' | 'collection' | 'site',
        id: string,
        grantee: 'user' | 'team',
        granteeId: string,
        role: string,
      ) =>
        db.run(
          db.q.insertInto('content_permissions').values({
            organization_id: orgId,
            target_type: type,
            target_id: id,
            grantee_type: grantee,
            grantee_id: granteeId,
            role,
            created_at: at,
          }),
        );
      tree.spaceIds.forEach((id, i) => {
        if (i % 10 === 0) grant('space', id, 'team', teamId, 'edit');
      });
      tree.collectionIds.forEach((id, i) => {
        if (i % 20 === 0)
          db.run(db.q.updateTable('collections').set({ default_level: null }).where('id', '=', id));
        else if (i % 20 === 1) grant('collection', id, 'team', teamId, 'comment');
      });
      const site = db.first(db.q.selectFrom('sites').select('id').where('organization_id', '=', orgId));
      if (site !== undefined) grant('site', site.id, 'user', reader.user_id, 'review');
      const start = now.getTime() - 30 * DAY;
      const step = (30 * DAY) / size.events;
      for (let i = 0; i < size.events; i++) {
        const action = ACTIONS[i % ACTIONS.length]!;
        const spaceId = tree.spaceIds[i % tree.spaceIds.length]!;
        recordEvent(db, new Date(start + i * step), {
          organizationId: orgId,
          actorId: owner.user_id,
          action,
          subjectType: action.split('.')[0]!,
          subjectId: spaceId,
          data: { title: `Bench Space ${i % tree.spaceIds.length}` },
        });
      }
    });
    const spaceCount = db.all(
      db.q
        .selectFrom('spaces')
        .select('id')
        .where('organization_id', '=', orgId)
        .where('deleted_at', 'is', null),
    ).length;
    const filterAction = ACTIONS[3]!;
    return {
      orgId,
      userId: reader.user_id,
      spaceCount,
      eventCount: size.events,
      filterAction,
      filterActionLabel: AUDIT_ACTIONS[filterAction],
    };
  } finally {
    db.close();
  }
}
