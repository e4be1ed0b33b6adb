/** The Changes tab's lens (rendered or markdown source) and layout (side by side or inline) switches. */
import type { DiffLayout, DiffLens } from './prefs.ts';

export function LensToggles({
  lens,
  layout,
  onLens,
  onLayout,
}: {
  lens: DiffLens;
  layout: DiffLayout;
  onLens: (lens: DiffLens) => void;
  onLayout: (layout: DiffLayout) => void;
}) {
  return (
    <>
      <div className="review-segmented" role="group" aria-label="Diff lens">
        <button
          type="button"
          aria-pressed={lens === 'rendered'}
          aria-keyshortcuts="r"
          title="Rendered (r)"
          onClick={() => onLens('rendered')}
          data-testid="review-lens-rendered"
        >
          Rendered
        </button>
        <button
          type="button"
          aria-pressed={lens === 'source'}
          aria-keyshortcuts="s"
          title="Markdown source (s)"
          onClick={() => onLens('source')}
          data-testid="review-lens-source"
        >
          Source
        </button>
      </div>
      <div className="review-segmented" role="group" aria-label="Layout of the rendered diff">
        <button
          type="button"
          aria-pressed={layout === 'split'}
          aria-keyshortcuts="i"
          title="Base and request side by side (i)"
          disabled={lens !== 'rendered'}
          onClick={() => onLayout('split')}
          data-testid="review-layout-split"
        >
          Side by side
        </button>
        <button
          type="button"
          aria-pressed={layout === 'inline'}
          aria-keyshortcuts="i"
          title="One column: removed, then added (i)"
          disabled={lens !== 'rendered'}
          onClick={() => onLayout('inline')}
          data-testid="review-layout-inline"
        >
          Inline
        </button>
      </div>
    </>
  );
}
