// A local ESLint rule: no module of one server domain (`server/domain/<name>/`) imports another domain's handlers
// (`handlers.ts` or `<x>-handlers.ts`). Handlers are the HTTP edge of their domain; what two domains share lives in
// the owning domain's records (reads), commands (writes) or another plain module, so that the later storage seam
// (per-domain repositories) has one owner per query. Imports of the domain's own handlers are allowed.
// It resolves each relative import against the importing file; static imports, re-exports and dynamic `import()` count.
import path from 'node:path';

const DOMAIN = path.join('server', 'domain');
const HANDLERS = /(^|-)handlers\.(ts|js|mjs)$/;

/** The domain folder a file belongs to (`spaces`), or undefined outside `server/domain/<name>/`. */
function domainOf(file, cwd) {
  const relative = path.relative(path.join(cwd, DOMAIN), path.resolve(cwd, file));
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const parts = relative.split(path.sep);
  return parts.length > 1 ? parts[0] : undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const noImportOfOtherHandlers = {
  meta: {
    type: 'problem',
    docs: { description: "forbid imports of another server domain's handlers" },
    schema: [],
    messages: {
      between:
        "domain/{{from}}/ imports domain/{{to}}/'s handlers ('{{source}}'): move what they share to domain/{{to}}/records.ts (reads), commands.ts (writes) or another plain module",
    },
  },
  create(context) {
    const cwd = context.cwd;
    const file = path.resolve(cwd, context.physicalFilename ?? context.filename);
    const from = domainOf(file, cwd);
    if (from === undefined) return {};
    const check = (source) => {
      if (source === null || source === undefined || source.type !== 'Literal') return;
      const specifier = source.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), specifier);
      const to = domainOf(target, cwd);
      if (to !== undefined && to !== from && HANDLERS.test(path.basename(target)))
        context.report({ node: source, messageId: 'between', data: { from, to, source: specifier } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'no-import-of-other-handlers': noImportOfOtherHandlers } };
