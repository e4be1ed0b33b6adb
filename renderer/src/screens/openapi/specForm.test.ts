/** The add / update dialog's checks and the state a spec reads as. */
import { describe, expect, it } from 'vitest';
import type { OpenAPISpec } from '../../../../shared/contract/resources/openapi.ts';
import {
  fieldOfRefusal,
  fileSizeProblem,
  MAX_SOURCE_BYTES,
  slugFromFileName,
  slugProblem,
  someProcessing,
  sourceOf,
  specState,
  utf8Length,
  type SourceValues,
} from './specForm.ts';

const values = (overrides: Partial<SourceValues>): SourceValues => ({
  kind: 'url',
  url: '',
  fileText: undefined,
  text: '',
  ...overrides,
});

describe('slugs', () => {
  it('accepts the contract pattern and says what is wrong otherwise', () => {
    expect(slugProblem('acme-api-2')).toBeUndefined();
    expect(slugProblem('')).toMatch(/slug/);
    for (const bad of ['Acme', 'acme--api', '-acme', 'acme-', 'acme api', 'acme_api'])
      expect(slugProblem(bad)).toMatch(/lower-case/);
    expect(slugProblem('a'.repeat(101))).toMatch(/100/);
  });

  it('suggests one from a file name', () => {
    expect(slugFromFileName('Pet Store (v2).yaml')).toBe('pet-store-v2');
    expect(slugFromFileName('Café_API.JSON')).toBe('cafe-api');
    expect(slugFromFileName('openapi.yml')).toBe('openapi');
    expect(slugProblem(slugFromFileName(`${'x'.repeat(99)}--y.json`))).toBeUndefined();
  });
});

describe('sources', () => {
  it('takes an absolute http or https URL', () => {
    expect(sourceOf(values({ url: ' https://example.com/openapi.yaml ' }))).toEqual({
      ok: true,
      source: { url: 'https://example.com/openapi.yaml' },
    });
    expect(sourceOf(values({ url: '' }))).toMatchObject({ ok: false, field: 'url' });
    expect(sourceOf(values({ url: 'example.com/x' }))).toMatchObject({ ok: false, field: 'url' });
    expect(sourceOf(values({ url: 'ftp://example.com/x' }))).toMatchObject({ ok: false, field: 'url' });
    expect(sourceOf(values({ url: `https://e.com/${'a'.repeat(2048)}` }))).toMatchObject({
      ok: false,
      field: 'url',
    });
  });

  it('takes the text of a file or a paste, refusing none, blank and over 16 MB', () => {
    expect(sourceOf(values({ kind: 'text', text: 'openapi: 3.1.0' }))).toEqual({
      ok: true,
      source: { text: 'openapi: 3.1.0' },
    });
    expect(sourceOf(values({ kind: 'text', text: '  \n' }))).toMatchObject({ ok: false, field: 'text' });
    expect(sourceOf(values({ kind: 'file' }))).toMatchObject({ ok: false, field: 'file' });
    expect(sourceOf(values({ kind: 'file', fileText: '' }))).toMatchObject({
      ok: false,
      field: 'file',
      message: 'This file is empty.',
    });
    expect(sourceOf(values({ kind: 'file', fileText: '{}' }))).toEqual({ ok: true, source: { text: '{}' } });
    const large = sourceOf(values({ kind: 'text', text: 'x'.repeat(MAX_SOURCE_BYTES + 1) }));
    expect(large).toMatchObject({ ok: false, field: 'text' });
    expect(!large.ok && large.message).toMatch(/16 MB/);
  });

  it('refuses a file over 16 MB by its size, before reading it', () => {
    expect(fileSizeProblem(MAX_SOURCE_BYTES)).toBeUndefined();
    expect(fileSizeProblem(17 * 1024 * 1024)).toBe(
      'This file is 17.0 MB: a spec can be at most 16.0 MB (16 MB).',
    );
  });

  it('counts UTF-8 bytes', () => {
    expect(utf8Length('aé€😀')).toBe(1 + 2 + 3 + 4);
  });
});

describe('server refusals', () => {
  it('go to the field they name', () => {
    expect(
      fieldOfRefusal(409, 'body field `slug`: an OpenAPI specification `x` already exists', 'text'),
    ).toBe('slug');
    expect(fieldOfRefusal(400, 'body field `source.url`: `127.0.0.1` is a private address', 'url')).toBe(
      'url',
    );
    expect(fieldOfRefusal(400, 'body field `source`: must be …', 'file')).toBe('file');
    expect(fieldOfRefusal(413, 'The request body is too large', 'text')).toBeUndefined();
  });
});

describe('states', () => {
  const spec = (fields: Partial<OpenAPISpec>): OpenAPISpec => ({
    object: 'openapi-spec',
    id: 's',
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    slug: 's',
    processingState: 'complete',
    permissions: { view: true, edit: true },
    urls: { location: '', app: '' },
    ...fields,
  });

  it('reads pending, processing, ready and failed (with code and message)', () => {
    expect(specState(spec({ processingState: 'pending' }))).toEqual({ kind: 'pending', label: 'Pending' });
    expect(specState(spec({ processingState: 'progress' }))).toEqual({
      kind: 'progress',
      label: 'Processing…',
    });
    expect(specState(spec({}))).toEqual({ kind: 'ready', label: 'Ready' });
    expect(
      specState(
        spec({
          lastProcessErrorCode: 'PARSE_ERROR',
          lastProcessedErrors: [{ message: 'the document is not an object', code: 'PARSE_ERROR' }],
        }),
      ),
    ).toEqual({
      kind: 'failed',
      label: 'Failed',
      code: 'PARSE_ERROR',
      message: 'the document is not an object',
    });
  });

  it('says whether some spec is still processed', () => {
    expect(someProcessing(undefined)).toBe(false);
    expect(someProcessing([spec({})])).toBe(false);
    expect(someProcessing([spec({}), spec({ processingState: 'progress' })])).toBe(true);
  });
});
