/**
 * The audit log's query plans: every filter, alone or with the time window and a page cursor, reads one range of
 * the index made for it, in the list's order (no scan, no sort), and so does the count.
 */
import { describe, expect, it } from 'vitest';
import type { CompiledQuery } from 'kysely';
import { openDatabase, type Compilable } from '../../storage/database.ts';
import { SqliteStore } from '../../storage/store/sqlite-store.ts';
import { eventQueries, type EventFilters } from './records.ts';

/** A database that keeps the SQL of every query it answers. */
function recordingDatabase() {
  const db = openDatabase(':memory:');
  const seen: CompiledQuery[] = [];
  const all = db.all.bind(db);
  const first = db.first.bind(db);
  db.all = <R>(query: Compilable<R>) => {
    seen.push(query.compile());
    return all(query);
  };
  db.first = <R>(query: Compilable<R>) => {
    seen.push(query.compile());
    return first(query);
  };
  return { db, seen };
}

const FROM = '2026-01-01T00:00:00Z';
const TO = '2026-02-01T00:00:00Z';
const CURSOR = ['2026-01-15T00:00:00.000Z', '0mm7j4caoSGf1V1puNNWGqK'];

const CASES: [EventFilters, string][] = [
  [{}, 'events_org_time'],
  [{ from: FROM, to: TO }, 'events_org_time'],
  [{ actor: 'AAAAAAAAAAAAAAAAAAAA' }, 'events_org_actor'],
  [{ actor: 'system' }, 'events_org_actor'],
  [{ actor: 'AAAAAAAAAAAAAAAAAAAA', from: FROM, to: TO }, 'events_org_actor'],
  [{ action: 'space.created' }, 'events_org_action'],
  [{ action: 'space.created', to: TO }, 'events_org_action'],
  [{ target: 'AAAAAAAAAAAAAAAAAAAA' }, 'events_org_target'],
  [{ target: 'AAAAAAAAAAAAAAAAAAAA', from: FROM, to: TO }, 'events_org_target'],
];

describe('the query plans of the audit log', () => {
  it.each(CASES.map(([filters, index]) => [JSON.stringify(filters), filters, index] as const))(
    '%s reads a range of its index',
    async (_name, filters, index) => {
      const { db, seen } = recordingDatabase();
      const queries = eventQueries(new SqliteStore(db), 'org', filters);
      await queries.fetch(undefined, 21);
      await queries.fetch(CURSOR, 21);
      await queries.count();
      expect(seen).toHaveLength(3);
      const plans = seen.map((query) =>
        db.sqlite
          .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
          .all(...(query.parameters as string[]))
          .map((row) => String(row.detail)),
      );
      for (const [i, plan] of plans.entries()) {
        expect(plan, seen[i]!.sql).toHaveLength(1);
        // The count may read any index of the organization's events when no filter narrows them: all are ranges.
        const used = i === 2 && Object.keys(filters).length === 0 ? 'events_org_\\w+' : index;
        expect(plan[0], seen[i]!.sql).toMatch(
          new RegExp(`^SEARCH e USING (COVERING )?INDEX ${used} \\(organization_id=\\?`),
        );
      }
      // The page after a cursor starts at the cursor: a bound of the index range, not a filter of its rows.
      expect(plans[1]![0]).toContain('(created_at,id)<(?,?)');
      if (filters.from !== undefined) expect(plans[1]![0]).toContain('created_at>?');
    },
  );
});
