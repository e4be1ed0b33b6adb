/**
 * Child process: the hand-written anchor (`bench/anchor-app.ts`) on the seeded database file (argv[2]); prints
 * `{"port": n}` once listening.
 */
import type { AddressInfo } from 'node:net';
import { buildAnchor } from './anchor-app.ts';

const databaseFile = process.argv[2];
if (databaseFile === undefined) {
  console.error('usage: node bench/anchor-child.ts <database-file>');
  process.exit(1);
}

const { app, close } = buildAnchor(databaseFile);
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as AddressInfo).port })}\n`);

process.on('SIGTERM', () => {
  void app.close().then(() => {
    close();
    process.exit(0);
  });
});
