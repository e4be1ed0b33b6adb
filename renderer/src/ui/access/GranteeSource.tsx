/**
 * The side list of the Access tab: the organization's teams and members, filtered by a search, each draggable onto
 * the list of who has access (with the mouse, or by keyboard: Space to pick up, arrows to move, Space to drop).
 */
import { useDraggable } from '@dnd-kit/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useMemo, useRef, useState } from 'react';
import { Badge } from '../Feedback.tsx';
import type { Candidate } from './candidates.ts';

/** What a drag from the side list carries. */
export interface GranteeDragData {
  kind: 'access-grantee';
  grantee: Candidate;
}

/** Whether drag data is a grantee's. */
export function isGranteeDragData(data: unknown): data is GranteeDragData {
  return typeof data === 'object' && data !== null && (data as { kind?: unknown }).kind === 'access-grantee';
}

function SourceItem({ candidate, start }: { candidate: Candidate; start: number }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `grantee:${candidate.type}:${candidate.id}`,
    data: { kind: 'access-grantee', grantee: candidate } satisfies GranteeDragData,
  });
  return (
    <div
      ref={setNodeRef}
      className="access-source-item"
      style={{ transform: `translateY(${start}px)`, opacity: isDragging ? 0.5 : undefined }}
      data-testid="access-source-item"
      data-name={candidate.name}
      data-type={candidate.type}
      {...attributes}
      {...listeners}
      aria-roledescription="draggable"
    >
      {candidate.type === 'team' && <Badge>Team</Badge>}{' '}
      <span className="access-source-name">{candidate.name}</span>
    </div>
  );
}

/** The side list; `candidates` are those not given a role here yet. */
export function GranteeSource({ candidates }: { candidates: readonly Candidate[] }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const scroll = useRef<HTMLDivElement>(null);
  const shown = useMemo(() => {
    const text = query.trim().toLowerCase();
    return text === ''
      ? candidates
      : candidates.filter(
          (c) => c.name.toLowerCase().includes(text) || c.detail.toLowerCase().includes(text),
        );
  }, [candidates, query]);
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroll.current,
    estimateSize: () => 34,
    overscan: 10,
  });

  return (
    <aside className="access-source" aria-label="Members and teams to drag" data-testid="access-source">
      <label className="field-label" htmlFor={`${id}-filter`}>
        Members and teams
      </label>
      <input
        id={`${id}-filter`}
        className="input"
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Filter"
        data-testid="access-source-filter"
      />
      <div ref={scroll} className="access-source-scroll">
        {shown.length === 0 ? (
          <p className="muted">Nobody left to add.</p>
        ) : (
          <div className="access-source-list" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((virtual) => {
              const candidate = shown[virtual.index]!;
              return (
                <SourceItem
                  key={`${candidate.type}:${candidate.id}`}
                  candidate={candidate}
                  start={virtual.start}
                />
              );
            })}
          </div>
        )}
      </div>
    </aside>
  );
}
