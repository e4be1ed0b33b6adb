/**
 * The serializers' schemas write string enums, nullable fields and unions told apart by a property without unions,
 * and move the other unions into
 * schemas of their own, and answer the same JSON as fast-json-stringify does from the contract's own schemas; the
 * warm-up compiles the review's first reads.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { Nullable, StringEnum } from '../../shared/contract/common.ts';
import { operationList } from '../../shared/contract/index.ts';
import { AccessEntry } from '../../shared/contract/resources/access.ts';
import { DEFAULT_PAGE_LAYOUT, Document, Page } from '../../shared/contract/resources/revisions.ts';
import { hasValidator, textAjv } from './validation.ts';
import { hasSerializer, hoistUnions, serializerOf, serializerSchema } from './serializer.ts';
import { REVIEW_FIRST_READS, warmUpRoutes } from './warm-up.ts';

/** The server's serializer of `schema` (its unions rewritten or moved out) writes what the contract's own does. */
const same = (schema: TSchema, values: unknown[]) => {
  const original = fastJson(schema);
  const rewritten = serializerOf(schema);
  for (const value of values) expect(rewritten(value)).toBe(original(value));
};

describe('serializerSchema', () => {
  it('writes a union of string literals as a string enum, keeping its other keywords', () => {
    const schema = StringEnum(['a', 'b'] as const, { description: 'A or B.' });
    expect(serializerSchema(schema)).toEqual({ type: 'string', enum: ['a', 'b'], description: 'A or B.' });
    same(Type.Object({ v: schema }), [{ v: 'a' }, { v: 'b' }]);
  });

  it('writes a plain type or null as a list of types', () => {
    expect(serializerSchema(Nullable(Type.String({ format: 'date-time' })))).toEqual({
      type: ['string', 'null'],
      format: 'date-time',
    });
    expect(serializerSchema(Nullable(Type.Object({ a: Type.Number() })))).toMatchObject({
      type: ['object', 'null'],
    });
    same(
      Type.Object({
        s: Nullable(Type.String()),
        n: Nullable(Type.Integer()),
        o: Nullable(Type.Object({ a: Type.Number(), e: StringEnum(['x', 'y'] as const) })),
      }),
      [
        { s: 'text', n: 3, o: { a: 1.5, e: 'y' } },
        { s: null, n: null, o: null },
        { s: '', n: 0, o: { a: 0, e: 'x', extra: 'dropped' } },
      ],
    );
  });

  it('leaves other unions, references and literals of other types as they are', () => {
    const objects = Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.String() })]);
    expect(serializerSchema(objects)).toEqual(JSON.parse(JSON.stringify(objects)));
    const mixed = Type.Union([Type.Literal('a'), Type.Literal(1)]);
    expect(serializerSchema(mixed)).toEqual(JSON.parse(JSON.stringify(mixed)));
    const twoTypes = Type.Union([Type.String(), Type.Number()]);
    expect(serializerSchema(twoTypes)).toEqual(JSON.parse(JSON.stringify(twoTypes)));
  });

  it('writes a union of objects told apart by a string property as a chain of checks on that property alone', () => {
    const source = Type.Union([
      Type.Object({ via: Type.Literal('user') }),
      Type.Object({ via: Type.Literal('team'), teamId: Type.String() }),
    ]);
    expect(serializerSchema(source)).toEqual({
      type: 'object',
      if: { type: 'object', properties: { via: { const: 'user' } }, required: ['via'] },
      then: JSON.parse(JSON.stringify(source.anyOf[0])),
      else: JSON.parse(JSON.stringify(source.anyOf[1])),
    });
    // Not told apart (a shared value, an optional or missing property): left as a union.
    const shared = Type.Union([
      Type.Object({ kind: Type.Literal('a') }),
      Type.Object({ kind: Type.Literal('a'), b: Type.String() }),
    ]);
    expect(serializerSchema(shared)).toEqual(JSON.parse(JSON.stringify(shared)));
    const optional = Type.Union([
      Type.Object({ kind: Type.Optional(Type.Literal('a')) }),
      Type.Object({ kind: Type.Literal('b') }),
    ]);
    expect(serializerSchema(optional)).toEqual(JSON.parse(JSON.stringify(optional)));
  });

  it("answers every branch of an access path's reasons as the contract's union does, extra properties left out", () => {
    const on = { type: 'space', id: 's1', title: 'Guide' };
    const team = { via: 'team', teamId: 't1', teamTitle: 'Writers' };
    const path = [
      { kind: 'inherits', on, from: { ...on, type: 'collection' } },
      { kind: 'organization-role', role: null },
      { kind: 'grant', on, role: 'edit', source: team },
      { kind: 'grant', on, role: 'read', source: { via: 'user', teamId: 'dropped' } },
      { kind: 'default-no-access', on, role: 'dropped' },
      { kind: 'default-restricts', on, defaultLevel: 'read', role: 'edit' },
      { kind: 'site-grant', on, site: { ...on, type: 'site' }, role: 'review', source: team },
      { kind: 'organization-admin', internal: 'dropped' },
    ];
    same(AccessEntry, [{ object: 'access-entry', item: on, level: 'edit', path }]);
  });

  it('answers the same JSON for a page (a recursive schema with enums) as the contract schema', () => {
    const page = {
      id: 'p1',
      title: 'Install',
      type: 'document',
      markdown: '# Install\n',
      layout: { ...DEFAULT_PAGE_LAYOUT, width: 'wide', coverSize: 'full', coverMask: 'radial' },
      cover: { ref: { kind: 'url', url: 'https://example.com/c.png' }, yPos: 3 },
      pages: [{ id: 'p2', title: 'Child', type: 'group', pages: [] }],
      internal: 'not in the contract',
    };
    same(Page, [page, { id: 'p3', title: '', type: 'link', href: 'https://example.com' }]);
  });

  it('answers the same JSON as the contract schema for a value of every response', () => {
    let compared = 0;
    for (const operation of operationList) {
      if (operation.response === undefined) continue;
      // A value with every required field (the first branch of each union), where TypeBox can make one: it cannot
      // for a string with a pattern or a format of its own, for instance.
      let value: unknown;
      try {
        value = Value.Create(operation.response);
      } catch {
        continue;
      }
      same(operation.response, [value]);
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(70);
  });
});

