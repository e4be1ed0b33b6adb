/**
 * The options of a choice field: one input per option, in order. Enter in an option adds one after it, Backspace in
 * an empty one removes it, Alt+Up / Alt+Down move it; pasting several lines fills several options at once.
 */
import { useEffect, useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Button } from '../../ui/Button.tsx';
import { OPTION_MAX, OPTIONS_MAX } from './fieldForm.ts';

/** Props of `OptionsEditor`. */
export interface OptionsEditorProps {
  options: string[];
  onChange: (options: string[]) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** The options editor. */
export function OptionsEditor({ options, onChange, error, disabled = false }: OptionsEditorProps) {
  const id = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const [focusAt, setFocusAt] = useState<number | undefined>();

  useEffect(() => {
    if (focusAt === undefined) return;
    listRef.current?.querySelectorAll<HTMLInputElement>('input')[focusAt]?.focus();
    setFocusAt(undefined);
  }, [focusAt]);

  const set = (index: number, value: string) =>
    onChange(options.map((old, i) => (i === index ? value : old)));
  const insertAfter = (index: number, values: string[]) => {
    onChange([...options.slice(0, index + 1), ...values, ...options.slice(index + 1)].slice(0, OPTIONS_MAX));
    setFocusAt(Math.min(index + values.length, OPTIONS_MAX - 1));
  };
  const remove = (index: number) => {
    const next = options.filter((_, i) => i !== index);
    onChange(next.length === 0 ? [''] : next);
    setFocusAt(Math.max(0, index - 1));
  };
  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= options.length) return;
    const next = [...options];
    [next[index], next[target]] = [next[target]!, next[index]!];
    onChange(next);
    setFocusAt(target);
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (options.length < OPTIONS_MAX) insertAfter(index, ['']);
    } else if (event.key === 'Backspace' && event.currentTarget.value === '' && options.length > 1) {
      event.preventDefault();
      remove(index);
    } else if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      move(index, event.key === 'ArrowUp' ? -1 : 1);
    }
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    const lines = event.clipboardData
      .getData('text/plain')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '');
    if (lines.length < 2) return;
    event.preventDefault();
    const [first, ...rest] = lines;
    const current = options[index] ?? '';
    const next = [...options];
    next[index] = current === '' ? first! : current;
    const added = current === '' ? rest : lines;
    onChange([...next.slice(0, index + 1), ...added, ...next.slice(index + 1)].slice(0, OPTIONS_MAX));
    setFocusAt(Math.min(index + added.length, OPTIONS_MAX - 1));
  };

  return (
    <fieldset
      className="field cf-options"
      aria-describedby={`${id}-hint${error !== undefined ? ` ${id}-error` : ''}`}
    >
      <legend className="field-label">Options</legend>
      <ol ref={listRef} className="cf-options-list" data-testid="cf-options">
        {options.map((option, index) => (
          <li key={index} className="cf-option">
            <input
              className="input"
              value={option}
              maxLength={OPTION_MAX}
              onChange={(event) => set(index, event.target.value)}
              onKeyDown={onKeyDown(index)}
              onPaste={onPaste(index)}
              aria-label={`Option ${index + 1}`}
              aria-invalid={error !== undefined || undefined}
              disabled={disabled}
              autoComplete="off"
              data-testid="cf-option-input"
            />
            <Button
              size="sm"
              variant="ghost"
              onClick={() => remove(index)}
              disabled={disabled || (options.length === 1 && option === '')}
              aria-label={`Remove option ${index + 1}${option !== '' ? ` (${option})` : ''}`}
              data-testid="cf-option-remove"
            >
              ×
            </Button>
          </li>
        ))}
      </ol>
      <Button
        size="sm"
        onClick={() => insertAfter(options.length - 1, [''])}
        disabled={disabled || options.length >= OPTIONS_MAX}
        data-testid="cf-option-add"
      >
        Add option
      </Button>
      <p id={`${id}-hint`} className="field-hint">
        {`1 to ${OPTIONS_MAX} choices of up to ${OPTION_MAX} characters. Enter adds one; Alt+↑/↓ moves one; paste several lines to add several.`}
      </p>
      {error !== undefined && (
        <p id={`${id}-error`} className="field-error" data-testid="field-error-options">
          {error}
        </p>
      )}
    </fieldset>
  );
}
