/**
 * A server in GitBook-compatible mode (`server/cli.ts serve --compat gitbook`), behind the validating proxy that
 * checks every request against GitBook's description and every answer against its response schemas: the remote API
 * a second profile points at. Its data is the demo, plus `extraMembers` readers named `Bulk Member 001` … for the
 * paced bulk job, seeded with the server's own storage and commands before it starts.
 *
 * GitBook's documented limit is 60 requests a minute per token; by default the window is shortened to 6 seconds
 * (`--rate-limit-window`), so that the flow of every screen does not wait minutes; `compat-bulk.e2e.test.ts` keeps
 * GitBook's whole minute.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addMember, ensureUser } from '../../server/domain/organizations/commands.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { openDatabase } from '../../server/storage/database.ts';
import { startNode, stopChild } from './process.ts';
import { startValidatingProxy, type ValidatingProxy } from './validating-proxy.ts';

/** A running compat server behind its validating proxy. */
export interface CompatServer {
  /** The validating proxy's address: what the profile points at. */
  baseUrl: string;
  proxy: ValidatingProxy;
  /** The demo organization's owner's token (the profile's). */
  adminToken: string;
  /** Reads the server directly (not through the proxy) with another admin's token, for the test's own look-ups. */
  read<T>(path: string): Promise<T>;
  /** Display names of the extra members. */
  extraMembers: string[];
  stop(): Promise<void>;
}

const LISTENING = /listening on (http:\/\/\S+)/;

/** The name of the i-th extra member (from 1). */
export const bulkMemberName = (i: number) => `Bulk Member ${String(i).padStart(3, '0')}`;

/** Seeds the demo and the extra members in `dataDir`; answers the owner's token and a second admin's. */
function seed(dataDir: string, extraMembers: number): { owner: string; other: string } {
  const db = openDatabase(dataDir);
  try {
    const now = new Date();
    const seeded = seedDemo(db, now);
    const [owner, other] = seeded?.tokens.filter((entry) => entry.role === 'admin') ?? [];
    if (owner === undefined || other === undefined) throw new Error('the demo seeded fewer than two admins');
    const org = db.first(db.q.selectFrom('organizations').select('id').where('title', '=', 'Acme Docs'));
    if (org === undefined) throw new Error('the demo has no "Acme Docs"');
    db.transaction(() => {
      for (let i = 1; i <= extraMembers; i++) {
        const { id } = ensureUser(db, now, `bulk.member${i}@example.com`, bulkMemberName(i));
        addMember(db, now, org.id, id, 'read');
      }
    });
    return { owner: owner.token, other: other.token };
  } finally {
    db.close();
  }
}

/** Starts the compat server (limit `limit` per `windowSeconds`) and the validating proxy in front of it. */
export async function startCompatServer(
  options: { extraMembers?: number; limit?: number; windowSeconds?: number } = {},
): Promise<CompatServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'docs-admin-compat-'));
  const extra = options.extraMembers ?? 0;
  const tokens = seed(dataDir, extra);
  const started = await startNode(
    'server/cli.ts',
    [
      'serve',
      '--compat',
      'gitbook',
      '--rate-limit',
      String(options.limit ?? 60),
      '--rate-limit-window',
      String(options.windowSeconds ?? 6),
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--data-dir',
      dataDir,
    ],
    LISTENING,
  );
  const direct = started.match[1]!;
  const proxy = await startValidatingProxy(direct, { responses: true });
  return {
    baseUrl: proxy.baseUrl,
    proxy,
    adminToken: tokens.owner,
    async read<T>(path: string): Promise<T> {
      const response = await fetch(`${direct}${path}`, {
        headers: { authorization: `Bearer ${tokens.other}` },
      });
      if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as T;
    },
    extraMembers: Array.from({ length: extra }, (_, i) => bulkMemberName(i + 1)),
    async stop() {
      await Promise.allSettled([proxy.stop(), stopChild(started.child)]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
