/**
 * `npm run bench -- store [--calls N] [--runs N]`: what the async SQLite store (server/storage/store/) costs
 * against the synchronous `Database` on a hot read, the organization-access check that nearly every request makes
 * (the query of server/domain/access.ts: organizations joined with members, and the caller's team ownership), on an
 * in-memory database, in one process, no HTTP. Prints µs per call for each way of running it, for each run:
 * - `sync`: `db.first(query)`, as the handlers run it today;
 * - `async`: `await store.first(query)`, no transaction open (the statement runs at once, the promise is settled);
 * - `sync tx` and `async tx`: 100 reads in one transaction (`db.transaction` against `store.transaction` and `tx`).
 * - `sync write` and `async write`: one transaction per call holding one update (a member's `last_seen_at`): the
 *   fixed cost of a write transaction (lock, BEGIN IMMEDIATE, COMMIT) on top of its statement.
 * Each run is 10 rounds of every way in turn (calls / 10 each); a way's figure is its fastest round, the one that
 * other processes on the machine disturbed least.
 */
import { sql } from 'kysely';
import { parseArgs } from 'node:util';
import { builder, openDatabase, type Database } from '../server/storage/database.ts';
import { prepared } from '../server/storage/prepared.ts';
import { SqliteStore } from '../server/storage/store/sqlite-store.ts';

const orgAccess = prepared((organizationId: string, userId: string) =>
  builder
    .selectFrom('organizations as o')
    .innerJoin('members as m', (join) =>
      join.onRef('m.organization_id', '=', 'o.id').on('m.user_id', '=', userId),
    )
    .selectAll('o')
    .select('m.role as member_role')
    .select(
      sql<number>`EXISTS (SELECT 1 FROM team_members AS owned WHERE owned.organization_id = o.id AND owned.user_id = ${userId} AND owned.role = 'owner')`.as(
        'owns_team',
      ),
    )
    .where('o.id', '=', organizationId)
    .where('m.disabled', '=', 0),
);

const touch = prepared((seen: string, organizationId: string, userId: string) =>
  builder
    .updateTable('members')
    .set({ last_seen_at: seen })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId),
);

function seed(db: Database): void {
  db.sqlite.exec(`
    INSERT INTO users (id, email, display_name, created_at) VALUES ('u1', 'u1@x.org', 'U1', '2026-01-01');
    INSERT INTO organizations (id, title, created_at, email_domains, type, sso, ai, invite_links, plan)
      VALUES ('o1', 'Org', '2026-01-01', '[]', 'business', 0, 0, 1, 'free');
    INSERT INTO members (organization_id, user_id, role, disabled, sso, joined_at)
      VALUES ('o1', 'u1', 'admin', 0, 0, '2026-01-01');`);
}

const TX_READS = 100;
const ROUNDS = 10;

/** µs per call of `calls` calls of each way, in this order. */
async function measure(db: Database, store: SqliteStore, calls: number): Promise<Record<string, number>> {
  const perCall = (start: bigint) => Number(process.hrtime.bigint() - start) / 1000 / calls;
  let found = 0;
  let start = process.hrtime.bigint();
  for (let index = 0; index < calls; index++) if (db.first(orgAccess('o1', 'u1'))) found++;
  const sync = perCall(start);

  start = process.hrtime.bigint();
  for (let index = 0; index < calls; index++) if (await store.first(orgAccess('o1', 'u1'))) found++;
  const async = perCall(start);

  start = process.hrtime.bigint();
  for (let index = 0; index < calls; index += TX_READS)
    db.transaction(() => {
      for (let read = 0; read < TX_READS; read++) if (db.first(orgAccess('o1', 'u1'))) found++;
    });
  const syncTx = perCall(start);

  start = process.hrtime.bigint();
  for (let index = 0; index < calls; index += TX_READS)
    await store.transaction(async (tx) => {
      for (let read = 0; read < TX_READS; read++) if (await tx.first(orgAccess('o1', 'u1'))) found++;
    });
  const asyncTx = perCall(start);

  start = process.hrtime.bigint();
  for (let index = 0; index < calls; index++) db.transaction(() => db.run(touch(String(index), 'o1', 'u1')));
  const syncWrite = perCall(start);

  start = process.hrtime.bigint();
  for (let index = 0; index < calls; index++)
    await store.transaction((tx) => tx.run(touch(String(index), 'o1', 'u1')));
  const asyncWrite = perCall(start);

  if (found !== calls * 4) throw new Error(`the seeded member was not found (${found} of ${calls * 4})`);
  return {
    sync,
    async,
    'sync tx': syncTx,
    'async tx': asyncTx,
    'sync write': syncWrite,
    'async write': asyncWrite,
  };
}

export async function runStoreBench(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { calls: { type: 'string', default: '200000' }, runs: { type: 'string', default: '3' } },
  });
  const calls = Number(values.calls);
  const runs = Number(values.runs);
  const db = openDatabase(':memory:');
  seed(db);
  const store = new SqliteStore(db);
  await measure(db, store, Math.min(calls, 20_000)); // warm-up: compiled, prepared, optimized
  console.log(
    `µs per call of the organization-access read, ${calls} calls per way and run, fastest of 10 rounds`,
  );
  for (let run = 1; run <= runs; run++) {
    const figures: Record<string, number> = {};
    for (let round = 0; round < ROUNDS; round++)
      for (const [way, us] of Object.entries(await measure(db, store, calls / ROUNDS)))
        figures[way] = Math.min(figures[way] ?? Infinity, us);
    const cells = Object.entries(figures).map(([way, us]) => `${way} ${us.toFixed(2)}`);
    console.log(
      `run ${run}: ${cells.join(', ')}; async/sync ${(figures.async! / figures.sync!).toFixed(2)}, ` +
        `async tx/sync tx ${(figures['async tx']! / figures['sync tx']!).toFixed(2)}, ` +
        `async write/sync write ${(figures['async write']! / figures['sync write']!).toFixed(2)}`,
    );
  }
  await store.close();
}
