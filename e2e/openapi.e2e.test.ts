/**
 * User stories of the OpenAPI specs screen: the demo's specs listed as Ready, two versions of the demo's "acme-api"
 * compared by operation, a spec added from pasted YAML going to Ready (then given a new source, and deleted),
 * pasted text that is not OpenAPI ending Failed with PARSE_ERROR, and the server's 409 for a taken slug shown on
 * the slug field with the inputs kept.
 */
import { describe, expect, it } from 'vitest';
import { DocsAdmin } from './pages/docs-admin.ts';
import { OpenApiPage, versionLabels } from './pages/openapi.ts';
import { eventually } from './support/expect.ts';
import { useRig } from './support/rig.ts';

/** A small OpenAPI 3.0 description, as YAML. */
const PASTED_YAML = `openapi: 3.0.3
info:
  title: Pasted API
  version: 0.1.0
paths:
  /things:
    get:
      operationId: listThings
      summary: List things
      responses:
        '200':
          description: The things
`;

describe('an administrator managing the OpenAPI specs of an organization', () => {
  const session = useRig();

  const open = async () => {
    await DocsAdmin.open(session.tab.page, session.rig.running.url, OpenApiPage.route(session.rig.orgId));
    const screen = new OpenApiPage(session.tab.page);
    await screen.shown();
    return screen;
  };
  const specPath = (slug: string) => `/v1/orgs/${session.rig.orgId}/openapi/${slug}`;
  const unique = (name: string) => `${name}-${Date.now().toString(36)}`;

  it('lists the demo specs as Ready and compares two versions of acme-api by operation', async () => {
    const screen = await open();
    for (const slug of ['acme-api', 'petstore']) {
      await expect.poll(() => screen.state(slug).getAttribute('data-state'), eventually).toBe('ready');
      expect(await screen.state(slug).innerText()).toBe('Ready');
    }
    expect(await screen.row('acme-api').getByTestId('openapi-latest-version').innerText()).toMatch(/^v3 · /);

    // Keyboard: the first spec's button, ↓ to the next, Enter opens it; ↑ and Enter open acme-api.
    await screen.row('acme-api').getByTestId('openapi-row-open').focus();
    await session.tab.page.keyboard.press('ArrowDown');
    await session.tab.page.keyboard.press('Enter');
    await screen.root.locator('[data-testid="openapi-detail"][data-slug="petstore"]').waitFor();
    await session.tab.page.keyboard.press('ArrowUp');
    await session.tab.page.keyboard.press('Enter');
    await screen.root.locator('[data-testid="openapi-detail"][data-slug="acme-api"]').waitFor();

    // Versions newest first; the default comparison is the latest (v3) against the one before (v2).
    await expect.poll(() => versionLabels(screen), eventually).toEqual(['v3', 'v2', 'v1']);
    await expect
      .poll(() => screen.counts(), eventually)
      .toBe('1 added · 1 removed · 1 changed · 4 unchanged');
    expect(await screen.operations('added')).toEqual(['GET /projects/{projectId}/members']);
    expect(await screen.operations('removed')).toEqual(['GET /users/me']);
    expect(await screen.operations('changed')).toEqual(['POST /projects']);
    expect(await screen.changedParts('POST /projects')).toContain('request body');

    // v1 → v2: update and delete added, the list filtered (parameters), the user endpoint deprecated.
    await screen.compare('v1', 'v2');
    await expect
      .poll(() => screen.counts(), eventually)
      .toBe('2 added · 0 removed · 2 changed · 2 unchanged');
    expect(await screen.operations('added')).toEqual([
      'DELETE /projects/{projectId}',
      'PATCH /projects/{projectId}',
    ]);
    expect(await screen.operations('removed')).toEqual([]);
    expect(await screen.operations('changed')).toEqual(['GET /projects', 'GET /users/me']);
    expect(await screen.changedParts('GET /projects')).toContain('parameters');
    expect(await screen.changedParts('GET /users/me')).toContain('deprecated');

    // The comparison is in the URL: a reload shows it again.
    await session.tab.page.reload();
    await expect
      .poll(() => screen.counts(), eventually)
      .toBe('2 added · 0 removed · 2 changed · 2 unchanged');
  });

  it('adds a spec from pasted YAML and shows it Ready once processed', async () => {
    const screen = await open();
    const slug = unique('pasted');
    await screen.fillPasted(slug, PASTED_YAML);
    await screen.submit();
    await screen.dialog.waitFor({ state: 'detached' });

    // The list refreshes by itself until processing ends.
    await expect.poll(() => screen.state(slug).getAttribute('data-state'), eventually).toBe('ready');
    expect(await screen.state(slug).innerText()).toBe('Ready');
    await screen.root.locator(`[data-testid="openapi-detail"][data-slug="${slug}"]`).waitFor();
    expect(await screen.row(slug).innerText()).toContain('Pasted text');

    const spec = await session.rig.api.call('GET', specPath(slug));
    expect(spec.status).toBe(200);
    expect(spec.body).toMatchObject({ slug, processingState: 'complete' });
    expect(spec.body).not.toHaveProperty('lastProcessErrorCode');
    const versions = await session.rig.api.call('GET', `${specPath(slug)}/versions`);
    expect((versions.body as { items: unknown[] }).items).toHaveLength(1);
    const content = await session.rig.api.call('GET', `${specPath(slug)}/versions/latest/content`);
    expect(content.body).toMatchObject({
      filesystem: { 'openapi.yaml': { info: { title: 'Pasted API' }, paths: { '/things': {} } } },
    });

    // A new source (PUT): a second version, compared with the first by default.
    await screen.detail.getByTestId('openapi-update-source').click();
    await screen.dialog.getByTestId('openapi-source-tab-text').click();
    await screen.dialog
      .getByTestId('openapi-text')
      .fill(
        `${PASTED_YAML}    post:\n      summary: Add a thing\n      responses:\n        '201':\n          description: Added\n`,
      );
    await screen.submit();
    await screen.dialog.waitFor({ state: 'detached' });
    await expect.poll(() => versionLabels(screen), eventually).toEqual(['v2', 'v1']);
    await expect.poll(() => screen.operations('added'), eventually).toEqual(['POST /things']);
    const replaced = await session.rig.api.call('GET', `${specPath(slug)}/versions`);
    expect((replaced.body as { items: unknown[] }).items).toHaveLength(2);

    // Delete, after a confirmation naming what goes.
    await screen.detail.getByTestId('openapi-delete').click();
    const confirm = session.tab.page.getByTestId('confirm-dialog');
    expect(await confirm.innerText()).toContain('2 versions');
    await confirm.getByTestId('confirm-button').click();
    await screen.row(slug).waitFor({ state: 'detached' });
    expect((await session.rig.api.call('GET', specPath(slug))).status).toBe(404);
  });

  it('shows a pasted text that is not OpenAPI as Failed with PARSE_ERROR and its message', async () => {
    const screen = await open();
    const slug = unique('not-openapi');
    await screen.fillPasted(slug, 'name: my shopping list\nitems:\n  - milk\n  - bread\n');
    await screen.submit();
    await screen.dialog.waitFor({ state: 'detached' });

    await expect.poll(() => screen.state(slug).getAttribute('data-state'), eventually).toBe('failed');
    expect(await screen.state(slug).innerText()).toContain('PARSE_ERROR');
    const message = await screen.row(slug).getByTestId('openapi-error-message').innerText();
    expect(message).toContain('neither an OpenAPI 3.x description');
    const failure = screen.detail.getByTestId('openapi-failure');
    await failure.waitFor();
    expect(await failure.innerText()).toContain('PARSE_ERROR');

    const spec = await session.rig.api.call('GET', specPath(slug));
    expect(spec.body).toMatchObject({
      processingState: 'complete',
      lastProcessErrorCode: 'PARSE_ERROR',
      lastProcessedErrors: [{ code: 'PARSE_ERROR', message }],
    });
    expect(spec.body).not.toHaveProperty('lastVersion');
  });

  it('shows the server’s 409 for a taken slug on the slug field and keeps what was typed', async () => {
    const screen = await open();
    const before = await session.rig.api.call('GET', specPath('acme-api'));
    await screen.fillPasted('acme-api', PASTED_YAML);
    await screen.submit();

    const error = screen.fieldError('slug');
    await error.waitFor();
    expect(await error.innerText()).toContain('already exists');
    expect(await screen.dialog.getByTestId('openapi-slug').inputValue()).toBe('acme-api');
    expect(await screen.dialog.getByTestId('openapi-slug').getAttribute('aria-invalid')).toBe('true');
    expect(await screen.dialog.getByTestId('openapi-text').inputValue()).toBe(PASTED_YAML);

    const after = await session.rig.api.call('GET', specPath('acme-api'));
    expect(after.body).toEqual(before.body);
  });
});
