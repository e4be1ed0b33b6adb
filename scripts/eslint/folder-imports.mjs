// Local ESLint rules that keep sibling folders apart (issue 16). Each resolves every relative import against the
// importing file (static imports, re-exports, dynamic `import()` and stylesheet imports all count), so the depth of
// the importing file does not matter:
// - no-import-between-screens: no module of one renderer screen folder (`renderer/src/screens/<name>/`, subfolders
//   included) imports a module of another; shared pieces live in `renderer/src/ui/` or `renderer/src/queries/`, and a
//   screen that shows another folder's section gets it composed by its route (`renderer/src/router/`).
// - no-import-of-other-handlers: no module of one server domain (`server/domain/<name>/`) imports another domain's
//   handlers (`handlers.ts` or `<x>-handlers.ts`). Handlers are the HTTP edge of their domain; what two domains share
//   lives in the owning domain's records (reads), commands (writes) or another plain module, so that the later storage
//   seam (per-domain repositories) has one owner per query. A domain's own handlers are allowed.
import path from 'node:path';

/** The folder right below `root` that `file` sits in (`spaces`), or undefined outside `root`'s subfolders. */
function folderOf(root, file, cwd) {
  const relative = path.relative(path.join(cwd, root), path.resolve(cwd, file));
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const parts = relative.split(path.sep);
  return parts.length > 1 ? parts[0] : undefined;
}

/**
 * A rule for the files below `root`: a relative import whose target sits in another folder below `root` is reported
 * with `message` (placeholders `from`, `to`, `source`) when `refuses(target)` says so.
 * @param {{ root: string, description: string, message: string, refuses: (target: string) => boolean }} options
 * @returns {import('eslint').Rule.RuleModule}
 */
function folderImportRule({ root, description, message, refuses }) {
  return {
    meta: { type: 'problem', docs: { description }, schema: [], messages: { between: message } },
    create(context) {
      const cwd = context.cwd;
      const file = path.resolve(cwd, context.physicalFilename ?? context.filename);
      const from = folderOf(root, file, cwd);
      if (from === undefined) return {};
      const check = (source) => {
        if (source === null || source === undefined || source.type !== 'Literal') return;
        const specifier = source.value;
        if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
        const target = path.resolve(path.dirname(file), specifier);
        const to = folderOf(root, target, cwd);
        if (to !== undefined && to !== from && refuses(target))
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
}

const HANDLERS = /(^|-)handlers\.(ts|js|mjs)$/;

export default {
  rules: {
    'no-import-between-screens': folderImportRule({
      root: path.join('renderer', 'src', 'screens'),
      description: 'forbid imports from one renderer screen folder into another',
      message:
        "screens/{{from}}/ imports screens/{{to}}/ ('{{source}}'): move the shared piece to renderer/src/ui/ or renderer/src/queries/, or compose the other screen's section in its route",
      refuses: () => true,
    }),
    'no-import-of-other-handlers': folderImportRule({
      root: path.join('server', 'domain'),
      description: "forbid imports of another server domain's handlers",
      message:
        "domain/{{from}}/ imports domain/{{to}}/'s handlers ('{{source}}'): move what they share to domain/{{to}}/records.ts (reads), commands.ts (writes) or another plain module",
      refuses: (target) => HANDLERS.test(path.basename(target)),
    }),
  },
};
