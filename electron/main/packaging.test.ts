// The installers' configuration (electron-builder.config.ts): valid for electron-builder's own schema, loaded the way
// electron-builder loads it, with what the installers must carry (app id, deep-link scheme, targets per OS, icons
// of the right sizes, hardened runtime, notarization from the environment, fuses, the update feed).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, inflateSync } from 'node:zlib';
import { Ajv, type ValidateFunction } from 'ajv';
import type { Configuration, MacConfiguration } from 'electron-builder';
import { describe, expect, it } from 'vitest';
import config, {
  APP_ID,
  builderConfig,
  DEFAULT_UPDATE_URL,
  notarizeFromEnv,
  updateFeedUrl,
} from '../../electron-builder.config.ts';
import { APP_NAME } from './core/app-name.ts';
import { DEEP_LINK_SCHEME } from './deep-link.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
// electron-builder's own modules, resolved from electron-builder (app-builder-lib is its dependency, not ours).
const builderRequire = createRequire(createRequire(import.meta.url).resolve('electron-builder/package.json'));
const builderSchema = builderRequire('app-builder-lib/scheme.json') as object;
const builderConfigModule = builderRequire('app-builder-lib/out/util/config/config.js') as {
  getConfig(projectDir: string, configPath: string, configFromOptions: null): Promise<Configuration>;
  validateConfiguration(
    configuration: Configuration,
    debugLogger: { isEnabled: boolean; add(key: string, value: unknown): void },
  ): Promise<void>;
};
const quietLogger = { isEnabled: false, add: () => undefined };

let strict: ValidateFunction | null = null;
/** electron-builder's schema compiled strictly (no type coercion, unlike electron-builder's own check), once. */
function strictValidator(): ValidateFunction {
  if (strict !== null) return strict;
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
  // The one keyword of the schema outside JSON Schema: `typeof: "function"` for hooks given as functions.
  ajv.addKeyword({
    keyword: 'typeof',
    schemaType: 'string',
    validate: (type: string, data: unknown) => typeof data === type,
  });
  strict = ajv.compile(builderSchema);
  return strict;
}

/** The target names of a platform's configuration. */
function targetNames(platform: { target?: unknown } | null | undefined): string[] {
  const targets = Array.isArray(platform?.target) ? (platform.target as unknown[]) : [platform?.target];
  return targets.map((target) =>
    typeof target === 'string' ? target : ((target as { target: string } | undefined)?.target ?? ''),
  );
}

describe('electron-builder.config.ts against electron-builder', () => {
  it('is valid for electron-builder’s schema, as electron-builder checks it and compiled strictly', async () => {
    await expect(builderConfigModule.validateConfiguration(config, quietLogger)).resolves.toBeUndefined();
    const validate = strictValidator();
    expect(validate(config), JSON.stringify(validate.errors)).toBe(true);
  }, 90_000);

  it('is refused by both checks when an option is misspelt or of the wrong type (the checks are real)', async () => {
    const misspelt = { ...config, mac: { ...config.mac, hardenedRuntme: true } as MacConfiguration };
    const mistyped = { ...config, protocols: DEEP_LINK_SCHEME } as unknown as Configuration;
    const validate = strictValidator();
    for (const wrong of [misspelt, mistyped]) {
      await expect(builderConfigModule.validateConfiguration(wrong, quietLogger)).rejects.toThrow(
        /Invalid configuration object/,
      );
      expect(validate(wrong)).toBe(false);
    }
  }, 90_000);

  it('loads the way electron-builder loads it (the TypeScript file through jiti, merged with package.json)', async () => {
    const loaded = await builderConfigModule.getConfig(root, 'electron-builder.config.ts', null);
    expect(loaded.appId).toBe(APP_ID);
    expect(loaded.protocols).toEqual(config.protocols);
    await expect(builderConfigModule.validateConfiguration(loaded, quietLogger)).resolves.toBeUndefined();
  }, 30_000);
});

