/** The pieces every virtualized tree of rows shares (content tree, site structure): row metrics and the drop line. */
import { cx } from '../cx.ts';

/** The fixed height of a row, in pixels (the virtualizer and the drop computation rely on it). */
export const ROW_HEIGHT = 32;

/** Indentation per level, in pixels. */
export const INDENT = 18;

/**
 * The drop indicator of a tree with rows of `ROW_HEIGHT`: a line before or after the row at `index` (after the last
 * row: below it), or the row itself outlined for "inside", indented to `depth`.
 */
export function DropIndicator(props: {
  index: number;
  depth: number;
  placement: 'before' | 'after' | 'inside';
  refused: boolean;
  rowCount: number;
  targetKey: string;
  testId: string;
}) {
  const { index, placement } = props;
  return (
    <div
      aria-hidden="true"
      className={cx('drop-indicator', `drop-indicator-${placement}`, props.refused && 'is-refused')}
      data-testid={props.testId}
      data-placement={placement}
      data-refused={props.refused ? 'true' : 'false'}
      data-target-key={props.targetKey}
      style={{
        top:
          placement === 'after'
            ? (index + (index < props.rowCount ? 1 : 0)) * ROW_HEIGHT
            : index * ROW_HEIGHT,
        left: props.depth * INDENT + 8,
      }}
    />
  );
}
