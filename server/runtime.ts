/**
 * How the server process is started wherever we start it (npm run serve, the benchmark, the desktop app's
 * supervisor): V8's young generation otherwise grows to 64 MB while Fastify compiles schemas and keeps it.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8'];
