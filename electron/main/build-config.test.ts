import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveConfig } from 'electron-vite';
import { build as viteBuild, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import config from '../../electron.vite.config.ts';
import { CHANNEL_NAMES } from '../../shared/bridge.ts';

type Output = { format?: string; entryFileNames?: string };

describe('electron.vite.config.ts', () => {
  const resolved = typeof config === 'function' ? null : config;

  it('bundles the main process, the embedded server it forks and its job worker (out/main/index.js, server.js, server-worker.js)', async () => {
    const main = (await resolved)!.main!.build!;
    const input = main.rollupOptions!.input as Record<string, string>;
    expect(Object.keys(input).sort()).toEqual(['index', 'server', 'server-worker']);
    expect(input.index).toMatch(/electron[/\\]main[/\\]index\.ts$/);
    expect(input.server).toMatch(/server[/\\]cli\.ts$/);
    expect(input['server-worker']).toMatch(/server[/\\]jobs[/\\]worker\.ts$/);
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
