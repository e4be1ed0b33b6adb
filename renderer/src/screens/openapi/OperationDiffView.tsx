/**
 * The diff of two versions by operation: counts, then the added, removed and changed operations (each with its
 * method, path, operationId and summary; changed ones with the parts that changed). Long groups show their first
 * 200 operations until asked for all.
 */
import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Badge } from '../../ui/Feedback.tsx';
import type { ChangedOperation, OperationDiff, OperationPart, OperationSummary } from './operations.ts';

const PART_LABELS: Record<OperationPart, string> = {
  parameters: 'parameters',
  requestBody: 'request body',
  responses: 'responses',
  summary: 'summary',
  description: 'description',
  deprecated: 'deprecated',
  other: 'other fields',
};

const SHOWN_AT_FIRST = 200;

type Group = 'added' | 'removed' | 'changed';

const GROUP_TITLES: Record<Group, string> = { added: 'Added', removed: 'Removed', changed: 'Changed' };

/** One operation's line. */
function OperationLine({
  operation,
  group,
}: {
  operation: OperationSummary | ChangedOperation;
  group: Group;
}) {
  const before = 'before' in operation ? operation.before : undefined;
  return (
    <li
      className="openapi-operation"
      data-testid="openapi-diff-operation"
      data-key={`${operation.method.toUpperCase()} ${operation.path}`}
      data-group={group}
    >
      <span className="openapi-method">{operation.method.toUpperCase()}</span>
      <code className="openapi-path">{operation.path}</code>
      {operation.deprecated && <Badge tone="warning">deprecated</Badge>}
      {operation.operationId !== undefined && <span className="muted">{operation.operationId}</span>}
      {operation.summary !== undefined && <span className="openapi-summary">{operation.summary}</span>}
      {before !== undefined && before.path !== operation.path && (
        <span className="muted">
          was <code>{before.path}</code>
        </span>
      )}
      {'parts' in operation && (
        <span className="openapi-parts" data-testid="openapi-diff-parts">
          <span className="visually-hidden">Changed: </span>
          {operation.parts.map((part) => (
            <Badge key={part} tone="accent">
              {PART_LABELS[part]}
            </Badge>
          ))}
        </span>
      )}
    </li>
  );
}

function GroupList({
  group,
  operations,
}: {
  group: Group;
  operations: (OperationSummary | ChangedOperation)[];
}) {
  const [all, setAll] = useState(false);
  if (operations.length === 0) return null;
  const shown = all ? operations : operations.slice(0, SHOWN_AT_FIRST);
  return (
    <section className={`openapi-diff-group openapi-diff-${group}`} data-testid={`openapi-diff-${group}`}>
      <h4>
        {GROUP_TITLES[group]} ({operations.length})
      </h4>
      <ul className="openapi-operations">
        {shown.map((operation) => (
          <OperationLine key={operation.key} operation={operation} group={group} />
        ))}
      </ul>
      {shown.length < operations.length && (
        <Button size="sm" variant="ghost" onClick={() => setAll(true)}>
          Show all {operations.length}
        </Button>
      )}
    </section>
  );
}

const plural = (count: number, word: string) => `${count} ${word}`;

/** The diff's counts and grouped lists. */
export function OperationDiffView({ diff }: { diff: OperationDiff }) {
  const nothing = diff.added.length + diff.removed.length + diff.changed.length === 0;
  const describe = (kind: OperationDiff['base']) =>
    `${kind.title ?? 'Untitled'}${kind.version !== undefined ? ` ${kind.version}` : ''} (${kind.format})`;
  return (
    <div className="openapi-diff-body">
      <p className="muted" data-testid="openapi-diff-documents">
        {describe(diff.base)} → {describe(diff.head)}
        {diff.base.format !== diff.head.format &&
          '. The formats differ: operations are compared as written, so most of them show as changed.'}
      </p>
      <ul className="openapi-diff-counts" aria-label="Counts">
        <li data-testid="openapi-diff-count-added">{plural(diff.added.length, 'added')}</li>
        <li data-testid="openapi-diff-count-removed">{plural(diff.removed.length, 'removed')}</li>
        <li data-testid="openapi-diff-count-changed">{plural(diff.changed.length, 'changed')}</li>
        <li className="muted" data-testid="openapi-diff-count-unchanged">
          {plural(diff.unchanged, 'unchanged')}
        </li>
      </ul>
      {nothing ? (
        <p className="muted">No operation was added, removed or changed between these versions.</p>
      ) : (
        <>
          <GroupList group="added" operations={diff.added} />
          <GroupList group="removed" operations={diff.removed} />
          <GroupList group="changed" operations={diff.changed} />
        </>
      )}
    </div>
  );
}
