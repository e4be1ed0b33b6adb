// Plain JavaScript on purpose: it must run, and say one clear line, on a Node too old for the rest.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 19)) {
  console.error(
    `docs-admin needs Node.js 22.19 or newer (it uses the built-in node:sqlite, and swagger-parser needs 22.19); this is Node ${process.versions.node}.`,
  );
  process.exit(1);
}
