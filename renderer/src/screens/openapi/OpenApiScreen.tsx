/**
 * OpenAPI specs (`/p/$profileId/orgs/$orgId/openapi?spec=&base=&head=`): the list with each spec's processing
 * state (refreshed every second while one is pending or in progress), "Add spec" by URL, file or pasted text,
 * and the selected spec's versions with the diff by operation between two of them.
 *
 * Keyboard: Tab reaches the list; ↑/↓ (Home/End) move between specs; Enter opens one.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { OpenAPISpec } from '../../../../shared/contract/resources/openapi.ts';
import { errorKind } from '../../bridge/errors.ts';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { usePaletteActions, type PaletteAction } from '../../layout/paletteActions.ts';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { latestVersionQuery, specsQuery } from '../../queries/openapi.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState, Skeleton } from '../../ui/Feedback.tsx';
import { formatDate } from '../../ui/time.ts';
import '../../ui/table.css';
import '../../ui/form/form.css';
import './openapi.css';
import { SpecDetail } from './SpecDetail.tsx';
import { SpecDialog } from './SpecDialog.tsx';
import { specState } from './specForm.ts';
import { StateBadge } from './StateBadge.tsx';

/** What the screen keeps in the URL. */
export interface OpenApiSearch {
  spec?: string;
  base?: string;
  head?: string;
}

/** Props of the screen. */
export interface OpenApiScreenProps extends OpenApiSearch {
  profileId: string;
  orgId: string;
  /** Changes the URL's search (`replace`: without a new history entry). */
  onNavigate: (search: OpenApiSearch, replace: boolean) => void;
}

function LatestVersionCell({
  profileId,
  orgId,
  spec,
}: {
  profileId: string;
  orgId: string;
  spec: OpenAPISpec;
}) {
  const latest = useQuery({
    ...latestVersionQuery(profileId, orgId, spec.slug, spec.lastVersion ?? ''),
    enabled: spec.lastVersion !== undefined,
  });
  if (spec.lastVersion === undefined) return <span className="muted">None yet</span>;
  if (latest.data === undefined) return <Skeleton width="5rem" />;
  const { count, latest: version } = latest.data;
  return (
    <span data-testid="openapi-latest-version">
      v{count}
      {version?.createdAt !== undefined && (
        <span className="muted">
          {' · '}
          <time dateTime={version.createdAt}>{formatDate(version.createdAt)}</time>
        </span>
      )}
    </span>
  );
}

