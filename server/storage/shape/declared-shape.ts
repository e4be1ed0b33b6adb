/**
 * The columns that `schema.ts` declares to Kysely (its `DB` interface), read with the TypeScript compiler: what a
 * test compares with the columns the migrations made (shape.ts), so that the row types never drift from them.
 */
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { ColumnType } from './shape.ts';

export interface DeclaredColumn {
  name: string;
  type: ColumnType;
  nullable: boolean;
  /** Declared `?`: inserts may leave it out. */
  optional: boolean;
  /** Kysely's `Generated<…>`: the database numbers it. */
  numbered: boolean;
}

/** The declared columns of every table of `DB`, by table name. */
export type DeclaredShape = Map<string, DeclaredColumn[]>;

const SCHEMA = fileURLToPath(new URL('../schema.ts', import.meta.url));

/** What a member of a column's type holds (a literal holds what its base type does). */
function memberType(checker: ts.TypeChecker, type: ts.Type): ColumnType | 'null' | undefined {
  if (type.flags & ts.TypeFlags.Null) return 'null';
  if (type.flags & ts.TypeFlags.Undefined) return undefined;
  if (type.flags & ts.TypeFlags.StringLike) return 'text';
  if (type.flags & ts.TypeFlags.NumberLike) return 'integer';
  if (type.getSymbol()?.name === 'Uint8Array') return 'blob';
  throw new Error(`a column of type ${checker.typeToString(type)} has no counterpart in the shape`);
}

function declaredColumn(checker: ts.TypeChecker, table: string, column: ts.Symbol): DeclaredColumn {
  let type = checker.getTypeOfSymbol(column);
  // Kysely's Generated<S> is ColumnType<S, S | undefined, S>: what a select answers is `__select__`.
  const selected = type.getNonNullableType().getProperty('__select__');
  if (selected) type = checker.getTypeOfSymbol(selected);
  const members = new Set(
    (type.isUnion() ? type.types : [type]).map((member) => memberType(checker, member)),
  );
  members.delete(undefined);
  const nullable = members.delete('null');
  const [held, ...others] = [...members];
  if (held === undefined || held === 'null' || others.length > 0)
    throw new Error(
      `${table}.${column.name} holds ${checker.typeToString(type)}: one of text, integer or bytes`,
    );
  return {
    name: column.name,
    type: held,
    nullable,
    optional: (column.flags & ts.SymbolFlags.Optional) !== 0,
    numbered: selected !== undefined,
  };
}

/** Reads `DB` of schema.ts (and the files it joins) with the TypeScript compiler. */
export function declaredShape(): DeclaredShape {
  const program = ts.createProgram([SCHEMA], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    allowImportingTsExtensions: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2023,
    types: [],
  });
  const checker = program.getTypeChecker();
  const db = program
    .getSourceFile(SCHEMA)
    ?.statements.find((statement) => ts.isInterfaceDeclaration(statement) && statement.name.text === 'DB');
  if (db === undefined) throw new Error(`${SCHEMA} has no DB interface`);
  const shape: DeclaredShape = new Map();
  for (const table of checker.getTypeAtLocation(db).getProperties()) {
    const columns = checker.getTypeOfSymbol(table).getProperties();
    shape.set(
      table.name,
      columns.map((column) => declaredColumn(checker, table.name, column)),
    );
  }
  return shape;
}
