/** Shown when the clipboard refuses: the text selected in a read-only field, and the shortcut to copy it. */
import { Button } from '../Button.tsx';
import { Banner } from '../Feedback.tsx';
import { copyShortcut } from './copy.ts';
import './copy.css';

/** The manual-copy fallback for `text`. */
export function CopyFallback({ text, onClose }: { text: string; onClose: () => void }) {
  return (
    <Banner
      tone="info"
      title={`The clipboard is not available: press ${copyShortcut()} to copy the selected link`}
      actions={
        <Button size="sm" onClick={onClose}>
          Done
        </Button>
      }
      data-testid="invite-copy-fallback"
    >
      <input
        className="input copy-fallback-input"
        readOnly
        value={text}
        aria-label="Invite link to copy"
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        ref={(input) => input?.select()}
      />
    </Banner>
  );
}