describe('what the installers carry', () => {
  it('names the app and its id, and packs the build with the package manifest', () => {
    expect(config.appId).toBe('com.docsadmin.app');
    expect(config.productName).toBe(APP_NAME);
    expect(config.files).toEqual(['out/**/*', '!out/**/*.map', 'package.json']);
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest['main']).toBe('out/main/index.js');
    expect((manifest['scripts'] as Record<string, string>)['dist']).toMatch(/scripts\/dist\.mjs/);
    // Linux: Electron takes the window's app id from desktopName; it must name the .desktop file the deb installs.
    expect(manifest['desktopName']).toBe(`${config.executableName}.desktop`);
  });

  it('makes deb and AppImage on Linux, dmg on macOS (and the zip its updater reads), NSIS on Windows', () => {
    expect(targetNames(config.linux)).toEqual(['deb', 'AppImage']);
    expect(targetNames(config.mac)).toEqual(['dmg', 'zip']);
    expect(targetNames(config.win)).toEqual(['nsis']);
  });

  it('registers the deep-link scheme the main process parses, on every OS', () => {
    expect(config.protocols).toEqual([{ name: 'Docs Admin link', schemes: [DEEP_LINK_SCHEME] }]);
    // Windows: electron-builder's NSIS target registers no scheme; our include does, and removes it on uninstall.
    const include = config.nsis?.include;
    expect(include).toBe('resources/installer.nsh');
    const script = readFileSync(join(root, include!), 'utf8');
    const key = `"Software\\Classes\\${DEEP_LINK_SCHEME}"`;
    expect(script).toContain(`!macro customInstall`);
    expect(script).toContain(`WriteRegStr SHELL_CONTEXT ${key} "URL Protocol" ""`);
    expect(script).toContain(
      `WriteRegStr SHELL_CONTEXT "Software\\Classes\\${DEEP_LINK_SCHEME}\\shell\\open\\command" "" '"$appExe" "%1"'`,
    );
    expect(script).toMatch(
      new RegExp(`!macro customUnInstall\\s+DeleteRegKey SHELL_CONTEXT ${key.replaceAll('\\', '\\\\')}`),
    );
    expect(script.match(/Software\\Classes\\([\w-]+)/g)!.every((k) => k.endsWith(DEEP_LINK_SCHEME))).toBe(
      true,
    );
  });

  it('signs for macOS with the hardened runtime and entitlements that allow JIT and nothing else', () => {
    const mac = config.mac!;
    expect(mac.hardenedRuntime).toBe(true);
    expect(mac.entitlements).toBe('resources/entitlements.mac.plist');
    expect(mac.entitlementsInherit).toBe('resources/entitlements.mac.plist');
    const plist = readFileSync(join(root, mac.entitlements!), 'utf8');
    expect([...plist.matchAll(/<key>([^<]+)<\/key>\s*<true\/>/g)].map((match) => match[1])).toEqual([
      'com.apple.security.cs.allow-jit',
    ]);
  });

  it('turns off the fuses the app does not need (ELECTRON-SECURITY 19)', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeCliInspectArguments: false,
      enableNodeOptionsEnvironmentVariable: false,
      grantFileProtocolExtraPrivileges: false,
      loadBrowserProcessSpecificV8Snapshot: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
    expect(config.asar).toBe(true);
  });

  it('has no code in the desktop app that needs those fuses on (Node mode, NODE_OPTIONS, the inspector)', () => {
    // The runtime imports of the main process's entry, followed through relative paths (type imports are erased).
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(
        /ELECTRON_RUN_AS_NODE|NODE_OPTIONS|--inspect|['"]node:child_process['"]/,
      );
      for (const [, specifier] of text.matchAll(
        /^(?:import|export) (?!type )[^;]*?from '(\.{1,2}\/[^']+)'/gms,
      ))
        visit(join(dirname(file), specifier!));
    };
    visit(join(root, 'electron/main/index.ts'));
    visit(join(root, 'electron/preload/index.ts'));
    expect([...seen].some((file) => file.endsWith('utility-spawn.ts'))).toBe(true);
    expect(seen.size).toBeGreaterThan(20);
  });

  it('points the update feed at DOCS_ADMIN_UPDATE_URL (https, no credentials), a reserved name otherwise', () => {
    expect(config.publish).toEqual({
      provider: 'generic',
      url: updateFeedUrl(process.env),
      channel: 'latest',
    });
    expect(updateFeedUrl({})).toBe(DEFAULT_UPDATE_URL);
    expect(new URL(DEFAULT_UPDATE_URL).hostname.endsWith('.invalid')).toBe(true);
    const feed = 'https://downloads.example.com/docs-admin/';
    expect(builderConfig({ DOCS_ADMIN_UPDATE_URL: feed }).publish).toEqual({
      provider: 'generic',
      url: feed,
      channel: 'latest',
    });
    for (const wrong of ['http://downloads.example.com/', 'https://user:secret@example.com/', 'not a url'])
      expect(() => updateFeedUrl({ DOCS_ADMIN_UPDATE_URL: wrong }), wrong).toThrow(
        'DOCS_ADMIN_UPDATE_URL must be an https URL without credentials',
      );
  });

  it('notarizes when one set of Apple credentials is complete, and refuses a set given in part', () => {
    expect(notarizeFromEnv({})).toBe(false);
    expect(notarizeFromEnv({ APPLE_API_KEY: 'k.p8', APPLE_API_KEY_ID: 'id', APPLE_API_ISSUER: 'iss' })).toBe(
      true,
    );
    expect(
      notarizeFromEnv({ APPLE_ID: 'a@b.c', APPLE_APP_SPECIFIC_PASSWORD: 'pw', APPLE_TEAM_ID: 't' }),
    ).toBe(true);
    expect(notarizeFromEnv({ APPLE_KEYCHAIN: 'k', APPLE_KEYCHAIN_PROFILE: 'p' })).toBe(true);
    expect(builderConfig({ APPLE_KEYCHAIN: 'k', APPLE_KEYCHAIN_PROFILE: 'p' }).mac?.notarize).toBe(true);
    expect(() => notarizeFromEnv({ APPLE_ID: 'a@b.c', APPLE_TEAM_ID: ' ' })).toThrow(
      'notarization needs APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID: APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID missing',
    );
  });

  it('takes the Electron runtimes npm run dist downloaded when it names their folder', () => {
    expect(builderConfig({}).electronDist).toBeUndefined();
    expect(builderConfig({ DOCS_ADMIN_ELECTRON_ZIPS: '/cache/electron/abc' }).electronDist).toBe(
      '/cache/electron/abc',
    );
  });
});

