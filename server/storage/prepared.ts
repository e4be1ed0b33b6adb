/**
 * Queries built once: Kysely builds and compiles a query on every call, which costs more than running it on a
 * cached SQLite statement. `prepared` calls `build` once with markers in place of the arguments, keeps the SQL
 * text and where each argument lands among the parameters, and later only binds the new arguments.
 *
 * The query's shape must not depend on the arguments' values (no `in` lists, no optional clauses): such queries
 * are built normally.
 */
import type { CompiledQuery, Insertable, Updateable } from 'kysely';
import { builder, type Compilable } from './database.ts';
import type { DB } from './schema.ts';

type Slot = { arg: number } | { value: unknown };

interface Template<R> {
  compiled: CompiledQuery<R>;
  slots: Slot[];
}

/** A function answering the same query for new arguments, built and compiled once. */
export function prepared<A extends unknown[], R>(
  build: (...args: A) => Compilable<R>,
): (...args: A) => Compilable<R> {
  let template: Template<R> | undefined;
  const makeTemplate = (arity: number): Template<R> => {
    const markers = Array.from({ length: arity }, (_, index) => ({ preparedArgument: index }));
    const compiled = build(...(markers as unknown as A)).compile();
    const slots = compiled.parameters.map((parameter): Slot => {
      const index = markers.indexOf(parameter as (typeof markers)[number]);
      return index >= 0 ? { arg: index } : { value: parameter };
    });
    const used = new Set(slots.flatMap((slot) => ('arg' in slot ? [slot.arg] : [])));
    if (used.size !== arity) throw new Error('prepared: every argument must be used as a query parameter');
    return { compiled, slots };
  };
  return (...args: A) => ({
    compile(): CompiledQuery<R> {
      template ??= makeTemplate(args.length);
      const parameters = template.slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.value));
      return { ...template.compiled, parameters };
    },
  });
}

const templates = new Map<string, CompiledQuery<unknown>>();

/**
 * A query of plain values whose SQL depends only on `key`: built by `build` the first time, then only bound to
 * `parameters` (which must be the built query's parameters, in order: checked when it is built).
 */
function templated(
  key: string,
  build: () => Compilable<unknown>,
  parameters: unknown[],
): Compilable<unknown> {
  return {
    compile(): CompiledQuery<unknown> {
      let template = templates.get(key);
      if (template === undefined) {
        template = build().compile();
        const plain =
          template.parameters.length === parameters.length &&
          parameters.every((value, index) => template!.parameters[index] === value);
        if (!plain)
          throw new Error(`${key.split('\u0000').slice(0, 2).join(' ')}: every value must be a plain value`);
        templates.set(key, template);
      }
      return { ...template, parameters };
    },
  };
}

/**
 * An insert of one row of plain values (no SQL expressions) into `table`: its SQL is built once per table and set of
 * columns, as `prepared` does for fixed queries (an insert names many columns, which a positional signature would
 * only repeat). Columns whose value is undefined are left out, as Kysely leaves them.
 */
export function insertRow<T extends keyof DB & string>(
  table: T,
  values: Insertable<DB[T]>,
): Compilable<unknown> {
  const row = values as Record<string, unknown>;
  const columns = Object.keys(row).filter((column) => row[column] !== undefined);
  return templated(
    `insert\u0000${table}\u0000${columns.join('\u0000')}`,
    () => builder.insertInto(table).values(values),
    columns.map((column) => row[column]),
  );
}

/** Tables with an `id` column. */
type TablesWithId = { [T in keyof DB & string]: DB[T] extends { id: unknown } ? T : never }[keyof DB &
  string];
/** An update through a table's type erased: `updateRowById` checks its parameters when it builds it. */
interface AnyUpdate {
  set(values: Record<string, unknown>): { where(column: 'id', op: '=', value: string): Compilable<unknown> };
}

/**
 * An update of plain values (no SQL expressions) of the row of this id in `table`, its SQL built once per table and
 * set of columns (as `insertRow`). Columns whose value is undefined are left out, as Kysely leaves them.
 */
export function updateRowById<T extends TablesWithId>(
  table: T,
  id: string,
  changes: Updateable<DB[T]>,
): Compilable<unknown> {
  const row = changes as Record<string, unknown>;
  const columns = Object.keys(row).filter((column) => row[column] !== undefined);
  return templated(
    `update\u0000${table}\u0000${columns.join('\u0000')}`,
    () => (builder.updateTable(table) as unknown as AnyUpdate).set(row).where('id', '=', id),
    [...columns.map((column) => row[column]), id],
  );
}
