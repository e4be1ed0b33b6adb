/**
 * A markdown text box with Write and Preview tabs, shared by the new-comment composer, replies and the inline
 * editor. Ctrl+Enter (Cmd+Enter) sends from anywhere inside it, Escape cancels when the caller allows it; an empty
 * body cannot be sent and a hint says why; a failure's message stays under the text, which is never cleared here.
 */
import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { Button } from '../../../ui/Button.tsx';
import { cx } from '../../../ui/cx.ts';
import { Markdown } from '../../../ui/Markdown.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui/Tabs.tsx';
import { canSend, isSendShortcut } from './logic.ts';

/** Props of `MarkdownComposer`. */
export interface MarkdownComposerProps {
  /** The text box's label (read by screen readers; shown when `showLabel`). */
  label: string;
  showLabel?: boolean;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  /** Escape and the Cancel button; absent for the always-open composer. */
  onCancel?: () => void;
  submitLabel: string;
  pending?: boolean;
  /** The server's message after a failed send. */
  error?: string | undefined;
  placeholder?: string;
  autoFocus?: boolean;
  compact?: boolean;
  textareaRef?: Ref<HTMLTextAreaElement>;
  'data-testid'?: string;
}

/** The composer. */
export function MarkdownComposer({
  label,
  showLabel = false,
  value,
  onChange,
  onSubmit,
  onCancel,
  submitLabel,
  pending = false,
  error,
  placeholder,
  autoFocus = false,
  compact = false,
  textareaRef,
  ...rest
}: MarkdownComposerProps) {
  const id = useId();
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const sendable = canSend(value);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const submit = () => {
    if (sendable && !pending) onSubmit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (isSendShortcut(event)) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape' && onCancel !== undefined) {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };

  return (
    <div
      className={cx('comment-composer', compact && 'is-compact')}
      onKeyDown={onKeyDown}
      data-testid={rest['data-testid']}
    >
      <label htmlFor={`${id}-text`} className={showLabel ? 'comment-composer-label' : 'visually-hidden'}>
        {label}
      </label>
      <Tabs value={tab} onValueChange={(next) => setTab(next === 'preview' ? 'preview' : 'write')}>
        <TabsList aria-label={`${label}: write or preview`} className="comment-composer-tabs">
          <TabsTrigger value="write" data-testid="composer-write-tab">
            Write
          </TabsTrigger>
          <TabsTrigger value="preview" data-testid="composer-preview-tab">
            Preview
          </TabsTrigger>
        </TabsList>
        <TabsContent value="write" className="comment-composer-panel">
          <textarea
            id={`${id}-text`}
            ref={textareaRef}
            className="comment-composer-text"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            placeholder={placeholder}
            rows={compact ? 3 : 4}
            autoFocus={autoFocus}
            aria-invalid={error !== undefined || undefined}
            aria-describedby={cx(hintId, error !== undefined && errorId)}
            data-testid="composer-text"
          />
        </TabsContent>
        <TabsContent value="preview" className="comment-composer-panel">
          <div className="comment-composer-preview" data-testid="composer-preview">
            {sendable ? (
              <Markdown source={value} className="comment-body" />
            ) : (
              <p className="muted">Nothing to preview yet.</p>
            )}
          </div>
        </TabsContent>
      </Tabs>
      {error !== undefined && (
        <p id={errorId} className="field-error" role="alert" data-testid="composer-error">
          {error}
        </p>
      )}
      <div className="comment-composer-footer">
        <p id={hintId} className="comment-composer-hint" data-testid="composer-hint">
          {sendable ? 'Markdown supported · Ctrl+Enter to send' : 'Write something to send it'}
        </p>
        <div className="comment-composer-actions">
          {onCancel !== undefined && (
            <Button size="sm" variant="ghost" onClick={onCancel} data-testid="composer-cancel">
              Cancel
            </Button>
          )}
          <Button
            size="sm"
            variant="primary"
            onClick={submit}
            disabled={!sendable}
            pending={pending}
            data-testid="composer-submit"
          >
            {submitLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
