/**
 * The demo organization's content as plain data: collections nested three deep, spaces with multi-page markdown,
 * images, links between pages (a few of them broken on purpose, so that the link report has something to show),
 * external links and one app link. Flagship pages are written out; the others are composed from the page's title
 * and its space's topic, so that every page has headings, lists, code, tables or quotes without a novel of text.
 * Everything here is deterministic: the same titles, structure and markdown on every run.
 */
import {
  COMPANY,
  BRAND_GUIDELINES,
  MEETING_NOTES,
  OLD_WIKI,
  ROADMAP,
  SCRATCHPAD,
  SECURITY_INCIDENTS,
  WELCOME_SPACE,
} from './demo-content/company.ts';
import { ENGINEERING } from './demo-content/engineering.ts';
import { PRODUCT } from './demo-content/product.ts';
import type { DemoItem, DemoSpace } from './demo-content/types.ts';

export { demoPages } from './demo-content/compose.ts';
export type { DemoCollection, DemoItem, DemoSpace, PageSpec } from './demo-content/types.ts';

/** The tree, in the order the seed creates it. */
export const DEMO_CONTENT: DemoItem[] = [
  WELCOME_SPACE,
  PRODUCT,
  ENGINEERING,
  COMPANY,
  BRAND_GUIDELINES,
  ROADMAP,
  MEETING_NOTES,
  SECURITY_INCIDENTS,
  SCRATCHPAD,
  OLD_WIKI,
];

/** Every space of a demo tree, depth first. */
export function demoSpaces(items: readonly DemoItem[] = DEMO_CONTENT): DemoSpace[] {
  return items.flatMap((item) => (item.kind === 'space' ? [item] : demoSpaces(item.children)));
}