describe('hoistUnions', () => {
  it('moves each union into a schema of its own, nested ones too, and refers to it', () => {
    const inner = Type.Union([Type.Object({ x: Type.Number() }), Type.Object({ y: Type.String() })]);
    const outer = Type.Union([Type.Object({ a: inner }), Type.Object({ b: Type.String() })]);
    const { schema, unions } = hoistUnions(serializerSchema(Type.Object({ u: outer, n: Type.Number() })));
    expect(schema).toMatchObject({ properties: { u: { $ref: 'union-1#' }, n: { type: 'number' } } });
    expect(Object.keys(unions)).toEqual(['union-0', 'union-1']);
    expect(unions['union-1']).toMatchObject({ anyOf: [{ properties: { a: { $ref: 'union-0#' } } }, {}] });
    expect(unions['union-0']).toMatchObject({
      anyOf: [{ properties: { x: {} } }, { properties: { y: {} } }],
    });
    same(Type.Object({ u: outer, n: Type.Number() }), [
      { u: { a: { x: 1 } }, n: 2 },
      { u: { a: { y: 'y' } }, n: 3 },
      { u: { b: 'b' }, n: 4 },
    ]);
  });

  it("answers a comment's body in each of its forms (markdown, a document, none) as the contract does", () => {
    const bodies = [
      { markdown: 'Looks *good*.' },
      { document: { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph' }] } },
      {},
    ];
    same(Type.Object({ items: Type.Array(Type.Object({ id: Type.String(), body: Document })) }), [
      { items: bodies.map((body, index) => ({ id: `c${index}`, body })) },
    ]);
  });

  it('leaves a union that refers to a schema by id where it is', () => {
    const node = Type.Recursive((This) =>
      Type.Object({ child: Type.Union([This, Type.Object({ leaf: Type.String() })]) }),
    );
    const { schema, unions } = hoistUnions(serializerSchema(node));
    expect(Object.keys(unions)).toEqual([]);
    expect(schema).toEqual(serializerSchema(node));
  });
});

describe('warmUpRoutes', () => {
  it("compiles the review's first reads: validators of path and query, serializers with their unions", async () => {
    await warmUpRoutes();
    for (const operation of REVIEW_FIRST_READS) {
      expect(hasValidator(textAjv, operation.params)).toBe(true);
      expect(hasValidator(textAjv, operation.query)).toBe(true);
      expect(hasSerializer(operation.response!)).toBe(true);
    }
    // The routes' serializers are those compiled: one per schema object.
    const read = REVIEW_FIRST_READS[0]!;
    expect(serializerOf(read.response!)).toBe(serializerOf(read.response!));
  });
});
