/** A second embedded API server (`server/cli.ts serve --demo`), standing for a remote API a profile points at. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runNode, startNode, stopChild } from './process.ts';

/** A demo user's token, as the server writes it to demo-tokens.json. */
export interface DemoToken {
  email: string;
  role: string | null;
  token: string;
}

/** A running second server with its demo data. */
export interface SecondServer {
  baseUrl: string;
  dataDir: string;
  /** The demo users' tokens (demo-tokens.json). */
  demoTokens: DemoToken[];
  /** The demo organization's first admin (its owner). */
  adminEmail: string;
  /** A fresh token for a user, minted with `server/cli.ts token`. */
  mintToken(email: string): Promise<string>;
  /** Creates an organization owned by that user (`server/cli.ts org create`) and answers its id. */
  createOrganization(title: string, ownerEmail: string): Promise<string>;
  stop(): Promise<void>;
}

const LISTENING = /listening on (http:\/\/\S+)/;

function isDemoToken(value: unknown): value is DemoToken {
  return (
    typeof value === 'object' &&
    value !== null &&
    'email' in value &&
    typeof value.email === 'string' &&
    'token' in value &&
    typeof value.token === 'string'
  );
}

/**
 * Starts `server/cli.ts serve --port 0 --host 127.0.0.1 --demo` on a fresh temporary data directory;
 * `rateLimit` (requests per minute, 0 = off) replaces the server's default.
 */
export async function startSecondServer(options: { rateLimit?: number } = {}): Promise<SecondServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'docs-admin-second-'));
  const limit = options.rateLimit === undefined ? [] : ['--rate-limit', String(options.rateLimit)];
  const started = await startNode(
    'server/cli.ts',
    ['serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir, '--demo', ...limit],
    LISTENING,
  );
  const parsed: unknown = JSON.parse(readFileSync(join(dataDir, 'demo-tokens.json'), 'utf8'));
  const demoTokens = Array.isArray(parsed) ? parsed.filter(isDemoToken) : [];
  const admin = demoTokens.find((entry) => entry.role === 'admin');
  if (admin === undefined) throw new Error('demo-tokens.json lists no admin');
  return {
    baseUrl: started.match[1]!,
    dataDir,
    demoTokens,
    adminEmail: admin.email,
    async mintToken(email) {
      return (await runNode('server/cli.ts', ['token', '--email', email, '--data-dir', dataDir])).trim();
    },
    async createOrganization(title, ownerEmail) {
      const out = await runNode('server/cli.ts', [
        'org',
        'create',
        '--title',
        title,
        '--owner',
        ownerEmail,
        '--data-dir',
        dataDir,
      ]);
      const created: unknown = JSON.parse(out);
      if (
        typeof created !== 'object' ||
        created === null ||
        !('id' in created) ||
        typeof created.id !== 'string'
      )
        throw new Error(`org create printed ${out}`);
      return created.id;
    },
    async stop() {
      await stopChild(started.child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
