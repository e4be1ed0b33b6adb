/**
 * What GitBook's published API description offers (npm `@gitbook/api`, `spec/openapi.json`), kept as data in
 * `operations.json` and refreshed by `npm run gitbook:update`. The contract's operations that GitBook does not
 * publish under the same method and path are optional: a GitBook-compatible API may answer them 404, and the app
 * works without them.
 */
import published from './operations.json' with { type: 'json' };
import { operationList, type Operation, type OperationName } from '../contract/index.ts';

/** One operation GitBook publishes. */
export interface PublishedOperation {
  operationId: string;
  method: string;
  /** The path with its `/v1` prefix, parameters as `{name}`. */
  path: string;
}

/** The package and version the list comes from, e.g. `@gitbook/api@0.202.0`. */
export const gitbookSource: string = published.source;

/** Every operation GitBook publishes. */
export const gitbookOperations: readonly PublishedOperation[] = published.operations;

/** A method and path template as one key, parameter names left out (`GET /v1/spaces/{}`). */
export function operationKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`;
}

const publishedKeys = new Set(
  gitbookOperations.map((operation) => operationKey(operation.method, operation.path)),
);

/** Whether GitBook publishes an operation with this method and path. */
export function isPublishedByGitBook(operation: Pick<Operation, 'method' | 'path'>): boolean {
  return publishedKeys.has(operationKey(operation.method, operation.path));
}

/** The contract's operations GitBook does not publish: our extensions, and spec operations GitBook has dropped. */
export const optionalOperations: ReadonlySet<OperationName> = new Set(
  operationList.filter((operation) => !isPublishedByGitBook(operation)).map((o) => o.name as OperationName),
);
