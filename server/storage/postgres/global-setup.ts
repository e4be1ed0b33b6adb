/**
 * Vitest global setup of the `postgres` project: one PostgreSQL cluster for the run (test-cluster.ts), published to
 * the test processes through `DOCS_ADMIN_TEST_POSTGRES`, stopped and deleted at the end. When that variable is
 * already set (a server of one's own: `{"host":…,"port":…,"user":…}` of a superuser), it is used as it is.
 */
import { startTestCluster, TEST_POSTGRES_ENV } from './test-cluster.ts';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env[TEST_POSTGRES_ENV]) return undefined;
  const cluster = await startTestCluster();
  process.env[TEST_POSTGRES_ENV] = JSON.stringify({
    host: cluster.host,
    port: cluster.port,
    user: cluster.user,
  });
  return async () => {
    await cluster.stop();
  };
}
