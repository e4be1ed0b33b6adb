/**
 * Whether the page's comments pane folds into its toggle: when, open beside the diff, it would leave the diff
 * narrower than a readable width. Folded, the toggle opens the comments over the diff instead of beside it.
 */
import { useCallback, useState } from 'react';

/** The narrowest the diff's column may get beside the comments (CSS px). */
export const READABLE_DIFF_WIDTH = 480;

/** The comments pane's width when open beside the diff (see comments.css, `.page-comments`). */
const COMMENTS_WIDTH = 320;

/**
 * Watches the panes' container (give `bodyRef` to it): `folded` is true when the comments must fold to keep the
 * diff readable. The ref starts the observer itself: holding the element in state would render the whole tab again
 * as soon as it mounts, inside the task that draws it.
 */
export function useCommentsFold(): { folded: boolean; bodyRef: (element: HTMLElement | null) => () => void } {
  const [folded, setFolded] = useState(false);
  const bodyRef = useCallback((body: HTMLElement | null) => {
    if (body === null) return () => undefined;
    // Measured when the observer reports (its first report comes once the panes are laid out): reading sizes while
    // the tab is being built would force a layout of the whole screen, the changed-pages tree included.
    const measure = () => {
      const tree = body.querySelector<HTMLElement>('.review-tree-pane');
      setFolded(body.clientWidth - (tree?.offsetWidth ?? 0) - COMMENTS_WIDTH < READABLE_DIFF_WIDTH);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(body);
    return () => observer.disconnect();
  }, []);
  return { folded, bodyRef };
}
