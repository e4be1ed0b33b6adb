/**
 * The kinds of content an import converts (import.ts). Apart from the converter, which runs on a worker thread and
 * loads an HTML parser and a markdown writer (about 0.4 MB of modules), so the request handlers need not load it.
 */
export const SUPPORTED_IMPORT_SOURCES = ['markdown', 'html', 'website', 'zip'] as const;
export type SupportedImportSource = (typeof SUPPORTED_IMPORT_SOURCES)[number];
