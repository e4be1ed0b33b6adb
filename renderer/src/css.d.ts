// Stylesheets are imported for their side effect (Vite bundles them). TypeScript 6 and later check that a
// side-effect import resolves (noUncheckedSideEffectImports); this tells it that a `.css` module has no exports.
// Vite's build still fails on a stylesheet that does not exist.
declare module '*.css';
