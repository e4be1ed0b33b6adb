import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fieldNamedIn, placeError } from './formErrors.ts';
import { FormShell } from './FormShell.tsx';

const FIELDS = ['title', 'languages'] as const;

describe('form errors', () => {
  it('finds the field a server message names, among the form’s own', () => {
    expect(fieldNamedIn('body field `title` must be at most 50 characters', FIELDS)).toBe('title');
    expect(fieldNamedIn('body field `languages[1]` is not a language', FIELDS)).toBe('languages');
    expect(fieldNamedIn('body field `hostname` is taken', FIELDS)).toBeUndefined();
    expect(fieldNamedIn('Too many requests', FIELDS)).toBeUndefined();
  });

  it('places a failure under its field, else on the form', () => {
    expect(placeError(new Error('body field `title` is required'), FIELDS)).toEqual({
      field: 'title',
      message: 'body field `title` is required',
    });
    expect(placeError(new Error('The server is not reachable'), FIELDS)).toEqual({
      field: undefined,
      message: 'The server is not reachable',
    });
    const byName = (message: string) => (message.startsWith('title') ? 'title' : undefined);
    expect(placeError(new Error('title `x` is already used'), FIELDS, byName).field).toBe('title');
  });
});

describe('FormShell', () => {
  const render = (props: Partial<Parameters<typeof FormShell>[0]>) =>
    renderToStaticMarkup(
      createElement(FormShell, {
        onSubmit: () => undefined,
        pending: false,
        submitLabel: 'Save',
        submitTestId: 'thing-save',
        errorTitle: 'The thing was not saved',
        errorTestId: 'thing-error',
        children: createElement('input', { 'aria-label': 'Name' }),
        ...props,
      }),
    );

  it('shows the fields, then Cancel and the submit button', () => {
    const html = render({ cancel: () => undefined, cancelTestId: 'thing-cancel' });
    expect(html).toMatch(/^<form class="form"/);
    expect(html.toLowerCase()).toContain('novalidate');
    expect(html.indexOf('aria-label="Name"')).toBeLessThan(html.indexOf('thing-cancel'));
    expect(html.indexOf('thing-cancel')).toBeLessThan(html.indexOf('thing-save'));
    expect(html).not.toContain('thing-error');
  });

  it('shows a failure that names no field above the buttons, and the pending state', () => {
    const html = render({ error: 'The server is not reachable', pending: true, cancel: () => undefined });
    expect(html).toContain('role="alert"');
    expect(html).toContain('The thing was not saved');
    expect(html.indexOf('thing-error')).toBeLessThan(html.indexOf('thing-save'));
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*aria-busy="true"/);
    expect(html).toMatch(/<button type="button"[^>]*disabled=""[^>]*>Cancel/);
  });
});
