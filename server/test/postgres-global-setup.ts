/**
 * Vitest global setup of the `server-postgres` project (the server's tests with their test servers on PostgreSQL):
 * the test cluster of the `postgres` project (shared with it when both run), and one migrated database that every
 * test server's database copies (`CREATE DATABASE … TEMPLATE`), instead of migrating a database per server.
 */
import clusterSetup from '../storage/postgres/global-setup.ts';
import { createMigratedDatabase, TEMPLATE_ENV } from './postgres-server.ts';

export default async function setup(): Promise<() => Promise<void>> {
  const stopCluster = await clusterSetup();
  const template = await createMigratedDatabase();
  process.env[TEMPLATE_ENV] = template.config.database!;
  return async () => {
    await template.drop();
    await stopCluster?.();
  };
}
