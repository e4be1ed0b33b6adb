/**
 * The worker-thread half of search indexing (the `search.index` task): pages' markdown to the plain text the
 * full-text index holds and the sections search excerpts are cut from (text.ts).
 */
import type { TaskInput, TaskOutput } from '../../jobs/tasks.ts';
import { pageText, splitSections } from './text.ts';

export function indexPagesTask(input: TaskInput<'search.index'>): TaskOutput<'search.index'> {
  return {
    pages: input.pages.map((page) => {
      const sections = splitSections(page.markdown);
      return {
        id: page.id,
        title: page.title.normalize('NFC'),
        path: page.path,
        body: pageText(sections),
        sections: JSON.stringify(sections),
      };
    }),
  };
}
