/**
 * One query, two dialects: the server builds each query once with Kysely (`builder`, which compiles SQLite) and the
 * PostgreSQL store compiles the same operation tree with Kysely's PostgreSQL compiler. A query made by `prepared`,
 * `insertRow` or `updateRowById` (../prepared.ts) compiles itself per dialect from a template kept per dialect, so its
 * shape is compiled once per dialect, not on every call.
 */
import {
  createQueryId,
  FunctionNode,
  PostgresQueryCompiler,
  ValueNode,
  sql,
  type CompiledQuery,
  type Expression,
  type RawBuilder,
  type RootOperationNode,
} from 'kysely';

/** The databases the server runs on. */
export type DialectName = 'sqlite' | 'postgres';

/**
 * A query the stores run: a Kysely builder (which has `toOperationNode`), or a prepared query (which has
 * `compileFor`). `compile()` is SQLite's SQL, as the synchronous `Database` runs it.
 */
export interface Query<R> {
  compile(): CompiledQuery<R>;
  toOperationNode?(): RootOperationNode;
  compileFor?(dialect: DialectName): CompiledQuery<R>;
}

/**
 * PostgreSQL's compiler, with SQLite's `json_each(?)` (as `inJsonArray` writes it) turned into
 * `jsonb_array_elements_text(CAST(? AS jsonb))`: both answer a column `value` of the array's elements as text.
 */
class PostgresCompiler extends PostgresQueryCompiler {
  protected override visitFunction(node: FunctionNode): void {
    if (node.func !== 'json_each') return super.visitFunction(node);
    this.append('jsonb_array_elements_text(CAST(');
    this.compileList(node.arguments);
    this.append(' AS jsonb))');
  }
}

const postgresCompiler = new PostgresCompiler();

/**
 * The condition "`ref` is one of the strings of the JSON array `json`", one parameter however long the array (the
 * statement's text stays fixed): `ref IN (SELECT value FROM json_each(?))` on SQLite, the same through
 * `jsonb_array_elements_text` on PostgreSQL.
 */
export function inJsonArray(
  ref: Expression<unknown> | RawBuilder<unknown>,
  json: string,
): RawBuilder<boolean> {
  const elements = { toOperationNode: () => FunctionNode.create('json_each', [ValueNode.create(json)]) };
  return sql<boolean>`${ref} IN (SELECT value FROM ${elements})`;
}

/**
 * As `inJsonArray` for an integer column and a JSON array of integers: the elements are compared as BIGINT
 * (PostgreSQL's `jsonb_array_elements_text` answers text, which it does not compare with an integer).
 */
export function inJsonIntegers(
  ref: Expression<unknown> | RawBuilder<unknown>,
  json: string,
): RawBuilder<boolean> {
  const elements = { toOperationNode: () => FunctionNode.create('json_each', [ValueNode.create(json)]) };
  return sql<boolean>`${ref} IN (SELECT CAST(value AS BIGINT) FROM ${elements})`;
}

/** The operation tree of a query compiled by PostgreSQL's compiler. */
export function compilePostgres<R>(node: RootOperationNode): CompiledQuery<R> {
  return postgresCompiler.compileQuery(node, createQueryId()) as CompiledQuery<R>;
}

/** The query's SQL and parameters for `dialect`. */
export function compileFor<R>(query: Query<R>, dialect: DialectName): CompiledQuery<R> {
  if (query.compileFor !== undefined) return query.compileFor(dialect);
  if (dialect === 'sqlite') return query.compile();
  if (query.toOperationNode === undefined)
    throw new Error('this query compiles for SQLite only: build it with Kysely or `prepared`');
  return compilePostgres(query.toOperationNode());
}
