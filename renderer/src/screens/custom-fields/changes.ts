/**
 * Turning typed or pasted cells into requests: each cell is read for its field's type (cellValues.ts); a cell that
 * does not read is kept with its reason and never sent; a cell whose value does not change is dropped; the others
 * are grouped per space, one PATCH body per space (`updateSpaceCustomFields` writes all of a body or none of it).
 */
import type { Static } from '@sinclair/typebox';
import type {
  CustomFieldValue,
  UpdateCustomFieldValues,
} from '../../../../shared/contract/resources/customFields.ts';
import { parseCell, sameValue, type CellField } from './cellValues.ts';

/** A cell someone typed, pasted or cleared. */
export interface CellInput {
  spaceId: string;
  field: CellField;
  text: string;
  /** The space's loaded values, or undefined when they are not loaded yet (the cell is then always sent). */
  current: Readonly<Record<string, CustomFieldValue>> | undefined;
}

/** A cell that cannot be sent, with why. */
export interface InvalidCell {
  spaceId: string;
  fieldName: string;
  text: string;
  reason: string;
}

/** One request: a space's new values, and the cells (with their text) it carries. */
export interface SpacePatch {
  spaceId: string;
  body: Static<typeof UpdateCustomFieldValues>;
  cells: { fieldName: string; text: string; value: CustomFieldValue | null }[];
}

/** What to do with a set of cells. */
export interface ChangePlan {
  invalid: InvalidCell[];
  patches: SpacePatch[];
  /** Cells whose value stays as it is (nothing to send; a mark on them can go). */
  unchanged: { spaceId: string; fieldName: string }[];
}

/** Reads every cell and groups what changes per space (spaces and their cells in the order given). */
export function planChanges(cells: readonly CellInput[]): ChangePlan {
  const plan: ChangePlan = { invalid: [], patches: [], unchanged: [] };
  const bySpace = new Map<string, SpacePatch>();
  for (const cell of cells) {
    const fieldName = cell.field.name;
    const parsed = parseCell(cell.field, cell.text);
    if (!parsed.ok) {
      plan.invalid.push({ spaceId: cell.spaceId, fieldName, text: cell.text, reason: parsed.reason });
      continue;
    }
    if (cell.current !== undefined && sameValue(cell.current[fieldName], parsed.value)) {
      plan.unchanged.push({ spaceId: cell.spaceId, fieldName });
      continue;
    }
    let patch = bySpace.get(cell.spaceId);
    if (patch === undefined) {
      patch = { spaceId: cell.spaceId, body: { values: {} }, cells: [] };
      bySpace.set(cell.spaceId, patch);
      plan.patches.push(patch);
    }
    patch.body.values[fieldName] = { value: parsed.value };
    // A cell given twice (a fill over the same cell) keeps its last text.
    patch.cells = patch.cells.filter((entry) => entry.fieldName !== fieldName);
    patch.cells.push({ fieldName, text: cell.text, value: parsed.value });
  }
  return plan;
}

/** A space's values after a patch was written. */
export function applyPatch(
  values: Readonly<Record<string, CustomFieldValue>>,
  patch: SpacePatch,
): Record<string, CustomFieldValue> {
  const written = new Map(patch.cells.map((cell) => [cell.fieldName, cell.value]));
  const next: Record<string, CustomFieldValue> = {};
  for (const [name, value] of Object.entries(values)) if (!written.has(name)) next[name] = value;
  for (const [name, value] of written) if (value !== null) next[name] = value;
  return next;
}
