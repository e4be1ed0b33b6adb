// Runs Vitest (`node scripts/run-unit-tests.mjs [vitest args]`). The vault and end-to-end tests need a real Secret
// Service: on Linux this first starts a private one (dbus-run-session) with an unlocked GNOME Keyring whose keyrings
// live in a temporary folder, even on a desktop that has its own session bus, so tests never touch the user's
// keychain. DOCS_ADMIN_USE_SESSION_KEYRING=1 opts out and uses the session's.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const self = fileURLToPath(import.meta.url);
const args = process.argv.slice(2);
const FLAG = 'DOCS_ADMIN_PRIVATE_KEYRING';

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

if (
  process.platform === 'linux' &&
  !process.env[FLAG] &&
  process.env.DOCS_ADMIN_USE_SESSION_KEYRING !== '1' &&
  has('dbus-run-session') &&
  has('gnome-keyring-daemon')
) {
  const keyringHome = mkdtempSync(join(tmpdir(), 'docs-admin-keyring-'));
  // An empty password leaves GNOME Keyring without a login collection; a throwaway one creates and unlocks it.
  const script = [
    'printf "%s" "$DOCS_ADMIN_KEYRING_PASSWORD" |',
    'XDG_DATA_HOME="$DOCS_ADMIN_KEYRING_HOME" gnome-keyring-daemon --unlock --components=secrets >/dev/null;',
    'exec "$DOCS_ADMIN_NODE" "$DOCS_ADMIN_SELF" "$@"',
  ].join(' ');
  const result = spawnSync('dbus-run-session', ['--', 'sh', '-c', script, 'sh', ...args], {
    stdio: 'inherit',
    cwd: root,
    env: {
      ...process.env,
      [FLAG]: '1',
      DOCS_ADMIN_KEYRING_HOME: keyringHome,
      DOCS_ADMIN_KEYRING_PASSWORD: 'docs-admin-tests',
      DOCS_ADMIN_NODE: process.execPath,
      DOCS_ADMIN_SELF: self,
    },
  });
  rmSync(keyringHome, { recursive: true, force: true });
  if (result.error) {
    console.error(`could not start a private Secret Service: ${result.error.message}`);
    process.exit(1);
  }
  process.exit(result.status ?? 1);
}

const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
// Node's compile cache for Vitest, its workers and every Node child a test starts (the app in browser mode, servers,
// CLIs): each would otherwise type-strip and compile the same modules at every start. It lives in the checkout's own
// node_modules/.cache, as `npm run start:browser`'s does (never a shared temporary folder another user could write
// code into); a NODE_COMPILE_CACHE already set is kept.
const env = {
  ...process.env,
  NODE_COMPILE_CACHE:
    process.env.NODE_COMPILE_CACHE || join(root, 'node_modules', '.cache', 'node-compile-cache'),
};
const result = spawnSync(process.execPath, [vitest, 'run', ...args], { stdio: 'inherit', cwd: root, env });
if (result.error) {
  console.error(`could not run Vitest: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
