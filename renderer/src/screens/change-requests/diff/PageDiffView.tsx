/**
 * One changed page: its header (title, markers, line counts, "Viewed", change navigation), the structure lens (a
 * banner saying how it moved, was renamed or had its properties changed) and its body diff in the chosen lens.
 * An added page shows all its content added, a deleted page all removed; a page whose body did not change says
 * so rather than showing an empty diff.
 */
import type { ReactNode } from 'react';
import { Button } from '../../../ui/Button.tsx';
import { Skeleton } from '../../../ui/Feedback.tsx';
import { cx } from '../../../ui/cx.ts';
import { ChangeMarkers, LineCounts } from './ReviewTreeView.tsx';
import { RenderedDiffView } from './RenderedDiffView.tsx';
import { SourceDiffView } from './SourceDiffView.tsx';
import { pathLabel, type MetadataField, type PageChange } from './classify.ts';
import type { DiffLayout, DiffLens } from './prefs.ts';
import type { PageDiff } from './types.ts';

const FIELD_LABELS: Record<MetadataField, string> = {
  emoji: 'Emoji',
  icon: 'Icon',
  description: 'Description',
  hidden: 'Hidden',
};

function fieldValue(change: PageChange, side: 'base' | 'head', field: MetadataField): string {
  const value = change[side]?.page[field];
  if (value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return value;
}

/** The structure lens: one line per structural change of the page. */
export function StructureBanner({ change }: { change: PageChange }) {
  const { base, head } = change;
  const lines: ReactNode[] = [];
  if (change.kinds.includes('added') && head !== undefined) {
    lines.push(
      <li key="added">
        Added in <strong>{pathLabel(head.path)}</strong>
      </li>,
    );
  }
  if (change.kinds.includes('deleted') && base !== undefined) {
    lines.push(
      <li key="deleted">
        Deleted from <strong>{pathLabel(base.path)}</strong>
      </li>,
    );
  }
  if (change.kinds.includes('moved') && base !== undefined && head !== undefined) {
    lines.push(
      base.parentId === head.parentId ? (
        <li key="moved" data-testid="review-structure-moved">
          Moved within <strong>{pathLabel(head.path)}</strong>: position {base.index + 1} → {head.index + 1}
        </li>
      ) : (
        <li key="moved" data-testid="review-structure-moved">
          Moved from <strong>{pathLabel(base.path)}</strong> to <strong>{pathLabel(head.path)}</strong>
        </li>
      ),
    );
  }
  if (change.kinds.includes('renamed') && base !== undefined && head !== undefined) {
    if (base.title !== head.title) {
      lines.push(
        <li key="title" data-testid="review-structure-renamed">
          Renamed “<del>{base.title}</del>” → “<ins>{head.title}</ins>”
        </li>,
      );
    }
    if ((base.slug ?? '') !== (head.slug ?? '')) {
      lines.push(
        <li key="slug" data-testid="review-structure-slug">
          Slug <code>{base.slug || '(none)'}</code> → <code>{head.slug || '(none)'}</code>
        </li>,
      );
    }
  }
  for (const field of change.fields) {
    lines.push(
      <li key={field}>
        {FIELD_LABELS[field]}: {fieldValue(change, 'base', field)} → {fieldValue(change, 'head', field)}
      </li>,
    );
  }
  if (lines.length === 0) return null;
  return (
    <div
      className="review-structure"
      data-testid="review-structure"
      role="group"
      aria-label="Structure changes"
    >
      <ul>{lines}</ul>
    </div>
  );
}

/** Props of `PageDiffView`. */
export interface PageDiffViewProps {
  change: PageChange;
  title: string;
  lens: DiffLens;
  layout: DiffLayout;
  diff: PageDiff | undefined;
  diffError: ReactNode | undefined;
  viewed: boolean;
  onToggleViewed: () => void;
  /** Index of the change shown (-1: none yet), and the way to move to another. */
  currentChange: number;
  onChange: (step: 1 | -1) => void;
}

/** One changed page. */
export function PageDiffView(props: PageDiffViewProps) {
  const { change, diff, lens } = props;
  const changes = diff === undefined ? 0 : lens === 'source' ? diff.source.changes : diff.rendered.changes;
  const deleted = change.kinds.includes('deleted');

  let body: ReactNode;
  if (!change.bodyChanged) {
    body = (
      <p className="muted review-empty-body" data-testid="review-body-unchanged">
        {change.kinds.includes('added') || deleted
          ? 'This page has no content.'
          : 'The content of this page is unchanged.'}
      </p>
    );
  } else if (props.diffError !== undefined) {
    body = props.diffError;
  } else if (diff === undefined) {
    body = (
      <div
        className="review-diff-loading"
        role="status"

        aria-busy="true"
        aria-label="Computing the diff"
      >
        <Skeleton width="60%" />
        <Skeleton width="90%" />
        <Skeleton width="75%" />
      </div>
    );
  } else if (lens === 'source') {
    body = <SourceDiffView diff={diff.source} />;
  } else {
    body = <RenderedDiffView diff={diff.rendered} layout={props.layout} prepared={diff.blockHtml} />;
  }

  return (
    <article
      className="review-page-diff"
      data-testid="review-page"
      data-page-id={change.id}
      aria-labelledby="review-page-title"
    >
      <header className="review-page-header">
        <div className="review-page-heading">
          <h2 id="review-page-title" className={cx('review-page-title', deleted && 'is-deleted')}>
            {deleted ? <s>{props.title}</s> : props.title}
          </h2>
          <ChangeMarkers change={change} label />
          {diff !== undefined && <LineCounts stats={diff.stats} />}
        </div>
        <div className="review-page-actions">
          {change.bodyChanged && diff !== undefined && changes > 0 && (
            <span className="review-change-nav">
              <Button
                size="sm"
                variant="ghost"
                onClick={() => props.onChange(-1)}
                disabled={props.currentChange <= 0}
                aria-label="Previous change"
                aria-keyshortcuts="p"
                title="Previous change (p)"
                data-testid="review-prev-change"
              >
                ↑
              </Button>
              <span
                className="review-change-position"
                data-testid="review-change-position"
                aria-live="polite"
              >
                {props.currentChange < 0
                  ? `${changes} ${changes === 1 ? 'change' : 'changes'}`
                  : `Change ${props.currentChange + 1} of ${changes}`}
              </span>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => props.onChange(1)}
                disabled={props.currentChange >= changes - 1}
                aria-label="Next change"
                aria-keyshortcuts="n"
                title="Next change (n)"
                data-testid="review-next-change"
              >
                ↓
              </Button>
            </span>
          )}
          <label className="review-viewed" title="Viewed (v)">
            <input
              type="checkbox"
              checked={props.viewed}
              onChange={props.onToggleViewed}
              aria-keyshortcuts="v"
              data-testid="review-viewed"
            />
            Viewed
          </label>
        </div>
      </header>
      <StructureBanner change={change} />
      <div className="review-diff-body" data-lens={lens}>
        {body}
      </div>
    </article>
  );
}
