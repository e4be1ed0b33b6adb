/**
 * The scroll container of a virtualized list whose rows are a component of their own, inside the container: the rows'
 * virtualizer needs the element, but a child's layout effects run before its parent element's ref is attached, so
 * the rows would first render without it and (memoized) not again. The container's ref sets state instead, which
 * renders the rows once more with the element.
 */
import { useCallback, useState, type RefObject } from 'react';

/** A ref callback for the container that also fills `ref`, and the element it attached (null before). */
export function useScrollElement<T extends HTMLElement>(
  ref: RefObject<T | null>,
): [(element: T | null) => void, T | null] {
  const [element, setElement] = useState<T | null>(null);
  const attach = useCallback(
    (node: T | null) => {
      ref.current = node;
      setElement(node);
    },
    [ref],
  );
  return [attach, element];
}
