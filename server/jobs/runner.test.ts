/**
 * The job runner on real worker threads: tasks answer, a task over its time budget or its heap cap is stopped with
 * its worker (and the runner goes on with fresh ones), and closing stops everything.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { JobLimitError, JobRunner } from './runner.ts';

const runners: JobRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.close()));
});

function runner(options: ConstructorParameters<typeof JobRunner>[0] = {}): JobRunner {
  const made = new JobRunner(options);
  runners.push(made);
  return made;
}

const page = (id: string, markdown: string) => ({ id, title: `Page ${id}`, path: id, markdown });

async function limitOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(JobLimitError);
  return (error as JobLimitError).reason;
}

describe('JobRunner', () => {
  it('runs a task on a worker thread and answers its output; the worker serves the next task', async () => {
    const jobs = runner();
    const first = await jobs.run('search.index', { pages: [page('a', '# Title\n\nSome **bold** text.')] });
    expect(first.pages).toEqual([
      {
        id: 'a',
        title: 'Page a',
        path: 'a',
        body: 'Title\nSome bold text.',
        sections: JSON.stringify([{ id: 'title', title: 'Title', text: 'Some bold text.' }]),
      },
    ]);
    await jobs.run('search.index', { pages: [] });
    expect(jobs.workers).toBe(1);
  });

  it('stops a task over its time budget with its worker, and runs the next one on a fresh worker', async () => {
    const jobs = runner({ budgets: { 'search.index': { timeMs: 1 } } });
    const big = Array.from({ length: 200 }, (_, i) => page(String(i), '- item\n'.repeat(2000)));
    expect(await limitOf(jobs.run('search.index', { pages: big }))).toBe('time');
    expect(jobs.workers).toBe(0);
    const other = runner();
    expect((await other.run('search.index', { pages: [page('b', 'text')] })).pages).toHaveLength(1);
  });

  it('stops a task over its heap cap with its worker', async () => {
    const jobs = runner({ budgets: { 'search.index': { memoryMb: 16, timeMs: 60_000 } } });
    // About 60 MB of markdown, more than the 16 MB heap can hold while it is split into sections.
    const huge = Array.from({ length: 30 }, (_, i) => page(String(i), `word ${i} `.repeat(200_000)));
    expect(await limitOf(jobs.run('search.index', { pages: huge }))).toBe('memory');
    expect(jobs.workers).toBe(0);
    expect((await jobs.run('search.index', { pages: [page('c', 'small')] })).pages).toHaveLength(1);
  });

  it('runs tasks beyond its thread count in order, and close() stops the running and waiting ones', async () => {
    const jobs = runner({ maxWorkers: 1 });
    const answers = await Promise.all(
      ['x', 'y', 'z'].map((id) => jobs.run('search.index', { pages: [page(id, id)] })),
    );
    expect(answers.map((answer) => answer.pages[0]!.id)).toEqual(['x', 'y', 'z']);
    const slow = Array.from({ length: 100 }, (_, i) => page(String(i), '- item\n'.repeat(5000)));
    const reasons = Promise.all([
      limitOf(jobs.run('search.index', { pages: slow })),
      limitOf(jobs.run('search.index', { pages: [page('w', 'w')] })),
    ]);
    await jobs.close();
    expect(await reasons).toEqual(['stopped', 'stopped']);
    expect(await limitOf(jobs.run('search.index', { pages: [] }))).toBe('stopped');
  });
});
