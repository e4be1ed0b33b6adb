/** A value that follows another after it stopped changing for `delay` ms. */
import { useEffect, useState } from 'react';

/** Debounces `value`. */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
