/**
 * Resolving the conflicts of a change request with GitBook's own operations, as the app does it: each conflict is
 * decided for the main content's side, the request's side, or (content conflicts) a text edited by hand. "Apply" is
 * three calls: (1) `updateChangeRequestContent` makes the request agree with the main content wherever they
 * conflict, so that (2) `updateChangeRequest` merges the main content in cleanly, after which (3)
 * `updateChangeRequestContent` writes back what was decided for the request's side or by hand. The merge check is
 * then clean: the request is up to date, and its changes are its own against the main content.
 *
 * Rules, per kind of conflict (a page's sides are found by id in the three page trees):
 * - `content`: (1) the main content's body; (3) the request's body, or the edited text.
 * - `metadata`: only the fields both sides changed differently: (1) the main content's values; (3) the request's.
 *   A removed emoji, icon or description is written as an empty string, a flag as false.
 * - `structure`: (1) the page goes under the main content's parent, after the sibling it follows there (first when
 *   that sibling is not there); (3) back under the request's parent, after the sibling it follows in the request.
 * - `edited-deleted`, deleted by the main content: (1) the request deletes it too; (3) for the request's side, it is
 *   inserted again (a new page: new id) with its subtree in the request, under its parent when the main content
 *   still has it, else at the top level.
 * - `edited-deleted`, deleted by the request: (1) the request takes back the main content's page (`update_page` of a
 *   page the merge base has brings it back with its id); (3) for the request's side, it is deleted again, or takes
 *   the edited text.
 * Batches hold at most 50 changes (the operation's limit): longer plans are several calls of a step.
 */
import type { Static } from '@sinclair/typebox';
import type { ChangeRequestConflict } from '../contract/resources/changeRequests.ts';
import type { ChangeRequestContentChange, Page } from '../contract/resources/revisions.ts';

type Conflict = Static<typeof ChangeRequestConflict>;
export type ContentChange = Static<typeof ChangeRequestContentChange>;

/** What was decided for one conflict. */
export type ConflictChoice =
  { side: 'main' } | { side: 'changeRequest' } | { side: 'edited'; markdown: string };

/** The conflicts of one page and kind are decided together: the key of a conflict. */
export const conflictKey = (conflict: Pick<Conflict, 'kind' | 'page'>) =>
  `${conflict.kind}:${conflict.page.id}`;

/** The fields a metadata conflict may be about. */
const FIELDS = [
  'title',
  'slug',
  'emoji',
  'icon',
  'description',
  'hidden',
  'noIndex',
  'noRobotsIndex',
] as const;
type Field = (typeof FIELDS)[number];

/** What the plan needs to know. */
export interface ResolutionInput {
  conflicts: readonly Conflict[];
  choices: ReadonlyMap<string, ConflictChoice>;
  /** The page trees of the merge base, the main content and the request's head (bodies not needed). */
  base: readonly Page[];
  main: readonly Page[];
  head: readonly Page[];
  /** Bodies of the request's pages a reinsertion needs (`pagesToReinsert`), by page id. */
  headBodies: ReadonlyMap<string, string>;
}

/** The two writes around the update: each a list of batches of at most 50 changes. */
export interface ResolutionPlan {
  first: ContentChange[][];
  then: ContentChange[][];
}

interface Placed {
  page: Page;
  parent: string | null;
  siblings: readonly Page[];
}

function index(pages: readonly Page[]): Map<string, Placed> {
  const found = new Map<string, Placed>();
  const walk = (list: readonly Page[], parent: string | null) => {
    for (const page of list) {
      found.set(page.id, { page, parent, siblings: list });
      walk(page.pages ?? [], page.id);
    }
  };
  walk(pages, null);
  return found;
}

/** The sibling a page follows in its list (null: first). */
function predecessor(placed: Placed): string | null {
  const at = placed.siblings.findIndex((page) => page.id === placed.page.id);
  return at > 0 ? placed.siblings[at - 1]!.id : null;
}

/** Where to put `pageId` under `parent` of `tree`, after `after` (first when absent there). */
function placeAfter(
  tree: Map<string, Placed>,
  roots: readonly Page[],
  pageId: string,
  parent: string | null,
  after: string | null,
) {
  const list = (parent === null ? roots : (tree.get(parent)?.page.pages ?? [])).filter(
    (page) => page.id !== pageId,
  );
  const at = after === null ? 0 : list.findIndex((page) => page.id === after) + 1;
  return { into: parent, at: Math.max(0, at) };
}

function fieldValue(page: Page | undefined, field: Field): string | boolean | undefined {
  return page?.[field];
}

/** The fields of a metadata conflict: changed on both sides, differently. */
export function conflictingFields(
  base: Page | undefined,
  main: Page | undefined,
  head: Page | undefined,
): Field[] {
  return FIELDS.filter((field) => {
    const [b, m, h] = [fieldValue(base, field), fieldValue(main, field), fieldValue(head, field)];
    return m !== b && h !== b && m !== h;
  });
}

type UpdatePage = Extract<ContentChange, { operation: 'update_page' }>;

