/**
 * Where a drag preview shows, for every virtualized list (members, content tree, site structure). Their rows are
 * placed with `transform: translateY(start)`; dnd-kit measures draggables without their transform by default, so a
 * preview started on row 400 began 400 rows above it. Measuring with the transform, and putting the preview's
 * corner just below-right of the pointer (wherever in the row the drag started), keeps it under the pointer.
 */
import { getClientRect, type MeasuringConfiguration, type Modifier } from '@dnd-kit/core';
import { getEventCoordinates } from '@dnd-kit/utilities';

/** How far the preview's top-left corner sits from the pointer, in px (clear of the cursor's arrow). */
export const PREVIEW_OFFSET = { x: 12, y: 10 } as const;

/** Measure draggables as they are on screen: with the transform that places a virtualized row. */
export const LIST_MEASURING: MeasuringConfiguration = {
  draggable: { measure: (element) => getClientRect(element) },
};

/**
 * A `DragOverlay` modifier: the preview's corner follows the pointer at `PREVIEW_OFFSET`. Keyboard drags (no
 * pointer coordinates) keep dnd-kit's placement over the row.
 */
export const previewAtPointer: Modifier = ({ activatorEvent, activeNodeRect, transform }) => {
  if (activatorEvent === null || activeNodeRect === null) return transform;
  const start = getEventCoordinates(activatorEvent);
  if (start === null) return transform;
  return {
    ...transform,
    x: transform.x + start.x - activeNodeRect.left + PREVIEW_OFFSET.x,
    y: transform.y + start.y - activeNodeRect.top + PREVIEW_OFFSET.y,
  };
};

/** The modifiers of every list's `DragOverlay`. */
export const PREVIEW_MODIFIERS: Modifier[] = [previewAtPointer];
