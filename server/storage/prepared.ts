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
 * A write of plain values (no SQL expressions) into `table` whose SQL depends only on which columns are given: built
 * by `build` the first time, then only bound to the values (the given columns' values, then `more`), which must be
 * the built query's parameters, in order (checked when it is built). Columns whose value is undefined are left out,
 * as Kysely leaves them.
 */
function templated(
  kind: 'insert' | 'update',
  table: string,
  values: object,
  build: () => Compilable<unknown>,
  more: unknown[] = [],
): Compilable<unknown> {
  const row = values as Record<string, unknown>;
  const columns = Object.keys(row).filter((column) => row[column] !== undefined);
  const parameters = [...columns.map((column) => row[column]), ...more];
  return {
    compile(): CompiledQuery<unknown> {
      const key = `${kind}\u0000${table}\u0000${columns.join('\u0000')}`;
      let template = templates.get(key);
      if (template === undefined) {
        template = build().compile();
        const plain =
          template.parameters.length === parameters.length &&
          parameters.every((value, index) => template!.parameters[index] === value);
        if (!plain) throw new Error(`${kind} of ${table}: every value must be a plain value`);
        templates.set(key, template);
      }
      return { ...template, parameters };
    },
  };
}

/**
 * An insert of one row into `table`, its SQL built once per set of columns (`templated`), as `prepared` does for
 * fixed queries: an insert names many columns, which a positional signature would only repeat.
 */
export function insertRow<T extends keyof DB & string>(
  table: T,
  values: Insertable<DB[T]>,
): Compilable<unknown> {
  return templated('insert', table, values, () => builder.insertInto(table).values(values));
}

/** Tables with an `id` column. */
type TablesWithId = { [T in keyof DB & string]: DB[T] extends { id: unknown } ? T : never }[keyof DB &
  string];
/** An update through a table's type erased: `templated` checks its parameters when it builds it. */
interface AnyUpdate {
  set(values: object): { where(column: 'id', op: '=', value: string): Compilable<unknown> };
}

/** An update of the row of this id in `table`, its SQL built once per set of columns (`templated`). */
export function updateRowById<T extends TablesWithId>(
  table: T,
  id: string,
  changes: Updateable<DB[T]>,
): Compilable<unknown> {
  const build = () => (builder.updateTable(table) as unknown as AnyUpdate).set(changes).where('id', '=', id);
  return templated('update', table, changes, build, [id]);
}
