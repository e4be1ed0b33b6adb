import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveConfig } from 'electron-vite';
import { build as viteBuild, type InlineConfig, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import config from '../../electron.vite.config.ts';
import serverConfig, { asciiEscaped, isExternal } from '../../server.vite.config.ts';
import { CHANNEL_NAMES } from '../../shared/bridge.ts';

type Output = { format?: string; entryFileNames?: string };

/** Any UTF-16 code unit past ASCII. */
const NON_ASCII = /[\u0080-\uffff]/;

describe('electron.vite.config.ts', () => {
  const resolved = typeof config === 'function' ? null : config;

  it('bundles the main process alone (out/main/index.js): the embedded server is a build of its own', async () => {
    const main = (await resolved)!.main!.build!;
    const input = main.rollupOptions!.input as Record<string, string>;
    expect(Object.keys(input)).toEqual(['index']);
    expect(input.index).toMatch(/electron[/\\]main[/\\]index\.ts$/);
    expect(main.outDir).toMatch(/out[/\\]main$/);
    expect(main.rollupOptions!.output).toMatchObject({ format: 'es', entryFileNames: '[name].js' });
  });

  it('builds the sandboxed preload as one CommonJS file with its dependencies inlined', async () => {
    const preload = (await resolved)!.preload!.build!;
    expect(preload.externalizeDeps).toBe(false);
    expect(preload.rollupOptions!.output as Output).toMatchObject({
      format: 'cjs',
      entryFileNames: '[name].cjs',
    });
  });

  it('builds the renderer from renderer/ to out/renderer', async () => {
    const renderer = (await resolved)!.renderer!;
    expect(renderer.root).toMatch(/renderer$/);
    expect(renderer.build!.outDir).toMatch(/out[/\\]renderer$/);
  });
});

describe('the built preload', () => {
  it('is one self-contained CommonJS file that requires only electron and exposes the bridge', async () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const { config: sections } = await resolveConfig(
      { configFile: join(root, 'electron.vite.config.ts'), root, logLevel: 'silent' },
      'build',
      'production',
    );
    const preload = sections!.preload!;
    const result = await viteBuild({
      ...preload,
      logLevel: 'silent',
      build: { ...preload.build, write: false },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
    const files = outputs.flatMap((output) => output.output).filter((file) => file.type === 'chunk');
    expect(files.map((file) => file.fileName)).toEqual(['index.cjs']);

    // Run it the way a sandboxed preload runs: a `require` that knows `electron` and nothing else.
    const exposed = new Map<string, Record<string, unknown>>();
    const required: string[] = [];
    const electron = {
      contextBridge: {
        exposeInMainWorld: (key: string, api: Record<string, unknown>) => exposed.set(key, api),
      },
      ipcRenderer: { invoke: async () => ({ ok: true, value: {} }) },
    };
    const sandboxRequire = (name: string) => {
      required.push(name);
      if (name !== 'electron') throw new Error(`a sandboxed preload cannot require ${name}`);
      return electron;
    };
    const module = { exports: {} };
    const run = new Function('require', 'module', 'exports', files[0]!.code) as (...args: unknown[]) => void;
    run(sandboxRequire, module, module.exports);
    expect(required).toEqual(['electron']);
    expect([...exposed.keys()]).toEqual(['docsAdmin']);
    expect(Object.keys(exposed.get('docsAdmin')!).sort()).toEqual([...CHANNEL_NAMES].sort());
  }, 60_000);
});

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The chunks a Vite build makes, not written to disk. */
async function chunksOf(options: InlineConfig): Promise<Rollup.OutputChunk[]> {
  const result = await viteBuild({ ...options, logLevel: 'silent' });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  return outputs.flatMap((output) => output.output).filter((file) => file.type === 'chunk');
}

/** The project files (relative, with forward slashes) that went into some chunk. */
const sourcesOf = (chunks: Rollup.OutputChunk[]) =>
  new Set(chunks.flatMap((chunk) => chunk.moduleIds).map((id) => relative(ROOT, id).split(sep).join('/')));

/** The imports of chunks that are not chunks of the same build: packages and Node's builtins. */
const externalsOf = (chunks: Rollup.OutputChunk[]) => {
  const own = new Set(chunks.map((chunk) => chunk.fileName));
  return new Set(
    chunks.flatMap((chunk) => [...chunk.imports, ...chunk.dynamicImports]).filter((id) => !own.has(id)),
  );
};

/** What only the server imports: its database, its HTTP framework, its OpenAPI parser. */
const SERVER_PACKAGES = ['node:sqlite', 'kysely', 'fastify', '@apidevtools/swagger-parser'];

describe('the built main process and server', () => {
  it('out/main holds the main process and of server/ only runtime.ts; out/server the server and its worker', async () => {
    const { config: sections } = await resolveConfig(
      { configFile: join(ROOT, 'electron.vite.config.ts'), root: ROOT, logLevel: 'silent' },
      'build',
      'production',
    );
    const main = sections!.main!;
    const mainChunks = await chunksOf({ ...main, build: { ...main.build, write: false } });
    const serverChunks = await chunksOf({
      configFile: join(ROOT, 'server.vite.config.ts'),
      build: { write: false },
    });

    const mainEntries = mainChunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
    expect(mainEntries).toEqual(['index.js']);
    const mainSources = [...sourcesOf(mainChunks)];
    expect(mainSources.filter((file) => file.startsWith('server/'))).toEqual(['server/runtime.ts']);
    const mainExternals = [...externalsOf(mainChunks)];
    expect(
      mainExternals.filter((id) => SERVER_PACKAGES.some((name) => id === name || id.startsWith(`${name}/`))),
    ).toEqual([]);
    // Every import of out/main is a package or a builtin: no chunk of out/server is reached from it.
    expect(mainExternals.filter((id) => !isExternal(id) && id !== 'electron')).toEqual([]);

    // The worker sits beside the command line as in server/, where server/cli.ts finds it (jobWorkerUrl).
    const serverEntries = serverChunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
    expect(serverEntries.sort()).toEqual(['cli.js', 'jobs/worker.js']);
    const serverSources = sourcesOf(serverChunks);
    expect(serverSources).toContain('server/cli.ts');
    expect(serverSources).toContain('server/jobs/worker.ts');
    expect([...serverSources].some((file) => file.startsWith('server/domain/'))).toBe(true);
    expect([...externalsOf(serverChunks)].filter((id) => !isExternal(id))).toEqual([]);
    expect(serverConfig.build!.outDir).toMatch(/out[/\\]server$/);

    // Its source is ASCII: V8 keeps it as one-byte strings (asciiEscaped).
    expect(serverChunks.filter((chunk) => NON_ASCII.test(chunk.code)).map((c) => c.fileName)).toEqual([]);
    // A server on SQLite never loads `pg`: only chunks that cli.js imports when asked (import()) hold it.
    const byName = new Map(serverChunks.map((chunk) => [chunk.fileName, chunk]));
    const loadedAtStart = new Set<string>();
    const visit = (name: string) => {
      if (loadedAtStart.has(name)) return;
      loadedAtStart.add(name);
      for (const imported of byName.get(name)?.imports ?? []) visit(imported);
    };
    visit('cli.js');
    expect(loadedAtStart.has('pg')).toBe(false);
    expect([...externalsOf(serverChunks)]).toContain('pg');
  }, 120_000);
});

describe('asciiEscaped', () => {
  it('escapes every character past ASCII into code that means the same', () => {
    const source = [
      '// a comment … with “quotes”',
      'const text = "It’s 5 € — done 😀";',
      'const template = `→ ${text} ←`;',
      'const pattern = /[–—]/;',
      'return { text, template, pattern };',
    ].join('\n');
    const escaped = asciiEscaped(source);
    expect(escaped).not.toMatch(NON_ASCII);
    const run = (code: string) => new Function(code)() as { text: string; template: string; pattern: RegExp };
    const [before, after] = [run(source), run(escaped)];
    expect([after.text, after.template]).toEqual([before.text, before.template]);
    expect(after.text).toBe('It’s 5 € — done 😀');
    expect(after.template).toBe('→ It’s 5 € — done 😀 ←');
    expect(after.pattern.test('a – b')).toBe(true);
  });
});