// Icons: readers for the three formats, written from their specifications (not from scripts/icons.mjs).
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Image {
  width: number;
  height: number;
  rgba: Buffer;
}

/** Decodes an 8-bit RGBA, non-interlaced PNG (every filter type), checking each chunk's CRC. */
function readPng(data: Buffer): Image {
  expect(data.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  let offset = 8;
  let width = 0;
  let height = 0;
  const compressed: Buffer[] = [];
  while (offset < data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('ascii', offset + 4, offset + 8);
    const body = data.subarray(offset + 8, offset + 8 + length);
    expect(data.readUInt32BE(offset + 8 + length)).toBe(
      crc32(data.subarray(offset + 4, offset + 8 + length)),
    );
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect([...body.subarray(8, 13)]).toEqual([8, 6, 0, 0, 0]);
    } else if (type === 'IDAT') compressed.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(compressed));
  const stride = width * 4;
  expect(raw.length).toBe((stride + 1) * height);
  const rgba = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    expect(filter, `filter of row ${y}`).toBeLessThanOrEqual(4);
    for (let x = 0; x < stride; x++) {
      const a = x >= 4 ? rgba[y * stride + x - 4]! : 0;
      const b = y > 0 ? rgba[(y - 1) * stride + x]! : 0;
      const c = x >= 4 && y > 0 ? rgba[(y - 1) * stride + x - 4]! : 0;
      const p = a + b - c;
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c;
      const predictor = [0, a, b, Math.floor((a + b) / 2), paeth][filter]!;
      rgba[y * stride + x] = (raw[y * (stride + 1) + 1 + x]! + predictor) & 0xff;
    }
  }
  return { width, height, rgba };
}

/** Decodes a 32-bit icon bitmap (BITMAPINFOHEADER, BGRA rows bottom-up, then the AND mask). */
function readIconBitmap(data: Buffer): Image {
  expect(data.readUInt32LE(0)).toBe(40);
  const width = data.readInt32LE(4);
  expect(data.readInt32LE(8)).toBe(width * 2);
  expect(data.readUInt16LE(14)).toBe(32);
  expect(data.length).toBe(40 + width * width * 4 + Math.ceil(width / 32) * 4 * width);
  const rgba = Buffer.alloc(width * width * 4);
  for (let y = 0; y < width; y++)
    for (let x = 0; x < width; x++) {
      const from = 40 + ((width - 1 - y) * width + x) * 4;
      const to = (y * width + x) * 4;
      rgba[to] = data[from + 2]!;
      rgba[to + 1] = data[from + 1]!;
      rgba[to + 2] = data[from]!;
      rgba[to + 3] = data[from + 3]!;
    }
  return { width, height: width, rgba };
}

