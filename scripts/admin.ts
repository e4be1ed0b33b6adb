/**
 * `npm run admin -- <command>`: the organization file's commands (export, plan, apply, rehearse: electron/main/cli, through the
 * app's profiles, keychain and paced proxy) or the server's own (token, org create: server/cli.ts). The server never
 * imports the desktop layer, so the two are joined here, by the first word; each side is loaded only when used.
 */
const ORGFILE_COMMANDS = new Set(['export', 'plan', 'apply', 'rehearse']);

const [command] = process.argv.slice(2);
if (command !== undefined && ORGFILE_COMMANDS.has(command)) {
  const { runOrgFileCli } = await import('../electron/main/cli/orgfile.ts');
  process.exitCode = await runOrgFileCli(process.argv.slice(2));
} else {
  await import('../server/cli.ts');
}
