/**
 * The worker-thread half of a content import (the `import.convert` task): the fetched bytes turned into pages
 * (import.ts), or the reason they cannot be, which the handler answers as a 422 naming `url`.
 */
import type { TaskInput, TaskOutput } from '../../jobs/tasks.ts';
import { convertImport, ImportError } from './import.ts';

export function convertImportTask(input: TaskInput<'import.convert'>): TaskOutput<'import.convert'> {
  try {
    return convertImport(input.source, input.data, input.url);
  } catch (error) {
    if (error instanceof ImportError) return { failure: error.message };
    // A converter's own failure on pathological input (a stack overflow on deep HTML, a parser bug).
    return {
      failure: `the content cannot be converted (${error instanceof Error ? error.message : String(error)})`,
    };
  }
}
