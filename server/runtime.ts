/**
 * What a process needs to start and talk to the server, without loading it: the one module of `server/` that
 * `electron/` may import (a lint rule holds it so), and so it imports nothing itself.
 */

/**
 * How the server process is started wherever we start it (npm run serve through server/serve.ts, the benchmark, the
 * desktop app's supervisor): V8's young generation otherwise grows to 64 MB while Fastify compiles schemas and keeps it (4 MB
 * semi-spaces: the started server's RSS 137 MB against 146 MB with 8 MB ones); `gc` is exposed for the one
 * collection the server makes when it falls idle after a burst (server/http/idle-collect.ts).
 *
 * After a full collection V8 lets the old generation grow by up to 4× what survived before the next (its growing
 * factor, when collections are cheap): under the benchmark's PATCH load, garbage promoted out of the young
 * generation (2 MB a scavenge, requests in flight) grew the heap from 36 MB to 116 MB with no full collection, and
 * the server child's RSS to 240 MB. A growing factor of 1.5 (`--heap-growing-percent=50`) collects at ~55 MB: peak
 * RSS 196 MB, throughput unchanged within the machine's noise (bench/README.md, `server`).
 */
export const SERVER_NODE_FLAGS: readonly string[] = [
  '--max-semi-space-size=4',
  '--heap-growing-percent=50',
  '--expose-gc',
];

/**
 * Environment variables the server process starts with wherever we start it (beside `SERVER_NODE_FLAGS`).
 *
 * `MALLOC_ARENA_MAX=2`: glibc's malloc (Linux) gives each thread that allocates an arena of its own, up to eight per
 * core, and an arena keeps what was freed in it. V8's four platform threads (concurrent marking, compilation) and a
 * job worker thread each grow one: in the server benchmark's child, malloc held 36 MB at the end of the PATCH load
 * (the main heap and 18 MB in arenas of 1–8 MB) against 34 MB with two arenas, and each load's peak RSS was 3–5 MB
 * lower, at the same req/s (bench/README.md, `server`). Other platforms' allocators ignore it.
 */
export const SERVER_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };

/**
 * The `serve` flag (with `--demo`) that mints a fresh token for the demo owner, replacing the previous one, and
 * hands it with the server's address to the parent process over its IPC channel (Node's `process.send`, or
 * Electron's `process.parentPort` in a utility process) once the server listens. The token is never printed.
 */
export const HAND_OVER_FLAG = '--hand-over-sandbox-token';

/**
 * With `--hand-over-sandbox-token`: whose token it is. The app's (`app`, the default) replaces the app's previous
 * one; the command line's (`cli`, `npm run admin -- plan --profile "Local sandbox"`) replaces only the command
 * line's, so that a command run while the app is open leaves the app's sandbox token working.
 */
export const SANDBOX_TOKEN_FOR_FLAG = '--sandbox-token-for';

/** Who a sandbox token is for. */
export type SandboxTokenFor = 'app' | 'cli';

/** The arguments of `server/cli.ts` that start the local sandbox on its data folder, for the app or the command line. */
export function sandboxServeArgs(dataDir: string, tokenFor: SandboxTokenFor = 'app'): string[] {
  return [
    'serve',
    '--demo',
    HAND_OVER_FLAG,
    ...(tokenFor === 'cli' ? [SANDBOX_TOKEN_FOR_FLAG, 'cli'] : []),
    '--port',
    '0',
    '--host',
    '127.0.0.1',
    '--data-dir',
    dataDir,
  ];
}

/** The message a sandbox sends its parent once it listens: where it is and the demo owner's fresh token. */
export interface SandboxHandover {
  kind: 'docs-admin.sandbox-ready';
  /** `http://127.0.0.1:<port>`. */
  baseUrl: string;
  token: string;
}

/** The handover's `kind`. */
export const SANDBOX_READY: SandboxHandover['kind'] = 'docs-admin.sandbox-ready';

/** Whether a message from the child is the sandbox's handover (any other message is ignored). */
export function isSandboxHandover(message: unknown): message is SandboxHandover {
  return (
    typeof message === 'object' &&
    message !== null &&
    'kind' in message &&
    message.kind === SANDBOX_READY &&
    'baseUrl' in message &&
    typeof message.baseUrl === 'string' &&
    /^http:\/\/127\.0\.0\.1:\d{1,5}$/.test(message.baseUrl) &&
    'token' in message &&
    typeof message.token === 'string' &&
    message.token.length > 0
  );
}
