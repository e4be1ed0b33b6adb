// Installers, made by electron-builder from the build in out/ (`npm run dist`, scripts/dist.mjs): Linux deb and
// AppImage, macOS dmg (and the zip its updater downloads), Windows NSIS. Signing, notarization and the update feed
// come from the environment (README, "Installers"). electron-builder loads this file through jiti; the default export
// is the configuration for this process's environment, validated against electron-builder's schema by
// electron/main/packaging.test.ts.
import type { Configuration } from 'electron-builder';
import { APP_NAME } from './electron/main/core/app-name.ts';
import { DEEP_LINK_SCHEME } from './electron/main/deep-link.ts';

/** The app's id: the macOS bundle id, the Windows AppUserModelID. Changing it after a release orphans installs. */
export const APP_ID = 'com.docsadmin.app';

/** The update feed when DOCS_ADMIN_UPDATE_URL is not set: a reserved name (RFC 2606) that never resolves. */
export const DEFAULT_UPDATE_URL = 'https://updates.docs-admin.invalid/';

/** The sets of variables with which electron-builder notarizes (any one set, complete). */
export const NOTARIZATION_CREDENTIALS = [
  ['APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'],
  ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'],
  ['APPLE_KEYCHAIN', 'APPLE_KEYCHAIN_PROFILE'],
] as const;

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Whether the macOS build is notarized: when one set of Apple credentials is complete in the environment. A set given
 * in part is a mistake that would ship an app Gatekeeper refuses, so it fails the build, naming what is missing.
 */
export function notarizeFromEnv(env: Env): boolean {
  const given = (name: string) => (env[name] ?? '').trim() !== '';
  if (NOTARIZATION_CREDENTIALS.some((set) => set.every(given))) return true;
  const partial = NOTARIZATION_CREDENTIALS.find((set) => set.some(given));
  if (partial === undefined) return false;
  const missing = partial.filter((name) => !given(name));
  throw new Error(`notarization needs ${partial.join(', ')}: ${missing.join(', ')} missing`);
}

/**
 * The update feed (electron-updater's generic provider, written into the app as app-update.yml): DOCS_ADMIN_UPDATE_URL,
 * which must be an https URL without credentials (they would ship inside every installer).
 */
export function updateFeedUrl(env: Env): string {
  const value = (env['DOCS_ADMIN_UPDATE_URL'] ?? '').trim();
  if (value === '') return DEFAULT_UPDATE_URL;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // said below
  }
  if (url === null || url.protocol !== 'https:' || url.username !== '' || url.password !== '')
    throw new Error('DOCS_ADMIN_UPDATE_URL must be an https URL without credentials');
  return url.href;
}

/** The installers' configuration for an environment. */
export function builderConfig(env: Env): Configuration {
  // Set by scripts/dist.mjs: the folder holding the Electron runtimes it downloaded and checked (the zips).
  const electronZips = (env['DOCS_ADMIN_ELECTRON_ZIPS'] ?? '').trim();
  return {
    appId: APP_ID,
    productName: APP_NAME,
    executableName: 'docs-admin',
    copyright: `Copyright © the ${APP_NAME} authors`,
    directories: { output: 'dist', buildResources: 'resources' },
    files: ['out/**/*', '!out/**/*.map', 'package.json'],
    asar: true,
    // The keychain's native module (N-API, prebuilt per platform) is loaded from outside the archive.
    asarUnpack: ['**/*.node'],
    // Nothing to rebuild: the one native dependency is N-API, ABI-stable across Node and Electron.
    npmRebuild: false,
    ...(electronZips === '' ? {} : { electronDist: electronZips }),
    artifactName: 'docs-admin-${version}-${os}-${arch}.${ext}',
    protocols: [{ name: `${APP_NAME} link`, schemes: [DEEP_LINK_SCHEME] }],
    // ELECTRON-SECURITY 19: off what the app does not use (the server runs in a utility process, not via
    // ELECTRON_RUN_AS_NODE; no inspector, no NODE_OPTIONS; the renderer comes from app://, not file://), and the app
    // loads only from its archive, checked against the hash the installer embeds.
    electronFuses: {
      runAsNode: false,
      enableNodeCliInspectArguments: false,
      enableNodeOptionsEnvironmentVariable: false,
      grantFileProtocolExtraPrivileges: false,
      loadBrowserProcessSpecificV8Snapshot: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    },
    publish: { provider: 'generic', url: updateFeedUrl(env), channel: 'latest' },
    linux: {
      target: ['deb', 'AppImage'],
      icon: 'resources/icons',
      category: 'Office',
      synopsis: 'Administration of documentation platforms',
      maintainer: `The ${APP_NAME} authors`,
      vendor: `The ${APP_NAME} authors`,
    },
    mac: {
      // The zip is what electron-updater downloads on macOS; the dmg is what people install from.
      target: ['dmg', 'zip'],
      icon: 'resources/icon.icns',
      category: 'public.app-category.productivity',
      hardenedRuntime: true,
      gatekeeperAssess: false,
      entitlements: 'resources/entitlements.mac.plist',
      entitlementsInherit: 'resources/entitlements.mac.plist',
      notarize: notarizeFromEnv(env),
    },
    win: { target: ['nsis'], icon: 'resources/icon.ico' },
    nsis: {
      oneClick: false,
      perMachine: false,
      allowToChangeInstallationDirectory: true,
      deleteAppDataOnUninstall: false,
      // Registers the deep-link scheme, which electron-builder's NSIS target does not do.
      include: 'resources/installer.nsh',
    },
  };
}

export default builderConfig(process.env);
