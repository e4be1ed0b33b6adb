/** Arrow-key movement in a grid laid out row by row. */

/** The index a key moves to from `index`, or undefined when the key does not move (or would leave the grid). */
export function gridMove(index: number, key: string, count: number, columns: number): number | undefined {
  let next: number;
  switch (key) {
    case 'ArrowRight':
      next = index + 1;
      break;
    case 'ArrowLeft':
      next = index - 1;
      break;
    case 'ArrowDown':
      next = index + columns;
      break;
    case 'ArrowUp':
      next = index - columns;
      break;
    case 'Home':
      next = index - (index % columns);
      break;
    case 'End':
      next = Math.min(count - 1, index - (index % columns) + columns - 1);
      break;
    default:
      return undefined;
  }
  return next >= 0 && next < count ? next : undefined;
}
