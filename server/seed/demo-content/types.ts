/** The shapes of the demo content, and the builders its tree is written with. */

/**
 * A page: a title alone (its body is composed), or a title with written markdown and children. In written
 * markdown, `](page:some/path)` links to the page at that slug path of the same space and becomes the relative
 * path a Git-synced space would hold; an unknown path is a mistake in this file and throws.
 */
export type PageSpec = string | { title: string; emoji?: string; markdown?: string; pages?: PageSpec[] };

export interface DemoSpace {
  kind: 'space';
  title: string;
  emoji: string;
  visibility: 'public' | 'unlisted' | 'share-link' | 'visitor-auth' | 'in-collection' | 'private';
  editMode?: 'locked';
  /** A role, `inherit` (the default) or null. */
  defaultLevel?: string | null;
  /** Who created it: a person of the demo organization. */
  creator: string;
  /** How many days before the seed date it was created. */
  ageDays: number;
  /** What its composed pages talk about. */
  topic: string;
  /** Images stored as files of its revision (see demo-images.ts). */
  images?: string[];
  /** Days before the seed date it went to the trash. */
  deletedDaysAgo?: number;
  pages: PageSpec[];
}

export interface DemoCollection {
  kind: 'collection';
  title: string;
  description?: string;
  defaultLevel?: string | null;
  children: DemoItem[];
}

export type DemoItem = DemoSpace | DemoCollection;

export const space = (fields: Omit<DemoSpace, 'kind'>): DemoSpace => ({ kind: 'space', ...fields });
export const collection = (fields: Omit<DemoCollection, 'kind'>): DemoCollection => ({
  kind: 'collection',
  ...fields,
});