/** The images of a Windows .ico, each with the size its directory entry states. */
function readIco(data: Buffer): { stated: number; image: Image }[] {
  expect([data.readUInt16LE(0), data.readUInt16LE(2)]).toEqual([0, 1]);
  return Array.from({ length: data.readUInt16LE(4) }, (_, index) => {
    const entry = 6 + 16 * index;
    expect(data[entry]).toBe(data[entry + 1]);
    const image = data.subarray(
      data.readUInt32LE(entry + 12),
      data.readUInt32LE(entry + 12) + data.readUInt32LE(entry + 8),
    );
    return {
      stated: data[entry] || 256,
      image: image.subarray(0, 8).equals(PNG_SIGNATURE) ? readPng(image) : readIconBitmap(image),
    };
  });
}

/** The entries of an Apple .icns: type and image (PNG data, the only kind we write and the modern kind). */
function readIcns(data: Buffer): { type: string; image: Image }[] {
  expect(data.toString('ascii', 0, 4)).toBe('icns');
  expect(data.readUInt32BE(4)).toBe(data.length);
  const entries: { type: string; image: Image }[] = [];
  for (let offset = 8; offset < data.length; offset += data.readUInt32BE(offset + 4))
    entries.push({
      type: data.toString('ascii', offset, offset + 4),
      image: readPng(data.subarray(offset + 8, offset + data.readUInt32BE(offset + 4))),
    });
  return entries;
}

const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512];
/** The pixel size of each icns type (Apple's list; the @2x types are the 32 px "ic11" and the like). */
const ICNS_TYPES: Record<string, number> = {
  icp4: 16,
  ic11: 32,
  icp5: 32,
  ic12: 64,
  icp6: 64,
  ic07: 128,
  ic13: 256,
  ic08: 256,
  ic14: 512,
  ic09: 512,
  ic10: 1024,
};

describe('the icons (scripts/icons.mjs draws them from resources/icon.svg)', () => {
  const linux = new Map(
    LINUX_SIZES.map((size) => [
      size,
      readPng(readFileSync(join(root, config.linux!.icon!, `${size}x${size}.png`))),
    ]),
  );

  it('Linux: one PNG per hicolor size, 16 to 512 px, each of its stated size', () => {
    expect(config.linux!.icon).toBe('resources/icons');
    expect(readdirSync(join(root, 'resources/icons')).sort()).toEqual(
      LINUX_SIZES.map((size) => `${size}x${size}.png`).sort(),
    );
    for (const [size, image] of linux) expect([image.width, image.height]).toEqual([size, size]);
    // Opaque at the centre, transparent in the rounded corner.
    const big = linux.get(512)!;
    expect(big.rgba[(256 * 512 + 256) * 4 + 3]).toBe(255);
    expect(big.rgba[3]).toBe(0);
  });

  it('Windows: an .ico with 16 to 256 px, each image of its stated size, the same pixels as Linux’s', () => {
    const images = readIco(readFileSync(join(root, config.win!.icon!)));
    expect(images.map(({ stated }) => stated)).toEqual([16, 24, 32, 48, 64, 128, 256]);
    for (const { stated, image } of images) {
      expect([image.width, image.height]).toEqual([stated, stated]);
      expect(image.rgba.equals(linux.get(stated)!.rgba), `${stated} px`).toBe(true);
    }
  });

  it('macOS: an .icns with 16 to 1024 px (1x and 2x), each of its type’s size, on Apple’s grid', () => {
    expect(config.mac!.icon).toBe('resources/icon.icns');
    const entries = readIcns(readFileSync(join(root, config.mac!.icon!)));
    for (const { type, image } of entries) {
      expect(ICNS_TYPES[type], type).toBeDefined();
      expect([image.width, image.height], type).toEqual([ICNS_TYPES[type], ICNS_TYPES[type]]);
    }
    expect(new Set(entries.map(({ image }) => image.width))).toEqual(
      new Set([16, 32, 64, 128, 256, 512, 1024]),
    );
    // The body fills 824 of 1024 px: transparent left of it on the middle row, opaque inside it.
    const large = entries.find(({ type }) => type === 'ic10')!.image;
    const alphaAt = (x: number) => large.rgba[(512 * 1024 + x) * 4 + 3];
    expect(alphaAt(90)).toBe(0);
    expect(alphaAt(110)).toBe(255);
  });

  it('every file the configuration names exists', () => {
    for (const file of [
      config.linux!.icon!,
      config.mac!.icon!,
      config.win!.icon!,
      config.mac!.entitlements!,
      config.nsis!.include!,
      'resources/icon.svg',
    ])
      expect(existsSync(join(root, file)), file).toBe(true);
  });
});
