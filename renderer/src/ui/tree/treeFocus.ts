/** Moving keyboard focus to a row of a virtualized tree, which may not be rendered yet. */

/**
 * Scrolls row `index` into view (`scrollToIndex`), then focuses the tree item keyed `key` inside `container`: at once
 * when it is on screen (so a key pressed next finds the focus there), else once it renders (a few frames at most).
 */
export function focusTreeRow(
  container: HTMLElement | null,
  scrollToIndex: (index: number) => void,
  index: number,
  key: string,
): void {
  scrollToIndex(index);
  let tries = 0;
  const attempt = () => {
    const element = container?.querySelector<HTMLElement>(`[role="treeitem"][data-key="${CSS.escape(key)}"]`);
    if (element) element.focus({ preventScroll: true });
    else if (tries++ < 6) requestAnimationFrame(attempt);
  };
  attempt();
}
