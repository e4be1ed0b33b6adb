/**
 * Queries built once: Kysely builds and compiles a query on every call, which costs more than running it on a
 * cached SQLite statement. `prepared` calls `build` once with markers in place of the arguments, keeps the SQL
 * text and where each argument lands among the parameters, and later only binds the new arguments.
 *
 * The query's shape must not depend on the arguments' values (no `in` lists, no optional clauses): such queries
 * are built normally.
 *
 * Templates are kept per dialect (`compileFor`): the async stores (store/) compile the same query for SQLite or
 * PostgreSQL, each once per shape.
 */
import type { CompiledQuery, Insertable, Updateable } from 'kysely';
import { builder } from './database.ts';
import { compileFor, type DialectName, type Query } from './dialect/compile.ts';
import type { DB } from './schema.ts';

type Slot = { arg: number } | { value: unknown };

interface Template<R> {
  compiled: CompiledQuery<R>;
  slots: Slot[];
}

/** A function answering the same query for new arguments, built and compiled once. */
export function prepared<A extends unknown[], R>(build: (...args: A) => Query<R>): (...args: A) => Query<R> {
  const templates: Partial<Record<DialectName, Template<R>>> = {};
  const makeTemplate = (arity: number, dialect: DialectName): Template<R> => {
    const markers = Array.from({ length: arity }, (_, index) => ({ preparedArgument: index }));
    const compiled = compileFor(build(...(markers as unknown as A)), dialect);
    const slots = compiled.parameters.map((parameter): Slot => {
      const index = markers.indexOf(parameter as (typeof markers)[number]);
      return index >= 0 ? { arg: index } : { value: parameter };
    });
    const used = new Set(slots.flatMap((slot) => ('arg' in slot ? [slot.arg] : [])));
    if (used.size !== arity) throw new Error('prepared: every argument must be used as a query parameter');
    return { compiled, slots };
  };
  return (...args: A) => {
    const compileIn = (dialect: DialectName): CompiledQuery<R> => {
      const template = (templates[dialect] ??= makeTemplate(args.length, dialect));
      const parameters = template.slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.value));
      return { ...template.compiled, parameters };
    };
    return { compile: () => compileIn('sqlite'), compileFor: compileIn };
  };
}

/** The templates of `templated`, by dialect, kind, table and columns. */
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
  build: () => Query<unknown>,
  more: unknown[] = [],
): Query<unknown> {
  const row = values as Record<string, unknown>;
  const columns = Object.keys(row).filter((column) => row[column] !== undefined);
  const parameters = [...columns.map((column) => row[column]), ...more];
  const compileIn = (dialect: DialectName): CompiledQuery<unknown> => {
    const key = `${dialect}\u0000${kind}\u0000${table}\u0000${columns.join('\u0000')}`;
    let template = templates.get(key);
    if (template === undefined) {
      template = compileFor(build(), dialect);
      const plain =
        template.parameters.length === parameters.length &&
        parameters.every((value, index) => template!.parameters[index] === value);
      if (!plain) throw new Error(`${kind} of ${table}: every value must be a plain value`);
      templates.set(key, template);
    }
    return { ...template, parameters };
  };
  return { compile: () => compileIn('sqlite'), compileFor: compileIn };
}

/**
 * An insert of one row into `table`, its SQL built once per set of columns (`templated`), as `prepared` does for
 * fixed queries: an insert names many columns, which a positional signature would only repeat.
 */
export function insertRow<T extends keyof DB & string>(table: T, values: Insertable<DB[T]>): Query<unknown> {
  return templated('insert', table, values, () => builder.insertInto(table).values(values));
}

/** Tables with an `id` column. */
type TablesWithId = { [T in keyof DB & string]: DB[T] extends { id: unknown } ? T : never }[keyof DB &
  string];
/** An update through a table's type erased: `templated` checks its parameters when it builds it. */
interface AnyUpdate {
  set(values: object): { where(column: 'id', op: '=', value: string): Query<unknown> };
}

/** An update of the row of this id in `table`, its SQL built once per set of columns (`templated`). */
export function updateRowById<T extends TablesWithId>(
  table: T,
  id: string,
  changes: Updateable<DB[T]>,
): Query<unknown> {
  const build = () => (builder.updateTable(table) as unknown as AnyUpdate).set(changes).where('id', '=', id);
  return templated('update', table, changes, build, [id]);
}
