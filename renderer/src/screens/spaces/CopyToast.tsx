/**
 * The toast after a duplicate, with an "Open copy" action: the kit's `toast()` carries text only, so this one
 * renders its own Radix toast with the same look.
 */
import * as RadixToast from '@radix-ui/react-toast';

/** The copy a duplicate made; `key` tells two copies of the same title apart. */
export interface CopyNotice {
  id: string;
  title: string;
  key: number;
}

/** Shows the notice until dismissed or timed out; "Open copy" opens the copy's screen. */
export function CopyToast({
  notice,
  onDismiss,
  onOpen,
}: {
  notice: CopyNotice;
  onDismiss: () => void;
  onOpen: (spaceId: string) => void;
}) {
  return (
    <RadixToast.Provider swipeDirection="right" duration={8000}>
      <RadixToast.Root
        key={notice.key}
        open
        onOpenChange={(open) => {
          if (!open) onDismiss();
        }}
        className="toast toast-success"
        data-testid="toast"
      >
        <RadixToast.Title className="toast-title">Duplicated as “{notice.title}”</RadixToast.Title>
        <RadixToast.Action asChild altText="Open the copy from the content tree">
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => onOpen(notice.id)}
            data-testid="open-copy"
          >
            Open copy
          </button>
        </RadixToast.Action>
        <RadixToast.Close className="toast-close" aria-label="Dismiss">
          ×
        </RadixToast.Close>
      </RadixToast.Root>
      <RadixToast.Viewport className="toast-viewport copy-toast-viewport" label="Duplicate ({hotkey})" />
    </RadixToast.Provider>
  );
}
