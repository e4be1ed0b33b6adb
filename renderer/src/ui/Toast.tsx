/** Toasts on Radix: `toast()` from anywhere, one `<Toaster />` in the app renders them. */
import * as RadixToast from '@radix-ui/react-toast';
import { useSyncExternalStore } from 'react';
import { cx } from './cx.ts';

/** What a toast says. */
export interface ToastInput {
  title: string;
  description?: string;
  tone?: 'info' | 'success' | 'error';
  /** A button in the toast (for example "Open copy"); `altText` says how to do the same without the toast. */
  action?: { label: string; altText: string; onClick(): void; testId?: string };
  /** How long it stays, in milliseconds (default: 5 s, errors 9 s); hovering or focusing it pauses the count. */
  duration?: number;
}

interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]): void {
  items = next;
  for (const listener of listeners) listener();
}

/** How long a toast offering Undo stays: long enough to read it and reach the button. */
export const UNDO_TOAST_MS = 10_000;

/** Says what a change did and offers to reverse it; `undo` runs once, when the button is pressed. */
export function toastUndoable(input: { title: string; description?: string; undo: () => void }): void {
  toast({
    tone: 'success',
    title: input.title,
    ...(input.description !== undefined ? { description: input.description } : {}),
    duration: UNDO_TOAST_MS,
    action: {
      label: 'Undo',
      altText: 'Make the same change again by hand to reverse it',
      onClick: input.undo,
      testId: 'toast-undo',
    },
  });
}

/** Shows a toast; errors stay longer than confirmations. */
export function toast(input: ToastInput): void {
  emit([...items.slice(-4), { ...input, id: nextId++, open: true }]);
}

function close(id: number): void {
  emit(items.map((item) => (item.id === id ? { ...item, open: false } : item)));
  // Let the closing animation run before the toast leaves the list.
  setTimeout(() => emit(items.filter((item) => item.id !== id)), 300);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Renders the toasts; put it once near the root. */
export function Toaster() {
  const list = useSyncExternalStore(subscribe, () => items);
  return (
    <RadixToast.Provider swipeDirection="right" duration={5000}>
      {list.map((item) => (
        <RadixToast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) close(item.id);
          }}
          type={item.tone === 'error' ? 'foreground' : 'background'}
          duration={item.duration ?? (item.tone === 'error' ? 9000 : 5000)}
          className={cx('toast', `toast-${item.tone ?? 'info'}`)}
          data-testid="toast"
        >
          <RadixToast.Title className="toast-title">{item.title}</RadixToast.Title>
          {item.description !== undefined && (
            <RadixToast.Description className="toast-description">{item.description}</RadixToast.Description>
          )}
          {item.action !== undefined && (
            <RadixToast.Action asChild altText={item.action.altText}>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={item.action.onClick}
                data-testid={item.action.testId}
              >
                {item.action.label}
              </button>
            </RadixToast.Action>
          )}
          <RadixToast.Close className="toast-close" aria-label="Dismiss">
            ×
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="toast-viewport" label="Notifications ({hotkey})" />
    </RadixToast.Provider>
  );
}
