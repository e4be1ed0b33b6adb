/**
 * The `search-index` jobs: a space whose revision changed is indexed again (domain/search/index.ts). A run reads
 * up to 20 spaces' pages, turns them into index rows in one `search.index` task on a worker thread, and writes
 * each space's rows in its own transaction, all through the store. One run at a time in a process.
 *
 * A space whose indexing keeps failing (3 attempts) keeps its previous rows; the failure is logged.
 */
import type { Services } from '../http/context.ts';
import { readSpaceForIndexIn, SEARCH_INDEX_JOB, writeSpaceIndexIn } from '../domain/search/index.ts';
import type { IndexInput } from './tasks.ts';
import type { JobKind } from './queue.ts';

/** Indexes these spaces: reads and writes through the store (SQLite or PostgreSQL), the conversion on a worker. */
async function indexSpaces(services: Services, spaceIds: readonly string[]): Promise<void> {
  const { store } = services;
  const read: { spaceId: string; revisionId: string; count: number }[] = [];
  const pages: IndexInput[] = [];
  for (const spaceId of spaceIds) {
    const space = await readSpaceForIndexIn(store, spaceId);
    if (space === undefined) {
      await writeSpaceIndexIn(store, spaceId, '', []);
      continue;
    }
    read.push({ spaceId, revisionId: space.revisionId, count: space.pages.length });
    pages.push(...space.pages);
  }
  if (read.length === 0) return;
  const output = await services.jobs.runner.run('search.index', { pages });
  let offset = 0;
  for (const space of read) {
    await writeSpaceIndexIn(
      store,
      space.spaceId,
      space.revisionId,
      output.pages.slice(offset, offset + space.count),
    );
    offset += space.count;
  }
}

/** The job kind, run with these services. */
export function searchIndexJobs(services: Services): JobKind {
  return {
    name: SEARCH_INDEX_JOB,
    concurrency: 1,
    batch: 20,
    maxAttempts: 3,
    run: (spaceIds) => indexSpaces(services, spaceIds),
    giveUp: (spaceId, error, attempts) =>
      console.error(
        `search indexing of space ${spaceId} stopped after ${attempts} attempts: ${error.message}`,
      ),
  };
}
