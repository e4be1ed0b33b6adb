import { describe, expect, it } from 'vitest';
import { operationList } from './index.ts';
import { operationRoutes } from './routes.ts';

describe('the plain table of routes (routes.ts)', () => {
  it("holds every operation's method and path, in the contract's order, and nothing else", () => {
    const derived = Object.fromEntries(
      operationList.map((operation) => [operation.name, [operation.method, operation.path]]),
    );
    // When this fails, the contract changed: run `node scripts/contract-routes.ts` to write routes.ts again.
    expect(Object.keys(operationRoutes)).toEqual(Object.keys(derived));
    expect(operationRoutes).toEqual(derived);
  });
});
