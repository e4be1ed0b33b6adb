/**
 * Vitest's sequencer, with the end-to-end files known to be long started first. Without timings of its own (a fresh
 * clone, as in CI) Vitest runs the largest files first; the two longest end-to-end files (screens-wide,
 * screens-narrow) are among the smallest (they walk the list in `e2e/support/screens.ts`), so they started last, and with two workers
 * one of them would run alone at the end while the other worker had nothing left.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The longest end-to-end files, longest first (CI's times: 163 s, 124 s, 64 s, 39 s; most others 8–28 s). */
export const LONG_E2E = [
  'e2e/screens-wide.e2e.test.ts',
  'e2e/screens-narrow.e2e.test.ts',
  'e2e/org-file.e2e.test.ts',
  'e2e/compat.e2e.test.ts',
];

function rank(spec: TestSpecification): number {
  const at = LONG_E2E.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return at === -1 ? LONG_E2E.length : at;
}

export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Projects keep their order (Vitest runs them by group); within one, the listed files come first (a stable sort).
    const byProject = new Map<string, TestSpecification[]>();
    for (const spec of sorted) {
      const name = spec.project.name;
      byProject.set(name, [...(byProject.get(name) ?? []), spec]);
    }
    return [...byProject.values()].flatMap((specs) => specs.sort((a, b) => rank(a) - rank(b)));
  }
}
