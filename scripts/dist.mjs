// `npm run dist`: build the app (scripts/build-app.mjs) and make its installers with electron-builder
// (electron-builder.config.ts) into dist/, for this OS and architecture; arguments after `--` go to electron-builder
// (`npm run dist -- --arm64`, `-- --linux deb`). Installers are made from Electron's own runtime, downloaded from
// Electron's release host (or ELECTRON_MIRROR) by the `electron` package's downloader, checked against the package's
// checksums, and handed to electron-builder. Where it cannot be downloaded, say so in one line and exit non-zero,
// before building anything.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildApp } from './build-app.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const electronDir = join(root, 'node_modules', 'electron');
const args = process.argv.slice(2);

// electron-builder's platform and architecture flags, as Electron names the platforms.
const PLATFORM_FLAGS = new Map([
  ['--linux', 'linux'],
  ['-l', 'linux'],
  ['--mac', 'darwin'],
  ['--macos', 'darwin'],
  ['-m', 'darwin'],
  ['-o', 'darwin'],
  ['--win', 'win32'],
  ['--windows', 'win32'],
  ['-w', 'win32'],
]);
const ARCH_FLAGS = new Map([
  ['--x64', ['x64']],
  ['--ia32', ['ia32']],
  ['--armv7l', ['armv7l']],
  ['--arm64', ['arm64']],
  ['--universal', ['x64', 'arm64']],
]);

/** The Electron runtimes the build needs: each platform named (this one if none) for each architecture named. */
function runtimesNeeded() {
  const platforms = new Set(
    args.flatMap((arg) => (PLATFORM_FLAGS.has(arg) ? [PLATFORM_FLAGS.get(arg)] : [])),
  );
  const arches = new Set(args.flatMap((arg) => ARCH_FLAGS.get(arg) ?? []));
  if (platforms.size === 0) platforms.add(process.platform);
  if (arches.size === 0) arches.add(process.arch);
  return [...platforms].flatMap((platform) => [...arches].map((arch) => ({ platform, arch })));
}

/** Runs a Node script in the project folder with the terminal attached; returns its exit status. */
function run(script, scriptArgs, env = process.env) {
  const result = spawnSync(process.execPath, [script, ...scriptArgs], { cwd: root, stdio: 'inherit', env });
  return result.status ?? 1;
}

const electronRequire = createRequire(join(electronDir, 'package.json'));
const { version } = electronRequire('./package.json');
const { downloadArtifact } = await import(pathToFileURL(electronRequire.resolve('@electron/get')).href);
const checksumsFile = join(electronDir, 'checksums.json');
const checksums = existsSync(checksumsFile) ? JSON.parse(readFileSync(checksumsFile, 'utf8')) : undefined;

const zips = [];
for (const { platform, arch } of runtimesNeeded()) {
  try {
    zips.push(
      await downloadArtifact({
        version,
        artifactName: 'electron',
        platform,
        arch,
        cacheRoot: process.env.electron_config_cache,
        checksums,
      }),
    );
  } catch {
    console.error(
      `The Electron runtime (electron-v${version}-${platform}-${arch}.zip) could not be downloaded here, and installers are made from it: run npm run dist where Electron's release host (or ELECTRON_MIRROR) is reachable.`,
    );
    process.exit(1);
  }
}

const built = buildApp();
if (built !== 0) process.exit(built);
// The runtimes sit side by side in the download cache (one folder per version and mirror): electron-builder takes
// them from there (the configuration's electronDist) instead of downloading them again.
const folders = new Set(zips.map((zip) => dirname(zip)));
const env = folders.size === 1 ? { ...process.env, DOCS_ADMIN_ELECTRON_ZIPS: [...folders][0] } : process.env;
process.exit(
  run(
    join(root, 'node_modules', 'electron-builder', 'cli.js'),
    ['--config', 'electron-builder.config.ts', ...args],
    env,
  ),
);
