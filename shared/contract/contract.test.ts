import { describe, expect, it } from 'vitest';
import spec from './__fixtures__/spec-operations.json' with { type: 'json' };
import { operationList, operations, type Operation } from './index.ts';

/** One operation of the spec, as listed in the fixture (copied from the spec's table of operations). */
interface SpecEntry {
  group: string;
  method: string;
  path: string;
  success: number;
  /** `null` where the spec names no GitBook operation id. */
  gitbookOperationId: string | null;
}

const SPEC_COUNT = 130;
const specEntries = spec as SpecEntry[];
const key = (entry: { method: string; path: string }) => `${entry.method} ${entry.path}`;
const byKey = new Map<string, Operation>(operationList.map((operation) => [key(operation), operation]));
const specKeys = new Set(specEntries.map(key));
const extensions = operationList.filter((operation) => operation.extension);

/** Extensions the issue requires: an admin needs them and the spec lacks them. */
const REQUIRED_EXTENSIONS = [
  'GET /v1/orgs/{organizationId}/spaces',
  'POST /v1/orgs/{organizationId}/spaces',
  'GET /v1/orgs/{organizationId}/link-invites',
  'POST /v1/orgs/{organizationId}/link-invites',
  'POST /v1/orgs/{organizationId}/invites',
  'POST /v1/orgs/{organizationId}/invites/{inviteId}',
];

describe('the contract table', () => {
  it('is compared with a fixture of exactly the spec operations, each listed once', () => {
    expect(specEntries).toHaveLength(SPEC_COUNT);
    expect(specKeys.size).toBe(SPEC_COUNT);
  });

  it('holds every spec operation, not marked as an extension', () => {
    const missing = specEntries.filter((entry) => !byKey.has(key(entry))).map(key);
    expect(missing).toEqual([]);
    const markedAsExtension = specEntries
      .filter((entry) => byKey.get(key(entry))?.extension === true)
      .map(key);
    expect(markedAsExtension).toEqual([]);
  });

  it('holds nothing beyond the spec except operations marked as extensions', () => {
    const unmarked = operationList
      .filter((operation) => !specKeys.has(key(operation)) && !operation.extension)
      .map(key);
    expect(unmarked).toEqual([]);
    expect(operationList).toHaveLength(SPEC_COUNT + extensions.length);
    expect(extensions.length).toBeGreaterThanOrEqual(REQUIRED_EXTENSIONS.length);
  });

  it('gives every spec operation its success status, group and GitBook operation id', () => {
    const mismatches: string[] = [];
    for (const entry of specEntries) {
      const operation = byKey.get(key(entry));
      if (!operation) continue;
      if (operation.success !== entry.success)
        mismatches.push(`${key(entry)}: success ${operation.success} ≠ ${entry.success}`);
      if (operation.group !== entry.group)
        mismatches.push(`${key(entry)}: group ${operation.group} ≠ ${entry.group}`);
      if (entry.gitbookOperationId !== null && operation.name !== entry.gitbookOperationId) {
        mismatches.push(`${key(entry)}: name ${operation.name} ≠ ${entry.gitbookOperationId}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('gives every operation a unique name and a unique method and path', () => {
    const names = operationList.map((operation) => operation.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(operationList.map(key)).size).toBe(operationList.length);
  });

  it('keys every operation by its own name', () => {
    const wrongKeys = Object.entries(operations)
      .filter(([name, operation]) => operation.name !== name)
      .map(([name]) => name);
    expect(wrongKeys).toEqual([]);
  });

  it('has the required extensions, marked as such', () => {
    for (const required of REQUIRED_EXTENSIONS) {
      expect(byKey.get(required)?.extension, required).toBe(true);
    }
  });

  it('derives path parameters from the path template', () => {
    for (const operation of operationList) {
      const fromPath = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      expect(Object.keys(operation.params.properties), operation.name).toEqual(fromPath);
    }
  });

  it('has no content for 204 and 205 answers, and content for every other success', () => {
    for (const operation of operationList) {
      const empty = operation.success === 204 || operation.success === 205;
      expect(operation.response === undefined, `${operation.name} (${operation.success})`).toBe(empty);
    }
  });

  it('takes a body only on methods that carry one', () => {
    const bodiesOnGetOrDelete = operationList
      .filter(
        (operation) =>
          operation.body !== undefined && (operation.method === 'GET' || operation.method === 'DELETE'),
      )
      .map((operation) => operation.name);
    expect(bodiesOnGetOrDelete).toEqual([]);
  });
});
