/**
 * The palette's ranking: fuzzysort (a maintained SublimeText-style matcher) over each entry's label and keywords.
 * The label weighs more than keywords, so "carol" puts Carol Shaw above a screen whose keywords merely contain the
 * letters; entries that do not match every typed character in order are left out.
 */
import fuzzysort from 'fuzzysort';

/** What the palette ranks. */
export interface Rankable {
  label: string;
  keywords?: readonly string[];
}

/** Scores below this are noise (letters scattered across long words). */
const THRESHOLD = 0.35;
/** A keyword-only match counts less than the same match on the label. */
const KEYWORD_WEIGHT = 0.8;

/** The entries matching `query`, best first (ties keep their given order); all of them, unchanged, for no query. */
export function rank<T extends Rankable>(query: string, entries: readonly T[], limit = 50): T[] {
  const search = query.trim();
  if (search === '') return [...entries];
  const results = fuzzysort.go(search, entries, {
    keys: [(entry: T) => entry.label, (entry: T) => (entry.keywords ?? []).join(' ')],
    scoreFn: (result) => Math.max(result[0]?.score ?? 0, (result[1]?.score ?? 0) * KEYWORD_WEIGHT),
    threshold: THRESHOLD,
    limit,
  });
  const order = new Map(entries.map((entry, index) => [entry, index]));
  return [...results]
    .sort((a, b) => b.score - a.score || order.get(a.obj)! - order.get(b.obj)!)
    .map((result) => result.obj);
}