/** The specs' table, with a summary line above it. ↑/↓/Home/End move between the specs' buttons. */
function SpecTable({
  profileId,
  orgId,
  items,
  selected,
  select,
}: {
  profileId: string;
  orgId: string;
  items: OpenAPISpec[];
  selected: string | undefined;
  select: (slug: string) => void;
}) {
  const listRef = useRef<HTMLTableSectionElement>(null);
  /** ↑/↓/Home/End move the focus between the specs' buttons. */
  const onListKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('[data-row-button]') ?? [])];
    if (buttons.length === 0) return;
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? buttons.length - 1
          : Math.min(buttons.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)));
    event.preventDefault();
    buttons[next]?.focus();
  };

  const processing = items.filter((item) => item.processingState !== 'complete').length;
  const failed = items.filter((item) => specState(item).kind === 'failed').length;
  return (
    <>
      <p className="muted" aria-live="polite" data-testid="openapi-summary">
        {`${items.length} ${items.length === 1 ? 'spec' : 'specs'}`}
        {processing > 0 && ` · ${processing} processing`}
        {failed > 0 && ` · ${failed} failed`}
      </p>
      <table className="data-table openapi-table" data-testid="openapi-table" aria-labelledby="openapi-title">
        <thead>
          <tr>
            <th scope="col">Spec</th>
            <th scope="col">Source</th>
            <th scope="col">State</th>
            <th scope="col">Last processed</th>
            <th scope="col">Latest version</th>
          </tr>
        </thead>
        <tbody ref={listRef} onKeyDown={onListKeyDown}>
          {items.map((item) => {
            const state = specState(item);
            const isSelected = item.slug === selected;
            return (
              <tr
                key={item.id}
                className={isSelected ? 'openapi-row is-selected' : 'openapi-row'}
                data-testid="openapi-row"
                data-slug={item.slug}
                data-state={state.kind}
                onClick={(event) => {
                  if ((event.target as HTMLElement).closest('button, a') === null) select(item.slug);
                }}
              >
                <td>
                  <button
                    type="button"
                    className="openapi-row-button"
                    data-row-button
                    aria-current={isSelected || undefined}
                    onClick={() => select(item.slug)}
                    data-testid="openapi-row-open"
                  >
                    {item.slug}
                  </button>
                </td>
                <td className="openapi-source-cell">
                  {item.sourceURL !== undefined ? (
                    <code title={item.sourceURL}>{item.sourceURL}</code>
                  ) : (
                    <span className="muted">Pasted text</span>
                  )}
                </td>
                <td>
                  <StateBadge spec={item} />
                  {state.kind === 'failed' && state.message !== undefined && (
                    <p className="openapi-error-message" data-testid="openapi-error-message">
                      {state.message}
                    </p>
                  )}
                </td>
                <td>
                  {item.lastProcessedAt !== undefined ? (
                    <time dateTime={item.lastProcessedAt}>{formatDate(item.lastProcessedAt)}</time>
                  ) : (
                    <span className="muted">Not yet</span>
                  )}
                </td>
                <td>
                  <LatestVersionCell profileId={profileId} orgId={orgId} spec={item} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

/** The screen. */
export function OpenApiScreen({
  profileId,
  orgId,
  spec: selected,
  base,
  head,
  onNavigate,
}: OpenApiScreenProps) {
  const { profile } = useActiveProfile();
  const specs = useQuery(specsQuery(profileId, orgId));
  const [dialog, setDialog] = useState<{ updating?: OpenAPISpec } | undefined>();
  useDocumentTitle('OpenAPI specs');

  const paletteActions = useMemo<PaletteAction[]>(
    () => [
      {
        id: 'openapi:add-spec',
        label: 'Add OpenAPI spec',
        keywords: ['openapi', 'swagger', 'spec', 'create', 'upload'],
        // The palette closes as the action runs: open the dialog once it has let go of the focus.
        run: () => setTimeout(() => setDialog({}), 0),
      },
    ],
    [],
  );
  usePaletteActions('openapi', paletteActions);

  const items = specs.data ?? [];
  const current = items.find((item) => item.slug === selected);
  const select = (slug: string) => onNavigate({ spec: slug }, false);

  const canCreate = items.length === 0 || items.some((item) => item.permissions.edit);

  let body;
  if (specs.isError) {
    body =
      errorKind(specs.error) === 'forbidden' ? (
        <EmptyState title="Guests do not see the OpenAPI specs of the organization">
          Ask an admin for a role in the organization.
        </EmptyState>
      ) : (
        <ErrorState
          error={specs.error}
          what="the OpenAPI specs"
          profileName={profileLabel(profile, profileId)}
          onRetry={() => void specs.refetch()}
        />
      );
  } else if (specs.isPending) {
    body = (
      <div
        className="table-skeleton"
        role="status"

        aria-busy="true"
        aria-label="Loading OpenAPI specs"
      >
        <Skeleton width="100%" height="1.75rem" />
        <Skeleton width="100%" height="1.75rem" />
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState title="No OpenAPI specs yet">
        Add one with “Add spec”: from a URL, a file, or pasted text (OpenAPI 3.x or Swagger 2.0).
      </EmptyState>
    );
  } else {
    body = (
      <SpecTable profileId={profileId} orgId={orgId} items={items} selected={selected} select={select} />
    );
  }

  return (
    <section className="screen openapi-screen" data-testid="openapi-screen" aria-labelledby="openapi-title">
      <header className="screen-header openapi-header">
        <div>
          <h1 id="openapi-title">OpenAPI specs</h1>
          <p className="muted">
            API descriptions the organization’s documentation shows. Each new content of a spec becomes a
            version; compare two versions operation by operation.
          </p>
        </div>
        {canCreate && (
          <Button variant="primary" onClick={() => setDialog({})} data-testid="openapi-add">
            Add spec
          </Button>
        )}
      </header>
      {body}
      {specs.data !== undefined && selected !== undefined && current === undefined && (
        <p className="muted" role="status">
          No spec “{selected}” in this organization.
        </p>
      )}
      {current !== undefined && (
        <SpecDetail
          key={current.slug}
          profileId={profileId}
          orgId={orgId}
          spec={current}
          base={base}
          head={head}
          onCompare={(nextBase, nextHead) =>
            onNavigate({ spec: current.slug, base: nextBase, head: nextHead }, true)
          }
          onUpdateSource={() => setDialog({ updating: current })}
          onDeleted={() => onNavigate({}, false)}
        />
      )}
      {dialog !== undefined && (
        <SpecDialog
          profileId={profileId}
          orgId={orgId}
          {...(dialog.updating !== undefined ? { spec: dialog.updating } : {})}
          onClose={() => setDialog(undefined)}
          onDone={(slug) => {
            if (slug !== selected) select(slug);
          }}
        />
      )}
    </section>
  );
}
