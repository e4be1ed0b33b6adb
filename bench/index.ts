/** Entry point of `npm run bench -- <suite> [flags]`: runs one benchmark suite. */
import { runAbuseBench } from './abuse.ts';
import { runAccessBench } from './access.ts';
import { runAdminBench } from './admin.ts';
import { runAppBench } from './app.ts';
import { runBridgeBench } from './bridge.ts';
import { runMixedBench } from './mixed.ts';
import { runPeopleBench } from './people.ts';
import { runPlanBench } from './plan.ts';
import { runReviewBench } from './review.ts';
import { runServerBench } from './server.ts';
import { runSitesBench } from './sites.ts';
import { runStoreBench } from './store.ts';
import { runTreeBench } from './tree.ts';

const suites = new Map<string, (args: string[]) => Promise<void>>([
  ['server', runServerBench],
  ['app', runAppBench],
  ['people', runPeopleBench],
  ['tree', runTreeBench],
  ['sites', runSitesBench],
  ['review', runReviewBench],
  ['admin', runAdminBench],
  ['bridge', runBridgeBench],
  ['mixed', runMixedBench],
  ['abuse', runAbuseBench],
  ['plan', runPlanBench],
  ['access', runAccessBench],
  ['store', runStoreBench],
]);

const [name, ...args] = process.argv.slice(2);
const suite = name === undefined ? undefined : suites.get(name);
if (suite === undefined) {
  const choices = [...suites.keys()].join(', ');
  console.error(
    name === undefined
      ? `name a benchmark suite: ${choices}`
      : `unknown benchmark suite \`${name}\`; choose one of: ${choices}`,
  );
  process.exit(1);
}
try {
  await suite(args);
} catch (error) {
  console.error(`bench ${name}: ${(error as Error).message}`);
  process.exit(1);
}
