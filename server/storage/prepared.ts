/**
 * Queries built once: Kysely builds and compiles a query on every call, which costs more than running it on a
 * cached SQLite statement. `prepared` calls `build` once with markers in place of the arguments, keeps the SQL
 * text and where each argument lands among the parameters, and later only binds the new arguments.
 *
 * The query's shape must not depend on the arguments' values (no `in` lists, no optional clauses): such queries
 * are built normally.
 */
import type { CompiledQuery } from 'kysely';
import type { Compilable } from './database.ts';

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
