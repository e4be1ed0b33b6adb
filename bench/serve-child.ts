/** Child process: the real server on a seeded data directory (argv[2]); prints `{"port": n}` once listening. */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/storage/database.ts';

const dataDir = process.argv[2];
if (dataDir === undefined) {
  console.error('usage: node bench/serve-child.ts <data-dir>');
  process.exit(1);
}

const db = openDatabase(dataDir);
const app = buildApp({ db, rateLimit: null, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as AddressInfo).port })}\n`);

// Exit normally on SIGTERM, so that `--cpu-prof` gets to write its profile.
process.on('SIGTERM', () => {
  void app.close().then(() => {
    db.close();
    process.exit(0);
  });
});
