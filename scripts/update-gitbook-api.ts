/**
 * Refreshes what the repository keeps of GitBook's published API description (npm `@gitbook/api`, file
 * `spec/openapi.json`): `npm run gitbook:update [-- --version <v>]` packs the package in a temporary folder
 * (`npm pack`, the registry only) and writes
 * - `shared/gitbook/operations.json`: every operation GitBook publishes (operation id, method, `/v1` path). The server's
 *   `--compat gitbook` mode answers only these; the app treats the contract's others as optional.
 * - `e2e/gitbook/openapi.json`: the description cut down to the operations the contract shares with it (same method
 *   and path) and the components they reference: what the end-to-end tests' validating proxy checks against.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { operationList } from '../shared/contract/index.ts';
import { operationKey } from '../shared/gitbook/published.ts';

const ROOT = join(import.meta.dirname, '..');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Packs `@gitbook/api@<version>` and answers its version and parsed `spec/openapi.json`. */
function packSpec(version: string): { version: string; spec: JsonObject } {
  const folder = mkdtempSync(join(tmpdir(), 'gitbook-api-'));
  try {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    execFileSync(npm, ['pack', `@gitbook/api@${version}`, '--silent'], { cwd: folder, stdio: 'pipe' });
    const archive = readdirSync(folder).find((name) => name.endsWith('.tgz'));
    if (archive === undefined) throw new Error('npm pack wrote no archive');
    execFileSync('tar', ['-xzf', archive, 'package/package.json', 'package/spec/openapi.json'], {
      cwd: folder,
    });
    const pkg = JSON.parse(readFileSync(join(folder, 'package', 'package.json'), 'utf8')) as {
      version: string;
    };
    const spec = JSON.parse(
      readFileSync(join(folder, 'package', 'spec', 'openapi.json'), 'utf8'),
    ) as JsonObject;
    return { version: pkg.version, spec };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Every `$ref` to a component under `value`, as `[kind, name]`. */
function refsIn(value: Json, found: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (isObject(value))
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/')) found.add(inner);
      else refsIn(inner, found);
    }
}

/** The components `roots` reference, transitively. */
function referencedComponents(spec: JsonObject, roots: Json[]): JsonObject {
  const components = spec.components;
  if (!isObject(components)) throw new Error('the description has no components');
  const seen = new Set<string>();
  const queue: string[] = [];
  const visit = (value: Json) => {
    const found = new Set<string>();
    refsIn(value, found);
    for (const ref of found) {
      if (seen.has(ref)) continue;
      seen.add(ref);
      queue.push(ref);
    }
  };
  roots.forEach(visit);
  const out: JsonObject = {};
  while (queue.length > 0) {
    const [, , kind, name] = queue.shift()!.split('/') as [string, string, string, string];
    const group = components[kind];
    const target = isObject(group) ? group[name] : undefined;
    if (target === undefined) throw new Error(`#/components/${kind}/${name} is referenced but not defined`);
    const kept = (out[kind] ??= {}) as JsonObject;
    kept[name] = target;
    visit(target);
  }
  for (const kind of Object.keys(out))
    out[kind] = Object.fromEntries(
      Object.entries(out[kind] as JsonObject).sort(([a], [b]) => a.localeCompare(b)),
    );
  return out;
}

function main(): void {
  const { values } = parseArgs({ options: { version: { type: 'string', default: 'latest' } } });
  const { version, spec } = packSpec(values.version);
  const paths = spec.paths;
  if (!isObject(paths)) throw new Error('the description has no paths');
  const shared = new Set(operationList.map((operation) => operationKey(operation.method, operation.path)));
  const operations: { operationId: string; method: string; path: string }[] = [];
  const keptPaths: JsonObject = {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation) || typeof operation.operationId !== 'string') continue;
      const full = `/v1${path}`;
      operations.push({ operationId: operation.operationId, method: method.toUpperCase(), path: full });
      if (!shared.has(operationKey(method.toUpperCase(), full))) continue;
      const kept = (keptPaths[path] ??= item.parameters === undefined ? {} : { parameters: item.parameters });
      (kept as JsonObject)[method] = operation;
    }
  }
  operations.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  const source = `@gitbook/api@${version}`;
  const list = [
    '{',
    `  "source": ${JSON.stringify(source)},`,
    '  "operations": [',
    operations.map((operation) => `    ${JSON.stringify(operation)}`).join(',\n'),
    '  ]',
    '}',
    '',
  ].join('\n');
  writeFileSync(join(ROOT, 'shared', 'gitbook', 'operations.json'), list);
  const trimmed: JsonObject = {
    openapi: spec.openapi ?? '3.1.0',
    info: { ...(isObject(spec.info) ? spec.info : {}), 'x-source': source },
    servers: spec.servers ?? [],
    paths: keptPaths,
    components: referencedComponents(spec, Object.values(keptPaths)),
  };
  writeFileSync(join(ROOT, 'e2e', 'gitbook', 'openapi.json'), `${JSON.stringify(trimmed)}\n`);
  const kept = Object.values(keptPaths).reduce<number>(
    (sum, item) => sum + METHODS.filter((method) => isObject(item) && item[method] !== undefined).length,
    0,
  );
  console.log(
    `${source}: ${operations.length} operations published, ${kept} shared with the contract (of ${operationList.length})`,
  );
}

main();
