// A local ESLint rule: no module of one renderer screen folder (`renderer/src/screens/<name>/`, its subfolders
// included) imports a module of another; shared pieces live in `renderer/src/ui/` or `renderer/src/queries/`, and a
// screen that shows another folder's section gets it composed by its route (`renderer/src/router/`).
// It resolves each relative import against the importing file, so `../comments/x.ts` inside
// `change-requests/review/` (the same folder) is allowed while `../../spaces/x.ts` is not, whatever the depth.
// Static imports, re-exports, dynamic `import()` and stylesheet imports all count.
import path from 'node:path';

const SCREENS = path.join('renderer', 'src', 'screens');

/** The screen folder a file belongs to (`spaces`), or undefined outside `renderer/src/screens/`. */
function screenOf(file, cwd) {
  const relative = path.relative(path.join(cwd, SCREENS), path.resolve(cwd, file));
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const parts = relative.split(path.sep);
  return parts.length > 1 ? parts[0] : undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const noImportBetweenScreens = {
  meta: {
    type: 'problem',
    docs: { description: 'forbid imports from one renderer screen folder into another' },
    schema: [],
    messages: {
      between:
        "screens/{{from}}/ imports screens/{{to}}/ ('{{source}}'): move the shared piece to renderer/src/ui/ or renderer/src/queries/, or compose the other screen's section in its route",
    },
  },
  create(context) {
    const cwd = context.cwd;
    const file = path.resolve(cwd, context.physicalFilename ?? context.filename);
    const from = screenOf(file, cwd);
    if (from === undefined) return {};
    const check = (source) => {
      if (source === null || source === undefined || source.type !== 'Literal') return;
      const specifier = source.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = screenOf(path.resolve(path.dirname(file), specifier), cwd);
      if (to !== undefined && to !== from)
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

export default { rules: { 'no-import-between-screens': noImportBetweenScreens } };
