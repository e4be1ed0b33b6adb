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
  sql,
  ValueNode,
  type CompiledQuery,
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
 * PostgreSQL's compiler, which writes SQLite's `json_each(?)` (as `inJsonArray` builds it: a function node) as
 * `jsonb_array_elements_text(CAST(? AS jsonb))`, whose column is named `value` too.
 */
class ServerPostgresCompiler extends PostgresQueryCompiler {
  protected override visitFunction(node: FunctionNode): void {
    if (node.func !== JSON_EACH) return super.visitFunction(node);
    this.append('jsonb_array_elements_text(CAST(');
    this.visitNode(node.arguments[0]!);
    this.append(' AS jsonb))');
  }
}

const JSON_EACH = 'json_each';
const postgresCompiler = new ServerPostgresCompiler();

/**
 * `ref IN (the strings of the JSON array json)`, one parameter whatever the array's length (the statement's text
 * stays fixed): `json_each(?)` on SQLite, `jsonb_array_elements_text(CAST(? AS jsonb))` on PostgreSQL.
 */
export function inJsonArray(ref: string, json: string): RawBuilder<boolean> {
  const each = { toOperationNode: () => FunctionNode.create(JSON_EACH, [ValueNode.create(json)]) };
  return sql<boolean>`${sql.ref(ref)} IN (SELECT value FROM ${each})`;
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
