/**
 * Converting fetched content for an import on a worker thread (the `import.convert` task, import-task.ts), as the
 * import handler needs it: the pages, or a 422 naming `url` when the content cannot be converted, including when
 * its conversion outgrows the task's budget (time or memory).
 */
import { ApiError } from '../../errors.ts';
import type { Services } from '../../http/context.ts';
import { JobLimitError } from '../../jobs/runner.ts';
import type { Fetched } from '../../net/fetch-url.ts';
import type { Converted, SupportedImportSource } from './import.ts';

export async function convertOffThread(
  services: Services,
  source: SupportedImportSource,
  fetched: Fetched,
): Promise<Converted> {
  let output;
  try {
    output = await services.jobs.runner.run('import.convert', {
      source,
      data: fetched.data,
      url: fetched.url,
    });
  } catch (error) {
    if (!(error instanceof JobLimitError)) throw error;
    if (error.reason === 'stopped') throw new ApiError(503, 'the server is stopping; try the import again');
    throw new ApiError(
      422,
      `body field \`url\`: the content could not be converted within this server's limits (${error.reason === 'memory' ? 'memory' : 'time'})`,
    );
  }
  if ('failure' in output) throw new ApiError(422, `body field \`url\`: ${output.failure}`);
  return output;
}