/** A page's values of `fields`, as an update writes them (absent: an empty text, or false). */
function fieldsOf(page: Page | undefined, fields: readonly Field[]): Pick<UpdatePage, Field> {
  const out: Pick<UpdatePage, Field> = {};
  for (const field of fields) {
    switch (field) {
      case 'hidden':
      case 'noIndex':
      case 'noRobotsIndex':
        out[field] = page?.[field] ?? false;
        break;
      case 'title':
      case 'slug':
        if (page?.[field] !== undefined) out[field] = page[field];
        break;
      default:
        out[field] = page?.[field] ?? '';
    }
  }
  return out;
}

/** The request's pages a plan inserts again (for the request's side of pages the main content deleted). */
export function pagesToReinsert(input: Omit<ResolutionInput, 'headBodies'>): string[] {
  const head = index(input.head);
  const main = index(input.main);
  const ids: string[] = [];
  const walk = (page: Page) => {
    ids.push(page.id);
    (page.pages ?? []).forEach(walk);
  };
  for (const conflict of input.conflicts) {
    const choice = input.choices.get(conflictKey(conflict)) ?? { side: 'main' };
    if (conflict.kind !== 'edited-deleted' || choice.side === 'main' || main.has(conflict.page.id)) continue;
    const placed = head.get(conflict.page.id);
    if (placed !== undefined) walk(placed.page);
  }
  return ids;
}

/** A page and its subtree of the request, inserted again (new ids; refs tie the children to their parent). */
function reinsert(
  page: Page,
  into: string | null,
  at: number | undefined,
  bodies: ReadonlyMap<string, string>,
  top?: string,
): ContentChange[] {
  const ref = `reinsert-${page.id}`;
  const change: ContentChange = {
    operation: 'insert_page',
    title: page.title,
    document: { markdown: top ?? bodies.get(page.id) ?? '' },
    ref,
    ...(into !== null ? { into } : {}),
    ...(at !== undefined ? { at } : {}),
    ...(page.emoji !== undefined ? { emoji: page.emoji } : {}),
    ...(page.description !== undefined ? { description: page.description } : {}),
    ...(page.hidden !== undefined ? { hidden: page.hidden } : {}),
  };
  return [change, ...(page.pages ?? []).flatMap((child) => reinsert(child, ref, undefined, bodies))];
}

function chunk(changes: readonly ContentChange[]): ContentChange[][] {
  const batches: ContentChange[][] = [];
  for (let i = 0; i < changes.length; i += 50) batches.push(changes.slice(i, i + 50));
  return batches;
}

/** The plan that applies the choices (a conflict without a choice is decided for the main content). */
export function planResolution(input: ResolutionInput): ResolutionPlan {
  const base = index(input.base);
  const main = index(input.main);
  const head = index(input.head);
  const first: ContentChange[] = [];
  const then: ContentChange[] = [];
  const deletions: ContentChange[] = [];
  for (const conflict of input.conflicts) {
    const choice = input.choices.get(conflictKey(conflict)) ?? { side: 'main' };
    const id = conflict.page.id;
    const [b, m, h] = [base.get(id), main.get(id), head.get(id)];
    switch (conflict.kind) {
      case 'content': {
        first.push({ operation: 'update_page', page: id, document: { markdown: conflict.main ?? '' } });
        if (choice.side !== 'main')
          then.push({
            operation: 'update_page',
            page: id,
            document: {
              markdown: choice.side === 'edited' ? choice.markdown : (conflict.changeRequest ?? ''),
            },
          });
        break;
      }
      case 'metadata': {
        const fields = conflictingFields(b?.page, m?.page, h?.page);
        if (fields.length === 0) break;
        first.push({ operation: 'update_page', page: id, ...fieldsOf(m?.page, fields) });
        if (choice.side !== 'main')
          then.push({ operation: 'update_page', page: id, ...fieldsOf(h?.page, fields) });
        break;
      }
      case 'structure': {
        if (m === undefined || h === undefined) break;
        const mainParent = m.parent !== null && head.has(m.parent) ? m.parent : null;
        first.push({
          operation: 'update_page',
          page: id,
          ...placeAfter(head, input.head, id, mainParent, predecessor(m)),
        });
        if (choice.side !== 'main')
          then.push({
            operation: 'update_page',
            page: id,
            into: h.parent,
            ...{ at: placeAfter(head, input.head, id, h.parent, predecessor(h)).at },
          });
        break;
      }
      case 'edited-deleted': {
        if (m === undefined) {
          // Deleted by the main content.
          if (h !== undefined) deletions.push({ operation: 'delete_page', page: id });
          if (choice.side !== 'main' && h !== undefined) {
            const into = h.parent !== null && main.has(h.parent) ? h.parent : null;
            const text = choice.side === 'edited' ? choice.markdown : undefined;
            then.push(...reinsert(h.page, into, undefined, input.headBodies, text));
          }
        } else {
          // Deleted by the request: take the main content's page back (same id), then decide.
          first.push({
            operation: 'update_page',
            page: id,
            document: { markdown: conflict.main ?? '' },
            ...fieldsOf(m.page, ['title', 'emoji', 'description', 'hidden']),
          });
          if (choice.side === 'changeRequest') then.push({ operation: 'delete_page', page: id });
          if (choice.side === 'edited')
            then.push({ operation: 'update_page', page: id, document: { markdown: choice.markdown } });
        }
        break;
      }
    }
  }
  return { first: chunk([...first, ...deletions]), then: chunk(then) };
}
