/**
 * The conflicts of a request, per page: the kind and the server's words, then the main content and the request side
 * by side (lines that differ marked, in words too for screen readers), the common ancestor folded away below.
 */
import { useMemo, type ReactNode } from 'react';
import type { Static } from '@sinclair/typebox';
import type { ChangeRequestConflict } from '../../../../shared/contract/resources/changeRequests.ts';
import { Badge } from '../../ui/Feedback.tsx';
import { changedRows, sideBySide, type SideCell } from './conflictDiff.ts';

type Conflict = Static<typeof ChangeRequestConflict>;

const KIND_LABELS: Record<Conflict['kind'], string> = {
  content: 'Same lines edited',
  'edited-deleted': 'Edited on one side, deleted on the other',
  metadata: 'Same setting changed',
  structure: 'Moved to different places',
};

function Cell({ cell, side }: { cell: SideCell | undefined; side: 'main' | 'request' }) {
  if (cell === undefined) return <td className="cr-conflict-cell cr-conflict-empty" />;
  return (
    <td
      className={cell.changed ? `cr-conflict-cell cr-conflict-${side}` : 'cr-conflict-cell'}
      data-side={cell.changed ? side : undefined}
    >
      {cell.changed && (
        <span className="visually-hidden">
          {side === 'main' ? 'Only in the main content: ' : 'Only in this change request: '}
        </span>
      )}
      {cell.text === '' ? '\u00a0' : cell.text}
    </td>
  );
}

/** One conflicting page: what conflicts, both sides, and the common ancestor; `children` below (the resolver's choice). */
export function ConflictPage({
  conflict,
  index,
  children,
}: {
  conflict: Conflict;
  index: number;
  children?: ReactNode;
}) {
  const rows = useMemo(
    () =>
      conflict.main !== undefined && conflict.changeRequest !== undefined
        ? sideBySide(conflict.main, conflict.changeRequest)
        : undefined,
    [conflict.main, conflict.changeRequest],
  );
  const headingId = `cr-conflict-${index}`;
  return (
    <article
      className="cr-conflict"
      aria-labelledby={headingId}
      data-testid="cr-conflict"
      data-page={conflict.page.title}
    >
      <header className="cr-conflict-header">
        <h3 id={headingId}>{conflict.page.title === '' ? 'Untitled page' : conflict.page.title}</h3>
        <Badge tone="warning" data-testid="cr-conflict-kind">
          {KIND_LABELS[conflict.kind]}
        </Badge>
        <span className="muted cr-conflict-path">{conflict.page.path}</span>
      </header>
      <p data-testid="cr-conflict-message">{conflict.message}</p>
      {rows !== undefined ? (
        <div className="cr-conflict-scroll">
          <table className="cr-conflict-table" data-testid="cr-conflict-sides">
            <caption className="visually-hidden">
              {`${conflict.page.title}: the main content beside this change request, ${changedRows(rows)} differing lines`}
            </caption>
            <thead>
              <tr>
                <th scope="col">Main content</th>
                <th scope="col">This change request</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, at) => (
                <tr key={at}>
                  <Cell cell={row.main} side="main" />
                  <Cell cell={row.request} side="request" />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div className="cr-conflict-columns">
          <section aria-label="Main content" data-testid="cr-conflict-main">
            <h4>Main content</h4>
            {conflict.main !== undefined ? (
              <pre className="cr-conflict-source">{conflict.main}</pre>
            ) : (
              <p className="muted">Deleted in the main content.</p>
            )}
          </section>
          <section aria-label="This change request" data-testid="cr-conflict-request">
            <h4>This change request</h4>
            {conflict.changeRequest !== undefined ? (
              <pre className="cr-conflict-source">{conflict.changeRequest}</pre>
            ) : (
              <p className="muted">Deleted in this change request.</p>
            )}
          </section>
        </div>
      )}
      {conflict.base !== undefined && (
        <details className="cr-conflict-base">
          <summary>Common ancestor (before either change)</summary>
          <pre className="cr-conflict-source" data-testid="cr-conflict-base">
            {conflict.base}
          </pre>
        </details>
      )}
      {children}
    </article>
  );
}

/** Every conflict of the request. */
export function ConflictView({ conflicts }: { conflicts: Conflict[] }) {
  return (
    <section className="cr-conflicts" aria-labelledby="cr-conflicts-title" data-testid="cr-conflicts">
      <h2 id="cr-conflicts-title">
        {conflicts.length} conflicting page{conflicts.length === 1 ? '' : 's'}
      </h2>
      <p className="muted">
        Both the main content and this request changed these pages in ways that cannot be combined. Edit the
        request so it agrees with the main content, then update it from main.
      </p>
      {conflicts.map((conflict, index) => (
        <ConflictPage key={`${conflict.page.id}-${conflict.kind}`} conflict={conflict} index={index} />
      ))}
    </section>
  );
}
